import { useRouteLoaderData } from "react-router";
import type { FlashToast } from "./flash-toast";
import type { PublicConfig } from "./public-config";

/** The signed-in reader as pages see them: what the root loader shares, never the token itself. */
export interface SessionUser {
  uid: string;
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  photoUrl: string | null;
  /** How they signed in, e.g. "password" or "google.com". */
  provider: string | null;
  /** A moderator: may open triage. */
  admin: boolean;
}

/**
 * What the root loader shares with every page. The loader's payload `satisfies` this type, so the
 * compiler holds the hooks below to what the loader really returns; pages and components read the
 * root's data only through them (lib may not import the root module itself).
 */
export interface RootData {
  config: PublicConfig;
  toast: FlashToast | null;
  user: SessionUser | null;
}

/** The signed-in reader, or null when signed out (also inside error boundaries without root data). */
export function useOptionalUser(): SessionUser | null {
  return useRouteLoaderData<RootData>("root")?.user ?? null;
}

/** What the browser may know of the server's configuration, or null inside error boundaries without root data. */
export function usePublicConfig(): PublicConfig | null {
  return useRouteLoaderData<RootData>("root")?.config ?? null;
}
