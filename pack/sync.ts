import { createHash } from "node:crypto";
import type { ColumnOf, ContentTable } from "./rows";

/** A row as D1 holds it: every column, also those SQLite fills in itself. */
export type StoredRow = Record<string, string | number | null>;
/** Rows by table, as a pack wants them (./rows.ts) or as D1 holds them. */
export type TableRows = Partial<Record<ContentTable, readonly StoredRow[]>>;

/** A content table, the columns that identify a row, those SQLite fills in, and which rows the pack owns. */
type ContentTableSpec = {
  [T in ContentTable]: { name: T; key: ColumnOf<T>[]; generated?: string[]; scope?: string };
}[ContentTable];

/** Each content table, in the order parents come before children. */
export const contentTables: ContentTableSpec[] = [
  { name: "series", key: ["id"] },
  { name: "story_units", key: ["key"] },
  { name: "arcs", key: ["number"] },
  { name: "chapters", key: ["key"] },
  { name: "ln_collections", key: ["code"] },
  { name: "ln_volumes", key: ["key"] },
  { name: "ln_volume_changes", key: ["volume_key", "sort_order"] },
  { name: "side_stories", key: ["slug"] },
  { name: "anime_seasons", key: ["number"] },
  { name: "anime_season_parts", key: ["season_number", "number"] },
  { name: "anime_episodes", key: ["key"] },
  { name: "adaptation_changes", key: ["episode_key", "sort_order"] },
  { name: "break_time_episodes", key: ["key"] },
  { name: "anime_recuts", key: ["season_number", "number"] },
  { name: "anime_recut_episodes", key: ["key"] },
  { name: "anime_specials", key: ["slug"] },
  { name: "manga_series", key: ["code"] },
  { name: "manga_volumes", key: ["series_code", "number"] },
  { name: "manga_chapters", key: ["key"] },
  { name: "characters", key: ["slug"] },
  { name: "character_affiliations", key: ["character_slug", "affiliation"] },
  { name: "character_facts", key: ["character_slug", "sort_order"] },
  { name: "character_relationships", key: ["character_slug", "related_slug", "kind"] },
  { name: "search_entries", key: ["ref"], generated: ["id"] },
  // Entries published from accepted reports are not the pack's to change.
  { name: "ln_mistakes", key: ["id"], generated: ["seq"], scope: "source = 'pack'" },
  { name: "anime_mistakes", key: ["id"], generated: ["seq"], scope: "source = 'pack'" },
  { name: "content_statistics", key: ["chart", "position"] },
  { name: "external_ids", key: ["service", "list", "external_id"] },
  { name: "story_secrets", key: ["id"] },
];

export interface Statement {
  sql: string;
  params: Array<string | number | null>;
}

export interface TableChange {
  table: string;
  added: number;
  updated: number;
  removed: number;
}

const identity = (row: StoredRow, key: readonly string[]) => JSON.stringify(key.map((column) => row[column] ?? null));

/** SQLite hands REAL values back as numbers and TEXT as strings; compare them as such. */
function same(a: StoredRow[string] | undefined, b: StoredRow[string] | undefined) {
  return (a ?? null) === (b ?? null);
}

/**
 * The statements that turn the current rows into the desired ones: inserts for new rows, updates
 * for changed columns, deletes for rows the pack no longer has. Nothing for unchanged rows, so
 * importing the same pack again changes nothing.
 */
export function planSync(desired: TableRows, current: TableRows) {
  const deletes: Statement[] = [];
  const writes: Statement[] = [];
  const changes: TableChange[] = [];

  for (const { name, key: identifying, generated = [] } of contentTables) {
    const key: readonly string[] = identifying;
    const want = new Map((desired[name] ?? []).map((row) => [identity(row, key), row]));
    const have = new Map((current[name] ?? []).map((row) => [identity(row, key), row]));
    const change: TableChange = { table: name, added: 0, updated: 0, removed: 0 };
    const where = key.map((column) => `${column} = ?`).join(" AND ");

    for (const [id, row] of have) {
      if (want.has(id)) continue;
      deletes.push({ sql: `DELETE FROM ${name} WHERE ${where}`, params: key.map((column) => row[column] ?? null) });
      change.removed++;
    }
    // New rows by the columns they fill, inserted several to a statement after the table's updates.
    const added = new Map<string, { columns: string[]; rows: StoredRow[] }>();
    for (const [id, row] of want) {
      const existing = have.get(id);
      const columns = Object.keys(row).filter((column) => !generated.includes(column));
      if (!existing) {
        const byColumns = columns.join();
        const group = added.get(byColumns) ?? { columns, rows: [] };
        group.rows.push(row);
        added.set(byColumns, group);
        change.added++;
        continue;
      }
      const changed = columns.filter((column) => !key.includes(column) && !same(row[column], existing[column]));
      if (!changed.length) continue;
      writes.push({
        sql: `UPDATE ${name} SET ${changed.map((column) => `${column} = ?`).join(", ")} WHERE ${where}`,
        params: [...changed.map((column) => row[column] ?? null), ...key.map((column) => row[column] ?? null)],
      });
      change.updated++;
    }
    for (const { columns, rows } of added.values()) writes.push(...inserts(name, columns, rows));
    if (change.added || change.updated || change.removed) changes.push(change);
  }

  // Entries published from readers' reports are not the pack's; where the import narrows their unit's
  // gate, theirs narrows with it, and it never widens (decision 58).
  if (changes.some((change) => change.table === "story_units")) writes.push(...reportedEntryGates);
  // Children go before parents when deleting, after them when writing.
  return { statements: [...deletes.reverse(), ...writes], changes };
}

