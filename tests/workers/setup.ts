import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { installAccountStandIn } from "../support/account-standin";
import { importTestPack } from "../support/packs";

// Every test file starts from the migrated schema with the tiny pack imported the way the CLI does it.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await importTestPack("tiny");

// Protected requests look the reader's account up at Firebase: answered in the isolate (tests/support/account-standin.ts).
installAccountStandIn();
