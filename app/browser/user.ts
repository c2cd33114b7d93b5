import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "~/lib/account/public-config";
import type { RootData, SessionUser } from "~/lib/account/user";

/** The signed-in reader, or null when signed out (also inside error boundaries without root data). */
export function useOptionalUser(): SessionUser | null {
  return useRouteLoaderData<RootData>("root")?.user ?? null;
}

/** What the browser may know of the server's configuration, or null inside error boundaries without root data. */
export function usePublicConfig(): PublicConfig | null {
  return useRouteLoaderData<RootData>("root")?.config ?? null;
}
