import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The content-pack pipeline (pack/) serves the import command and the tests; the site never imports it. */
/** The app outside app/lib, as a module in app/lib or one of its subject folders reaches it. */
const appOutsideLib = ["components", "models", "server", "browser", "routes"].flatMap((layer) => [
  `../${layer}/*`,
  `../../${layer}/*`,
]);
const noPackImports = {
  regex: "^(~/)?(\\.\\./)+pack(/|$)",
  message: "The site never imports the content-pack pipeline (pack/): it reads the pack's rows from D1.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "bench/",
      ".wrangler/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "content/**/generated/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      // Our own effect hooks are checked as React's are.
      "react-hooks/exhaustive-deps": ["warn", { additionalHooks: "^useBeforePaint$" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Tests edit parsed JSON fixtures freely.
    files: ["**/*.test.ts", "tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Layering: nothing in the site imports the content-pack pipeline (the blocks below repeat it,
    // since a later block's patterns replace an earlier one's).
    files: ["app/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noPackImports] }] },
  },
  {
    // Pure shared logic imports nothing of the app; nothing imports a route.
    files: ["app/lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/*", ...appOutsideLib, "../../../*"],
            },
            noPackImports,
          ],
        },
      ],
    },
  },
  {
    // A test beside a lib module may use the tests' own support (the OpenAPI contract checker), nothing else of the app.
    files: ["app/lib/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "~/*",
                ...appOutsideLib,
                "../../../*",
                "!../../../tests",
                "../../../tests/*",
                "!../../../tests/support",
              ],
            },
            noPackImports,
          ],
        },
      ],
    },
  },
  {
    // app/lib is pure logic the server and the browser share: browser state (storage, the window, the
    // page) and React's hooks live in app/browser.
    files: ["app/lib/**"],
    ignores: ["app/lib/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...["window", "document", "localStorage", "sessionStorage", "navigator"].map((name) => ({
          name,
          message: "Browser state lives in app/browser; app/lib runs on the server too.",
        })),
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value=/^react(-router)?$/] > ImportSpecifier[imported.name=/^use[A-Z]/]",
          message: "Hooks live in app/browser (or beside their component); app/lib holds pure logic.",
        },
      ],
    },
  },
  {
    files: ["app/models/**", "app/server/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["~/routes/*", "**/routes/*"] }, noPackImports] }],
    },
  },
  {
    // What renders and runs in the browser takes its data as view types from app/lib: nothing from
    // models or server, not even a type (the import would tie a component to a table's columns).
    files: ["app/components/**", "app/browser/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/routes/*", "**/routes/*"], message: "Nothing imports a route." },
            {
              group: ["~/models/*", "~/server/*", "**/models/*", "**/server/*"],
              message: "Components and browser code use view types from app/lib, never models or server.",
            },
            noPackImports,
          ],
        },
      ],
    },
  },
);
