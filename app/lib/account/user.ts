import type { FlashToast } from "../http/flash-toast";
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
 * compiler holds the hooks (app/browser/user.ts) to what the loader really returns; pages and components
 * read the root's data only through them (nothing may import the root module itself).
 */
export interface RootData {
  config: PublicConfig;
  toast: FlashToast | null;
  user: SessionUser | null;
}
