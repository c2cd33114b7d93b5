import { sql } from "kysely";

/*
 * The story's dates as the database sorts and compares them, as app/lib/content/dates.ts does in code
 * (decisions 41 and 69). A date is stored as written: a day, a month or a year sorts by its text, by the
 * earliest it can be (a year before its months, a month before its days), but a quarter's text
 * ("2027-Q2") would sort after the year's last day. So every order and every "from when" reads a date
 * through `dateOrder`, which writes a quarter as its first month ("2027-04"), and the date indexes are
 * built on that same expression (migration 0053), so a list still reads only the rows it shows.
 */

/**
 * A date column (or a select's column) by the earliest it can be: as written, a quarter as its first
 * month. Written out exactly as the date indexes are, so SQLite walks them; `column` names a column, never
 * a value.
 */
export const dateOrder = (column: string) => {
  const date = sql.ref(column);
  return sql<string>`(CASE WHEN substr(${date}, 6, 1) = 'Q' THEN substr(${date}, 1, 5) || substr('01040710', substr(${date}, 7, 1) * 2 - 1, 2) ELSE ${date} END)`;
};

/**
 * Whether a date has come by `today` (YYYY-MM-DD), as `hasCome` says: a day on it or before (released on
 * it counts as come); a month, a quarter or a year once it is over, since until then the release may still
 * be on its way. Today written at the date's precision ("2026-12", "2026-Q4", "2026") must be past it. The
 * first term walks a date index: what has come began on or before today.
 */
export const hasComeBy = (column: string, today: string) => {
  const date = sql.ref(column);
  return sql<boolean>`(${dateOrder(column)} <= ${today} AND (length(${date}) = 10 OR ${date} < CASE WHEN substr(${date}, 6, 1) = 'Q' THEN substr(${today}, 1, 5) || 'Q' || ((substr(${today}, 6, 2) + 2) / 3) ELSE substr(${today}, 1, length(${date})) END))`;
};

/**
 * Not come by `today`: after it, or a month, a quarter or a year it is in. The first term walks a date
 * index: what is coming begins in today's year at the earliest (a year sorts before what it holds).
 */
export const comingAfter = (column: string, today: string) =>
  sql<boolean>`(${dateOrder(column)} >= substr(${today}, 1, 4) AND NOT ${hasComeBy(column, today)})`;

/**
 * The earliest or the latest of a column's dates, as written, each placed by the earliest it can be
 * (`dateOrder`): the aggregate of the order padded to ten letters followed by the date, which gives the date
 * back. Null when none is dated.
 */
const extremeDate = (aggregate: "min" | "max", column: string) =>
  sql<
    string | null
  >`substr(${sql.raw(aggregate)}(substr(${dateOrder(column)} || '      ', 1, 10) || ${sql.ref(column)}), 11)`;

/** The earliest of a column's dates (a quarter by its first month), as written. */
export const firstDate = (column: string) => extremeDate("min", column);

/** The latest of a column's dates (a quarter by its first month), as written. */
export const lastDate = (column: string) => extremeDate("max", column);
