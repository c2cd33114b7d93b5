import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };

export default defineConfig({
  test: {
    projects: [
      {
        // Pure logic and command-line tools, in Node.
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
        },
      },
      {
        // Loaders, actions and models inside workerd, against real local D1 and KV.
        resolve: { alias },
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                ENVIRONMENT: "test",
                SESSION_SECRET: "workers-test-secret",
              },
            },
          }),
        ],
        test: {
          name: "workers",
          include: ["tests/workers/**/*.test.{ts,tsx}"],
        },
      },
    ],
  },
});
