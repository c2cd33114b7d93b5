import type { ServerBuild } from "@remix-run/cloudflare";
import { createPagesFunctionHandler } from "@remix-run/cloudflare-pages";
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the import is missing before the first build
// @ts-ignore the server build exists only after `npm run build`
import * as serverBuild from "../build/server";
import { getLoadContext } from "../load-context";

export const onRequest = createPagesFunctionHandler({
  build: serverBuild as unknown as ServerBuild,
  getLoadContext,
});
