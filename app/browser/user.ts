import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "~/lib/account/public-config";
import type { RootData, SessionUser } from "~/lib/account/user";

/**
 * The root's data this page last had, in the browser only (a server's isolate serves many readers).
 * When a navigation's data cannot be had (no connection), the error page shows in the same document
 * without the root's data: the header still names the site and the reader, as it did a moment before.
 */
let lastRootData: RootData | undefined;

/** Forgets the root's data, as a new document starts without it (component tests share one document). */
export function forgetRootData() {
  lastRootData = undefined;
}

function useRootData(): RootData | undefined {
  const data = useRouteLoaderData<RootData>("root");
  if (typeof document === "undefined") return data;
  if (data) lastRootData = data;
  return data ?? lastRootData;
}

/** The signed-in reader, or null when signed out (also inside error boundaries without root data). */
export function useOptionalUser(): SessionUser | null {
  return useRootData()?.user ?? null;
}

/** What the browser may know of the server's configuration, or null inside error boundaries without root data. */
export function usePublicConfig(): PublicConfig | null {
  return useRootData()?.config ?? null;
}
