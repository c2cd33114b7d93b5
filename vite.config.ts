import { reactRouter } from "@react-router/dev/vite";
import { cloudflareDevProxy } from "@react-router/dev/vite/cloudflare";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { getLoadContext } from "./load-context";

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
 * Small modules nearly every page uses travel in one chunk: one request and one gzip stream instead of
 * a dozen, which keeps first-load JavaScript inside its budget.
 */
const shellModules = [
  "app/lib/cn.ts",
  "app/lib/meta.ts",
  "app/lib/format.ts",
  "app/lib/content/units.ts",
  "app/lib/areas.ts",
  "app/lib/spoiler-shield.ts",
  "app/browser/spoiler-shield.ts",
  "app/lib/storage-keys.ts",
  "app/browser/storage.ts",
  "app/lib/display-path.ts",
  "app/components/ui/toast-store.ts",
  "app/components/ui/badge.tsx",
  "app/components/general-error-boundary.tsx",
  "app/components/server-rendered-lazy.ts",
  "app/components/page-header.tsx",
  "app/components/logo.tsx",
  "app/components/spoiler.tsx",
  "app/browser/lazy-import.ts",
  "app/browser/when-idle.ts",
  "app/browser/user.ts",
  "app/components/ui/button.tsx",
  "app/components/ui/field.tsx",
  "app/components/ui/input.tsx",
  "app/components/ui/label.tsx",
  "app/components/ui/select.tsx",
  "app/components/page-section.tsx",
  "app/components/original-text.tsx",
  // The document around every page and what runs with it (the root route renders them).
  "app/components/layout/site-document.tsx",
];

/**
 * The framework every page runs on travels in the same chunk, for the same reason. The bench builds a
 * copy with the framework in a chunk of its own (FRAMEWORK_CHUNK=apart) to measure the floor every
 * page's first load stands on (decision 20).
 */
const framework = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;
const frameworkChunk = process.env.FRAMEWORK_CHUNK === "apart" ? "framework" : "shell";

export default defineConfig({
  plugins: [cloudflareDevProxy({ getLoadContext }), reactRouter(), tailwindcss(), buildInfo()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    // terser (two passes) makes every page's first load about 4 KB gzip smaller than esbuild (decision 12).
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
    // No preloading by Vite: a page's own modules are preloaded by React Router from its manifest, and
    // Vite's wrapper around every lazy import() (its helper call and the list of the chunk's
    // dependencies, in the shell, the root and the pages) cost every page about 0.3 KB gzip; a lazily
    // loaded part now fetches a chunk it shares with others once it has arrived, not beside it.
    modulePreload: false,
    rollupOptions: {
      output: {
        manualChunks(id, { getModuleInfo }) {
          if (getModuleInfo(id)?.isEntry) return undefined;
          // Vite's helper for lazy imports: every page's root imports it, so it would be a chunk of its own.
          if (framework.test(id)) return frameworkChunk;
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
