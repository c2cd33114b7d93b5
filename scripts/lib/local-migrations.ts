import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { unstable_splitSqlQuery as splitSqlQuery } from "wrangler";
import { openPlatform, type PlatformOptions } from "./local-platform";

/** wrangler's own table of applied migrations, so `wrangler d1 migrations list|apply --local` agree with us. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/**
 * Applies the D1 migrations local state does not have yet, in order, each with its record in
 * `d1_migrations` in one batch (all of it or none), as `wrangler d1 migrations apply --local` does and
 * as `applyD1Migrations` does for the workerd tests; but in one local runtime, where wrangler starts one
 * per migration (about half a second each). Production is migrated by wrangler (`--remote`, README).
 * Returns the names it applied.
 */
export async function applyLocalMigrations(options: Omit<PlatformOptions, "remote"> = {}, directory = "migrations") {
  const platform = await openPlatform(options);
  try {
    const db = platform.env.DB;
    await db.prepare(MIGRATIONS_TABLE).run();
    const { results } = await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>();
    const applied = new Set(results.map((row) => row.name));
    const pending = readdirSync(directory)
      .filter((name) => name.endsWith(".sql") && !applied.has(name))
      .sort();
    for (const name of pending) {
      const queries = splitSqlQuery(readFileSync(join(directory, name), "utf8"));
      try {
        await db.batch([
          ...queries.map((query) => db.prepare(query)),
          db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name),
        ]);
      } catch (error) {
        throw new Error(`Migration ${name} failed, and nothing of it was applied: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
    return pending;
  } finally {
    await platform.dispose();
  }
}
