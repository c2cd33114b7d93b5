import type { ServerBuild } from "react-router";
import { refusal } from "./refusal.server";

type Handler = (...args: never[]) => unknown;

/** A thrown `data(value, init)` (an error page: D1's or the token keys' 503, a moderator-only 403) whose value says why. */
function thrownErrorPage(error: unknown) {
  if (typeof error !== "object" || error === null || !("init" in error) || !("data" in error)) return null;
  const { init, data } = error as { init?: ResponseInit | null; data?: { message?: unknown } | null };
  const status = init?.status ?? 500;
  return status >= 400 && typeof data?.message === "string" ? { status, message: data.message, init } : null;
}

function answeringErrorBody<H extends Handler>(handler: H): H {
  return (async (...args: Parameters<H>) => {
    try {
      return await handler(...args);
    } catch (error) {
      const page = thrownErrorPage(error);
      if (!page) throw error;
      return refusal(page.status, page.message, Object.fromEntries(new Headers(page.init?.headers)));
    }
  }) as H;
}

/**
 * The build as the site serves it, for resource routes (a module with no page): what their loaders
 * and actions throw for an error page (the guards in app/models and app/server throw `errorPage`, made
 * for pages) leaves in the one error body (`refusal`), the same as what the routes answer themselves,
 * instead of the bare value React Router would send.
 */
export function answerResourceErrors(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route || route.module.default) return [id, route];
      const { loader, action } = route.module;
      const module = {
        ...route.module,
        ...(loader ? { loader: answeringErrorBody(loader) } : {}),
        ...(action ? { action: answeringErrorBody(action) } : {}),
      };
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}
