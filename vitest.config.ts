import { existsSync, readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { packFiles } from "./pack";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "./app/routes";

/** A content pack (the tiny test pack by default), handed to workerd (which has no file system) as a binding. */
function readTestPack(directory = "tests/fixtures/packs/tiny") {
  return Object.fromEntries(
    Object.keys(packFiles)
      // A file a pack may leave out (manga.json) is left out of the binding too.
      .filter((file) => existsSync(`${directory}/${file}`))
      .map((file) => [file, JSON.parse(readFileSync(`${directory}/${file}`, "utf8"))]),
  );
}

/** app/routes.ts flattened as the framework's build does (id = file without extension), for the whole-site handler in workerd. */
function flattenRoutes(
  routes: RouteConfigEntry[],
  parentId = "root",
): Array<{ id: string; parentId: string; path?: string; index?: boolean; file: string }> {
  return routes.flatMap(({ id: givenId, file, path, index, children }) => {
    // A module serving two addresses names the second route's id in app/routes.ts.
    const id = givenId ?? file.replace(/\.[a-z0-9]+$/i, "");
    // Bindings are JSON: leave out what is undefined.
    const route = { id, parentId, file, ...(path === undefined ? {} : { path }), ...(index ? { index } : {}) };
    return [route, ...flattenRoutes(children ?? [], id)];
  });
}

/** A plain string variable of wrangler.toml's [vars]. */
function wranglerVar(name: string) {
  return new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, "m").exec(readFileSync("wrangler.toml", "utf8"))?.[1] ?? "";
}

const alias = { "~": new URL("./app", import.meta.url).pathname };

export default defineConfig({
  test: {
    projects: [
      {
        // Pure logic, the content-pack pipeline and the command-line tools' parts, in Node.
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "pack/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["scripts/**/*.cli.test.ts"],
          environment: "node",
          // Files share one module graph (50 s to 23 s): the tests are pure, and the few that stub a
          // global take it back after each test (vi.unstubAllGlobals). They pass in any file order.
          isolate: false,
          testTimeout: 60_000,
        },
      },
      {
        // One run of each command-line tool as a process, against real local state: in `npm test`, not
        // in `npm run check` (the rules they follow are checked in the unit project).
        resolve: { alias },
        test: {
          name: "cli",
          include: ["scripts/**/*.cli.test.ts"],
          environment: "node",
          testTimeout: 120_000,
        },
      },
      {
        // Components in a simulated DOM (happy-dom), rendered inside React Router's route stubs and used
        // as a reader would: typing, clicking, the keyboard.
        resolve: { alias },
        test: {
          name: "components",
          include: ["app/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["tests/support/component-setup.ts"],
          // Files share one module graph and document (30 s to 9 s); the set-up empties the document after
          // each test. They pass in any file order.
          isolate: false,
          // Beside the other steps of `npm test` a test can take several times its idle time. The limit
          // catches a hang; it measures nothing.
          testTimeout: 20_000,
        },
      },
      {
        // Loaders, actions and models inside workerd, against real local D1 and KV.
        resolve: { alias },
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // Set here, so a .dev.vars left by `npm start` (which wrangler reads too) changes nothing.
              bindings: {
                ENVIRONMENT: "test",
                SITE_URL: wranglerVar("SITE_URL"),
                FIREBASE_AUTH_EMULATOR_HOST: "",
                SESSION_SECRET: "workers-test-secret",
                TEST_MIGRATIONS: await readD1Migrations("migrations"),
                TEST_PACK: readTestPack(),
                DEMO_PACK: readTestPack("content/demo"),
                TEST_ROUTES: flattenRoutes(routeConfig),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["tests/workers/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/workers/setup.ts"],
          // Files share one workerd runtime and its loaded modules (a fresh runtime per file spent most of
          // the run importing the app again); setup.ts empties the shared database and KV for each file.
          isolate: false,
          // Some tests send hundreds of requests (search's every word and page, the load tests): a few
          // seconds, many more on a busy machine. The limit catches a hang; it measures nothing.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