/** D1's limit on the values one statement binds. */
const MAX_BOUND_VALUES = 100;

/**
 * New rows as few INSERT statements as D1's limit allows, each adding several rows: an import sends
 * one statement per table for a handful of rows instead of one per row (a local import prepares each
 * statement through wrangler's proxy, about 3 ms apiece).
 */
function inserts(table: string, columns: string[], rows: StoredRow[]): Statement[] {
  const perStatement = Math.max(1, Math.floor(MAX_BOUND_VALUES / columns.length));
  const placeholders = `(${columns.map(() => "?").join(", ")})`;
  const statements: Statement[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    statements.push({
      sql: `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${chunk.map(() => placeholders).join(", ")}`,
      params: chunk.flatMap((row) => columns.map((column) => row[column] ?? null)),
    });
  }
  return statements;
}

/**
 * Each published report's gate kept to what both its own gate and its unit's gate, as this import leaves
 * it, let through (a key in both lists): a reader it now lets through was let through when it was
 * published, so the check of its words against the story's secrets still holds, and a reader the unit's
 * gate no longer lets through (a recut that no longer holds the episode) is no longer let through. The
 * unit itself is in both; where no key is, the entry is its unit's readers' alone.
 */
const reportedEntryGates: Statement[] = (
  [
    ["ln_mistakes", "volume_key", "told_by"],
    ["anime_mistakes", "episode_key", "revealed_by"],
  ] as const
).map(([table, unit, gate]) => {
  const ofUnit = (column: string) => `(SELECT u.${column} FROM story_units u WHERE u.key = ${table}.${unit})`;
  // A space-separated list of unit keys (which hold neither spaces nor quotes) as a JSON array.
  const listOf = (revealers: string) => `('["' || replace(${revealers}, ' ', '","') || '"]')`;
  const both =
    `(SELECT group_concat(own.value, ' ') FROM json_each(${listOf(`${table}.revealed_by`)}) own ` +
    `WHERE own.value IN (SELECT value FROM json_each(${listOf(ofUnit(gate))})))`;
  const gated = `coalesce(${both}, ${table}.${unit})`;
  // Only the entries whose gate or place changes are written (each write also remakes its search entry).
  return {
    sql:
      `UPDATE ${table} SET revealed_by = ${gated}, reveal_position = ${ofUnit("position")} ` +
      `WHERE source = 'report' AND EXISTS ${ofUnit("key")} ` +
      `AND (revealed_by IS NOT ${gated} OR reveal_position IS NOT ${ofUnit("position")})`,
    params: [],
  };
});

export async function readContentRows(db: D1Database): Promise<TableRows> {
  const results = await db.batch<StoredRow>(
    contentTables.map(({ name, scope }) => db.prepare(`SELECT * FROM ${name}${scope ? ` WHERE ${scope}` : ""}`)),
  );
  return Object.fromEntries(contentTables.map(({ name }, index) => [name, results[index]?.results ?? []]));
}

/** Applies the plan in one D1 batch, which D1 runs as a single transaction: all of it or none. */
export async function applySync(db: D1Database, statements: Statement[]) {
  if (!statements.length) return;
  await db.batch(statements.map(({ sql, params }) => db.prepare(sql).bind(...params)));
}

/**
 * The content version the edge cache keys pages by (app/server/edge-cache.server.ts): a digest of
 * every row the pack wants, so importing the same pack again keeps it and any change makes a new one.
 */
export function contentVersionOf(rows: TableRows) {
  const digest = createHash("sha256");
  for (const { name } of contentTables) digest.update(JSON.stringify([name, rows[name] ?? []]));
  return digest.digest("hex").slice(0, 16);
}
