import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { OutputBundle } from "rollup";
import { build, defineConfig, type Plugin } from "vite";
import { siteDevServer } from "./dev-server";

/**
 * One id per build, shared by the client and server bundles of `react-router build` (one process).
 * Set BUILD_ID to name a build yourself.
 */
const buildId =
  (process.env.BUILD_ID ??= `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}-${Math.random().toString(36).slice(2, 8)}`);
const buildTimestamp = new Date().toISOString();

/** Writes builds/latest.json and builds/meta/<id>.json into the static output (DESIGN §6). */
function buildInfo(): Plugin {
  return {
    name: "build-info",
    apply: "build",
    generateBundle(options) {
      if (options.dir && !options.dir.replace(/\\/g, "/").endsWith("build/client")) return;
      const info = JSON.stringify({ id: buildId, timestamp: buildTimestamp });
      this.emitFile({ type: "asset", fileName: "builds/latest.json", source: info });
      this.emitFile({ type: "asset", fileName: `builds/meta/${buildId}.json`, source: info });
    },
  };
}

/**
 * The service worker (app/service-worker.ts), built on its own into /sw.js beside the client build: a
 * classic script (every browser runs one) that shares no chunk with the pages, so it is never part of a
 * page's JavaScript. It is built with the same build id, so its caches are named by the build it serves,
 * and told the files it keeps as it installs (keptAtInstall).
 */
function serviceWorker(): Plugin {
  let clientDir: string | null = null;
  let keptFiles: string[] = [];
  return {
    name: "service-worker",
    apply: "build",
    writeBundle(options, bundle) {
      if (!options.dir?.replace(/\\/g, "/").endsWith("build/client")) return;
      clientDir = options.dir;
      const kept = keptAtInstall(bundle);
      if ("missing" in kept) this.error(`The chunk of ${kept.missing} is not in the client build.`);
      else keptFiles = kept.files;
    },
    async closeBundle() {
      if (!clientDir) return;
      const outDir = clientDir;
      clientDir = null;
      await build({
        configFile: false,
        logLevel: "warn",
        // Workbox logs in development builds only; this worker is always a production one.
        define: {
          __BUILD_ID__: JSON.stringify(buildId),
          __KEPT_AT_INSTALL__: JSON.stringify(keptFiles),
          "process.env.NODE_ENV": JSON.stringify("production"),
        },
        resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: "terser",
          lib: { entry: "app/service-worker.ts", formats: ["iife"], name: "serviceWorker", fileName: () => "sw.js" },
        },
      });
    },
  };
}

/**
 * Code pages load only when they need it, which a visit where nothing went wrong may never have fetched
 * for the worker to keep, and which offline is needed most: the error page, which every page shows when
 * its data cannot be had (decision 40), and the navigation indicators, which a first tap on a link loads.
 */
const neededOffline = ["app/components/error-page.tsx", "app/components/layout/navigation-indicators.tsx"];

/** The addresses of the code the worker keeps as it installs: `neededOffline` and what it imports. */
function keptAtInstall(bundle: OutputBundle): { files: string[] } | { missing: string } {
  const files = new Set<string>();
  const add = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || files.has(fileName)) return;
    files.add(fileName);
    if (chunk.type === "chunk") for (const imported of chunk.imports) add(imported);
  };
  for (const module of neededOffline) {
    const chunk = Object.values(bundle).find(
      (each) => each.type === "chunk" && each.facadeModuleId?.endsWith(`/${module}`),
    );
    if (!chunk) return { missing: module };
    add(chunk.fileName);
  }
  return { files: [...files].map((fileName) => `/${fileName}`) };
}

/**
 * The shell: the document around every page, the spoiler shield, and the few small modules nearly every
 * page uses, in one chunk every page loads (one request and one gzip stream). What only some pages use
 * stays out of it: each of those pages carries its own copy (pageCopies), so the others load none of it.
 */
const shellModules = [
  "app/lib/cn.ts",
  "app/lib/http/meta.ts",
  "app/lib/format.ts",
  "app/lib/content/units.ts",
  "app/lib/content/site-identity.ts",
  "app/lib/areas.ts",
  "app/lib/shield/shield.ts",
  "app/browser/spoiler-shield.ts",
  "app/lib/runtime/storage-keys.ts",
  "app/browser/storage.ts",
  "app/lib/http/display-path.ts",
  "app/components/ui/toast-store.ts",
  "app/components/general-error-boundary.tsx",
  "app/components/server-rendered-lazy.ts",
  "app/components/page-header.tsx",
  "app/components/logo.tsx",
  "app/components/spoiler.tsx",
  "app/browser/lazy-import.ts",
  "app/browser/when-idle.ts",
  "app/browser/user.ts",
  "app/components/ui/button.tsx",
  "app/components/nonce-provider.tsx",
  // The document around every page and what runs with it (the root route renders them).
  "app/components/layout/site-document.tsx",
  // What the shell's modules use (listed, so pages share them instead of carrying copies).
  "app/lib/http/addresses.ts",
  "app/lib/shield/gated.ts",
  "app/lib/shield/knowledge.ts",
  "app/lib/progress/record.ts",
  "app/lib/shield/words.ts",
  "app/lib/vocabulary.ts",
  "app/lib/account/sign-in-path.ts",
];

