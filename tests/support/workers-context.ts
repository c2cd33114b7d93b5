import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { getLoadContext } from "../../load-context";
import type { Bindings } from "../../app/server/env.server";

/** The same load context the Pages Function builds, over the test's local D1 and KV. */
export function createLoadContext(request: Request, overrides: Partial<Bindings> = {}): AppLoadContext & { settle(): Promise<void> } {
  const ctx = createExecutionContext();
  const context = getLoadContext({
    request,
    context: {
      cloudflare: {
        env: { ...(env as unknown as Bindings), ...overrides },
        ctx,
        cf: {} as never,
        caches: caches as never,
      },
    },
  });
  return { ...context, settle: () => waitOnExecutionContext(ctx) };
}
