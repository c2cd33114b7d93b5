import type { UIMatch } from "react-router";

/**
 * The `handle` of a page about the signed-in reader's own things (the replies to them, their reports,
 * their account): signing out there goes home, as the page has nothing left to show them.
 */
export const accountPage = { accountPage: true } as const;

/** Whether the page shown (its route matches) is one of the reader's own (`handle = accountPage`). */
export function onAccountPage(matches: readonly UIMatch[]): boolean {
  // Read by its property: the object itself may be a copy in each route's code.
  return matches.some((match) => (match.handle as Partial<typeof accountPage> | undefined)?.accountPage === true);
}
