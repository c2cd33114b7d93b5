/**
 * Closes the site's own session in this browser (its cookie, `POST /auth/logout`): true once the site
 * says it is closed, false when it could not be reached or did not answer so.
 */
export async function closeSiteSession(): Promise<boolean> {
  return fetch("/auth/logout", { method: "POST", credentials: "same-origin" }).then(
    (response) => response.ok,
    () => false,
  );
}
