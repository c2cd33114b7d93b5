/**
 * Every mutation is a POST from this site's own pages: besides SameSite cookies, the Origin header
 * (or, where a browser leaves it out, Sec-Fetch-Site) must say so.
 */
export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  const site = request.headers.get("Sec-Fetch-Site");
  const expected = new URL(request.url).origin;
  const sameOrigin = origin ? origin === expected : site === null || site === "same-origin";
  if (!sameOrigin) {
    // A Response, so page actions and resource routes answer alike.
    throw Response.json({ message: "This form can only be sent from this site." }, { status: 403 });
  }
}
