import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { installAccountStandIn } from "../support/account-standin";
import { importTestPack } from "../support/packs";

// Every test file starts from the migrated schema, empty, with the tiny pack imported the way the CLI
// does it. Test files share one runtime (isolate: false in vitest.config.ts), and with it one database
// and one KV namespace: what an earlier file wrote is cleared first.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await emptyDatabase();
await emptyKv();
await importTestPack("tiny");

async function emptyDatabase() {
  const { results } = await env.DB.prepare(
    `SELECT name FROM sqlite_master AS t WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
       AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name != 'd1_migrations' AND sql NOT LIKE 'CREATE VIRTUAL%'
       AND NOT EXISTS (SELECT 1 FROM sqlite_master AS v WHERE v.sql LIKE 'CREATE VIRTUAL%' AND t.name LIKE v.name || '\\_%' ESCAPE '\\')
     ORDER BY rowid DESC`,
  ).all<{ name: string }>();
  // Later tables first: they are the ones that point at earlier ones. Full-text indexes follow their
  // tables through triggers, so only plain tables are emptied.
  await env.DB.batch(results.map(({ name }) => env.DB.prepare(`DELETE FROM "${name}"`)));
}

async function emptyKv() {
  for (let cursor: string | undefined; ;) {
    const page: KVNamespaceListResult<unknown> = await env.REDIRECTS.list(cursor ? { cursor } : {});
    await Promise.all(page.keys.map(({ name }) => env.REDIRECTS.delete(name)));
    if (page.list_complete) return;
    cursor = page.cursor;
  }
}

// Protected requests look the reader's account up at Firebase: answered in the isolate (tests/support/account-standin.ts).
installAccountStandIn();
