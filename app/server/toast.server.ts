import { createCookie, redirect } from "react-router";
import { type FlashToast, flashToastSchema } from "~/lib/http/flash-toast";
import { cookieNames, hasCookie } from "./cookies.server";
import type { Env } from "./env.server";

function toastCookie(env: Env) {
  return createCookie(cookieNames.toast, {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    maxAge: 60,
    secrets: [env.SESSION_SECRET],
  });
}

/** A Set-Cookie header that shows the toast on the next page. */
export async function createToastHeaders(env: Env, toast: Omit<FlashToast, "id" | "variant"> & Partial<FlashToast>) {
  const value = flashToastSchema.parse({ id: crypto.randomUUID(), ...toast });
  return new Headers({ "Set-Cookie": await toastCookie(env).serialize(value) });
}

export async function redirectWithToast(env: Env, url: string, toast: Parameters<typeof createToastHeaders>[1]) {
  return redirect(url, { headers: await createToastHeaders(env, toast) });
}

/**
 * Reads and consumes the queued toast. Only a request that carried the cookie gets a Set-Cookie
 * back, so ordinary public pages stay free of cookies and cacheable.
 */
export async function readFlashToast(request: Request, env: Env) {
  if (!hasCookie(request, cookieNames.toast)) return { toast: null, headers: undefined };
  const cookie = toastCookie(env);
  const parsed = flashToastSchema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  const headers = new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) });
  return { toast: parsed.success ? parsed.data : null, headers };
}
