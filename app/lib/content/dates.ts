/*
 * The dates of the story (a chapter published, a volume on sale, an episode aired) as a pack knows
 * them: a day (2016-10-12), a month (2016-10), a quarter of a year (2027-Q2: April to June) or a year
 * (2016), or not at all (null). A date is stored as written, so its form is its precision (a quarter is
 * the one with a Q), and every place that shows, sorts or compares one reads it here: nothing makes up
 * a day a source did not give.
 */

export type DatePrecision = "day" | "month" | "quarter" | "year";

/** A story date as a pack writes it: YYYY-MM-DD, YYYY-MM, YYYY-Qn or YYYY. */
export const storyDatePattern = /^(\d{4})(?:-(?:(\d{2})(?:-(\d{2}))?|Q(\d)))?$/;

/** Whether a date is a quarter of a year (2027-Q2), the one form its length does not tell from a month. */
const isQuarter = (date: string) => date.charAt(5) === "Q";

/** The first month of a quarter (1, 4, 7 or 10) of a date written YYYY-Qn. */
const firstMonthOf = (quarter: string) => Number(quarter.charAt(6)) * 3 - 2;

/** A month written with two digits. */
const twoDigits = (month: number) => String(month).padStart(2, "0");

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** How many days a month of a year has (month 1–12). */
function daysIn(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Why a text is not a story date, in a sentence an operator understands, or null when it is one:
 * "2016-13 has no month 13: a month is 01 to 12", "2015-02-29 is not a day: February 2015 has 28 days".
 */
export function storyDateProblem(value: string): string | null {
  const parts = storyDatePattern.exec(value);
  if (!parts)
    return "must be a date written YYYY-MM-DD, YYYY-MM, YYYY-Qn (a quarter) or YYYY (leave it out when it is not known)";
  const [, year, month, day, quarter] = parts;
  if (quarter !== undefined)
    return quarter >= "1" && quarter <= "4" ? null : `${value} has no quarter ${quarter}: a quarter is Q1 to Q4`;
  if (month === undefined) return null;
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12) return `${value} has no month ${month}: a month is 01 to 12`;
  if (day === undefined) return null;
  const days = daysIn(Number(year), monthNumber);
  const dayNumber = Number(day);
  if (dayNumber < 1 || dayNumber > days)
    return `${value} is not a day: ${monthNames[monthNumber - 1]} ${year} has ${days} days`;
  return null;
}

/** How precise a story date is: a day, a month, a quarter or a year. */
export function datePrecision(date: string): DatePrecision {
  if (date.length === 10) return "day";
  if (date.length === 4) return "year";
  return isQuarter(date) ? "quarter" : "month";
}

/** The first day a date can mean: 2016-10 → 2016-10-01, 2027-Q2 → 2027-04-01, 2016 → 2016-01-01. */
export function dateStart(date: string) {
  if (date.length === 10) return date;
  if (date.length === 4) return `${date}-01-01`;
  return isQuarter(date) ? `${date.slice(0, 5)}${twoDigits(firstMonthOf(date))}-01` : `${date}-01`;
}

/** The last day a date can mean: 2016-02 → 2016-02-29, 2027-Q2 → 2027-06-30, 2016 → 2016-12-31. */
export function dateEnd(date: string) {
  if (date.length === 10) return date;
  if (date.length === 4) return `${date}-12-31`;
  const year = Number(date.slice(0, 4));
  const month = isQuarter(date) ? firstMonthOf(date) + 2 : Number(date.slice(5, 7));
  return `${date.slice(0, 5)}${twoDigits(month)}-${twoDigits(daysIn(year, month))}`;
}

/**
 * A date as it sorts, by the earliest it can be: as written, with a quarter written as its first month
 * (2027-Q2 → 2027-04), so a year sorts before its quarters, months and days, and a month or a quarter
 * before the days it holds. The database sorts by the same text (app/models/story-dates.server.ts).
 */
export function dateOrder(date: string) {
  return isQuarter(date) ? `${date.slice(0, 5)}${twoDigits(firstMonthOf(date))}` : date;
}

/**
 * The date as an HTML `<time>` element can state it: a day, a month or a year as written, a quarter as
 * its year (HTML writes no quarter, and the year is true of every day the quarter holds).
 */
export function machineDate(date: string) {
  return isQuarter(date) ? date.slice(0, 4) : date;
}

/**
 * Whether `earlier` is surely before `later`: its last possible day comes before the other's first.
 * 2016-10 is before 2016-11-02, but not before 2016-10-20 or 2016: either could be the earlier.
 */
export function surelyBefore(earlier: string, later: string) {
  return dateEnd(earlier) < dateStart(later);
}

/**
 * Whether a date has come by `today` (YYYY-MM-DD): a day on that day; a month, a quarter or a year once
 * it is over (from the day after its last), since until then the release may still be on its way
 * (decisions 41 and 69; app/models/story-dates.server.ts asks the same of the database).
 */
export function hasCome(date: string, today: string) {
  return date.length === 10 ? date <= today : dateEnd(date) < today;
}
