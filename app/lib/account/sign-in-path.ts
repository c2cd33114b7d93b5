/**
 * The sign-in page's address, which comes back to `redirectTo` (a path within the site, its query
 * included) once the reader is signed in: the one way every link, button and redirect to sign in is made.
 */
export function signInPath(redirectTo: string) {
  return `/login?${new URLSearchParams({ redirectTo })}`;
}
