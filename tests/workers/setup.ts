import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { applySync, parsePack, planSync, readContentRows, resolvePack } from "../../pack";
import { installAccountStandIn } from "../support/account-standin";

// Every test file starts from the migrated schema with the tiny pack imported the way the CLI does it.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const parsed = parsePack((file) => ({ json: env.TEST_PACK[file] }));
if (!parsed.pack) throw new Error(`The test pack does not parse: ${JSON.stringify(parsed.problems)}`);
const { rows, problems } = resolvePack(parsed.pack, "tiny");
if (problems.length) throw new Error(`The test pack is invalid: ${JSON.stringify(problems)}`);
await applySync(env.DB, planSync(rows, await readContentRows(env.DB)).statements);

// Protected requests look the reader's account up at Firebase: answered in the isolate (tests/support/account-standin.ts).
installAccountStandIn();
