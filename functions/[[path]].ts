import { createPagesFunctionHandler } from "@react-router/cloudflare";
import type { ServerBuild } from "react-router";
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the import is missing before the first build
// @ts-ignore the server build exists only after `npm run build`
import * as serverBuild from "../build/server";
import { getLoadContext } from "../load-context";

export const onRequest = createPagesFunctionHandler({
  build: serverBuild as ServerBuild,
  getLoadContext,
});
