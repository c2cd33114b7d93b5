// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the server build exists only after `npm run build`
// @ts-ignore it is JavaScript without types, and missing before the first build
import * as build from "../build/server";
import type { Bindings } from "../app/server/env.server";
import { createSiteHandler } from "../serve-site";

/*
 * The site's one request handler (serve-site.ts) over the server build, the same that `npm run dev`
 * and the whole-site tests serve through. There is no asset lookup first (a subrequest on every page):
 * public/_routes.json keeps every static file off the Function.
 */
const serve = createSiteHandler(build);

export const onRequest: PagesFunction<Bindings> = ({ request, env }) => serve(request, env, caches.default);
