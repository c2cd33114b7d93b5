/// <reference types="@cloudflare/vitest-pool-workers/types" />
import type { Bindings } from "../../app/server/env.server";

declare global {
  namespace Cloudflare {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Env extends Bindings {}
  }
}
