import type { AppLoadContext } from "react-router";
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

type Loader = (args: { request: Request; context: any; params: Record<string, string> }) => Promise<unknown>;

/** Runs a loader for a path as the Pages Function would, returning its data (or what it threw). */
export async function load<T>(loader: Loader, path: string, params: Record<string, string> = {}): Promise<T> {
  const request = new Request(`https://companion.test${path}`);
  return (await loader({ request, context: createLoadContext(request), params })) as T;
}

/** The status a loader answers a path with: 200 for data, or the status of what it threw. */
export async function status(loader: Loader, path: string, params: Record<string, string> = {}) {
  try {
    await load(loader, path, params);
    return 200;
  } catch (thrown) {
    return (thrown as { init?: ResponseInit | null }).init?.status ?? 500;
  }
}
