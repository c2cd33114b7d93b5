/**
 * The framework's floor: the JavaScript of React, React DOM, the scheduler and React Router as the
 * site's build bundles them, before any of the site's own code (decision 20). The bench builds a copy
 * of the site into bench/floor with the framework in a chunk of its own (FRAMEWORK_CHUNK=apart, see
 * vite.config.ts) and measures that chunk as the pages are measured (gzip, KB). The deployed build
 * keeps the framework in the shell chunk; only this copy splits it.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { run } from "./bench-site";

const buildDirectory = "bench/floor";

export function measureFrameworkFloorKb(): number {
  rmSync(buildDirectory, { recursive: true, force: true });
  run("npx", ["react-router", "build"], { FRAMEWORK_CHUNK: "apart", BUILD_DIRECTORY: buildDirectory });
  const assets = join(buildDirectory, "client", "assets");
  const chunk = readdirSync(assets).find((file) => /^framework-.*\.js$/.test(file));
  if (!chunk) throw new Error(`The floor build wrote no framework chunk into ${assets}`);
  return gzipSync(readFileSync(join(assets, chunk))).length / 1024;
}
