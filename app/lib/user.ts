import { useRouteLoaderData } from "react-router";

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
 * The part of the root loader's data these hooks read. The root route owns the user, so every page
 * and component reads it from there, through these hooks (lib may not import the root module itself).
 */
interface RootUserData {
  user: SessionUser | null;
}

/** The signed-in reader, or null when signed out (also inside error boundaries without root data). */
export function useOptionalUser(): SessionUser | null {
  return useRouteLoaderData<RootUserData>("root")?.user ?? null;
}
