import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { type ContentPack, packFields } from "../../app/lib/content/pack-schema";
import { parsePackFile, resolvePack } from "../../app/lib/content/resolve-pack";
import { applySync, planSync, readContentRows } from "../../scripts/lib/content-sync";

// Every test file starts from the migrated schema with the tiny pack imported the way the CLI does it.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const pack = Object.fromEntries(
  Object.entries(packFields).map(([field, file]) => [field, parsePackFile(file, env.TEST_PACK[file]).value]),
) as unknown as ContentPack;
const { rows, problems } = resolvePack(pack, "tiny");
if (problems.length) throw new Error(`The test pack is invalid: ${JSON.stringify(problems)}`);
await applySync(env.DB, planSync(rows, await readContentRows(env.DB)).statements);
