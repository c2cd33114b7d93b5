import { refusal } from "./refusal.server";

/**
 * Every mutation is a POST from this site's own pages: besides SameSite cookies, the Origin header
 * (or, where a browser leaves it out, Sec-Fetch-Site, and a Referer where it sends one) must say so.
 * `Origin: null` (sandboxed frames, some redirects) is never this site.
 */
export function isSameOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  const expected = new URL(request.url).origin;
  if (origin) return origin === expected;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null && site !== "same-origin") return false;
  const referer = request.headers.get("Referer");
  return referer === null || originOf(referer) === expected;
}

function originOf(address: string) {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

export const crossSiteMessage = "This form can only be sent from this site.";

export function assertSameOrigin(request: Request) {
  // A Response, so page actions and resource routes answer alike.
  if (!isSameOrigin(request)) throw refusal(403, crossSiteMessage);
}
