/// <reference types="@cloudflare/vitest-pool-workers/types" />
import type { D1Migration } from "@cloudflare/vitest-pool-workers";
import type { Bindings } from "../../app/server/env.server";

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
      TEST_PACK: Record<string, unknown>;
      /** content/demo, for checks over every page of the real pack (tests/workers/copy.test.ts). */
      DEMO_PACK: Record<string, unknown>;
      /** app/routes.ts flattened by vitest.config.ts, for the whole-site handler (tests/support/site.ts). */
      TEST_ROUTES: Array<{ id: string; parentId: string; path?: string; index?: boolean; file: string }>;
    }
  }
}