/**
 * Each page's chunk carries its own copy of the page parts it uses (app/components and app/lib modules
 * outside the shell: lists, labels, words, pagination), as if no other page used them. Shared, they were
 * a dozen small chunks that each page fetched and decompressed apart, which cost a page up to 1.8 KB
 * gzip of its first load (decision 28). Copies are made in the browser build only. Modules with
 * state the whole page shares (app/browser: stored progress, the shield, timelines) are never copied,
 * and neither are the shell's, so every page and the shell share one of each.
 */
const PAGE_COPY = "?page=";

/** Whether a module's code keeps something at its top level that its users share: a variable, a store, a context. */
const holdsState = (code: string | null | undefined) =>
  /^(let |var |(export )?const \w+ = new (Map|Set|WeakMap)\b)|\bcreateContext[<(]/m.test(code ?? "");

function pageCopies(): Plugin {
  const routes = new URL("./app/routes/", import.meta.url).pathname;
  const app = new URL("./app/", import.meta.url).pathname;
  const pageOf = (importer: string) => {
    const copy = importer.indexOf(PAGE_COPY);
    if (copy >= 0) return importer.slice(copy + PAGE_COPY.length);
    const [module = ""] = importer.split("?");
    // No dot in the page's name: the id must still end in the module's own extension for esbuild.
    return module.startsWith(routes)
      ? module
          .slice(routes.length)
          .replace(/\.tsx?$/, "")
          .replace(/\W/g, "-")
      : null;
  };
  const isPagePart = (id: string) =>
    id.startsWith(app) &&
    /\.tsx?$/.test(id) &&
    !id.startsWith(routes) &&
    !id.startsWith(`${app}browser/`) &&
    !/\.(server|client)\.tsx?$/.test(id) &&
    !shellModules.some((module) => id.endsWith(module));
  return {
    name: "page-copies",
    apply: "build",
    enforce: "pre",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((chunk) => chunk.type === "chunk");
      const inShell = new Set(chunks.find((chunk) => chunk.name === "shell")?.moduleIds);
      const originals = new Set(chunks.flatMap((chunk) => chunk.moduleIds).filter((id) => !id.includes(PAGE_COPY)));
      const copied = new Set(
        chunks
          .flatMap((chunk) => chunk.moduleIds)
          .filter((id) => id.includes(PAGE_COPY))
          .map((id) => id.slice(0, id.indexOf(PAGE_COPY))),
      );
      // A module the shell carries must not be copied too: pages would carry it twice.
      const twice = [...copied].filter((id) => inShell.has(id));
      if (twice.length)
        this.error(`The shell carries ${twice.join(", ")}: list each in shellModules (vite.config.ts).`);
      // Nor a module with state that a part the shell loads lazily uses too: the page's copy and the
      // part would each have their own (a toast store, a context).
      const split = [...copied].filter((id) => originals.has(id) && holdsState(this.getModuleInfo(id)?.code));
      if (split.length)
        this.error(
          `${split.join(", ")} holds state and is used both by pages and by a part the shell loads: import it only through the shell, or list it in shellModules (vite.config.ts).`,
        );
    },
    async resolveId(source, importer, options) {
      if (options.ssr || !importer || this.environment?.name === "ssr") return null;
      const page = pageOf(importer);
      if (!page) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !isPagePart(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${PAGE_COPY}${page}` };
    },
  };
}

/**
 * The framework every page runs on travels in the same chunk, for the same reason. The bench builds a
 * copy with the framework in a chunk of its own (FRAMEWORK_CHUNK=apart) to measure the floor every
 * page's first load stands on (decision 20).
 */
const framework = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;
const frameworkChunk = process.env.FRAMEWORK_CHUNK === "apart" ? "framework" : "shell";

export default defineConfig({
  plugins: [siteDevServer(), pageCopies(), reactRouter(), tailwindcss(), buildInfo(), serviceWorker()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    // terser makes every page's first load about 3.4 KB gzip smaller than esbuild (decisions 12 and 29).
    minify: "terser",
    // No preloading by Vite: a page's own modules are preloaded by React Router from its manifest. Vite's
    // preloading saves no first-load bytes either way (decision 29), but with it the optional parts'
    // end-to-end tests (a part's chunk refused) failed, so it stays off until that is understood.
    modulePreload: false,
    rollupOptions: {
      output: {
        manualChunks(id, { getModuleInfo }) {
          if (getModuleInfo(id)?.isEntry) return undefined;
          if (framework.test(id)) return frameworkChunk;
          // Vite's helper for lazy imports: every page's root imports it, so it would be a chunk of its own.
          if (id.endsWith("vite/preload-helper.js") || shellModules.some((module) => id.endsWith(module)))
            return "shell";
          return undefined;
        },
      },
    },
  },
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  server: { port: 5173 },
});
