import { createPagesFunctionHandler } from "@react-router/cloudflare";
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the server build exists only after `npm run build`
// @ts-ignore it is JavaScript without types, and missing before the first build
import * as build from "../build/server";
import { getLoadContext } from "../load-context";
import { serveAtTheEdge } from "../app/server/edge.server";

const handleRequest = createPagesFunctionHandler({ build, getLoadContext });

export const onRequest: typeof handleRequest = (context) => serveAtTheEdge(context.request, () => handleRequest(context));
