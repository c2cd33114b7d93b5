import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSiteHandler } from "../../serve-site";
import { build, cacheKeepingNothing, siteOrigin } from "../support/site";
import { bindingsWith } from "../support/workers-context";

/** The code that serves requests: the app, the Pages Function, the dev server and its Vite config. */
const sources = import.meta.glob<string>(
  ["../../app/**/*.{ts,tsx}", "!../../app/**/*.test.{ts,tsx}", "../../functions/*.ts", "../../*.ts"],
  { query: "?raw", import: "default", eager: true },
);

const named = (file: string) => {
  const source = sources[`../../${file}`];
  if (source === undefined) throw new Error(`No source at ${file}`);
  return source;
};

describe("one request handler for production, npm run dev and these tests", () => {
  it("is the only place React Router's handler is made, and the Function and the dev server both serve through it", () => {
    const makers = Object.entries(sources)
      .filter(([, source]) => /\bcreate(Request|PagesFunction)Handler\b/.test(source))
      .map(([file]) => file.replace("../../", ""));
    expect(makers).toEqual(["serve-site.ts"]);
    expect(named("functions/[[path]].ts")).toMatch(/import \{ createSiteHandler \} from "\.\.\/serve-site";/);
    expect(named("functions/[[path]].ts")).toMatch(/createSiteHandler\(build\)/);
    expect(named("dev-server.ts")).toContain('server.ssrLoadModule("/serve-site.ts")');
    expect(named("dev-server.ts")).toContain("site.createSiteHandler(build, {");
    expect(named("vite.config.ts")).toMatch(/plugins: \[siteDevServer\(\)/);
    // Nothing rewrites the server build on its way to the handler any more.
    expect(named("serve-site.ts")).toContain("createRequestHandler(build, mode)");
  });

  it("has every route module outside the API answer a form, with its own action or the one refusal", () => {
    const modules = import.meta.glob<Record<string, unknown>>(
      ["../../app/root.tsx", "../../app/routes/*.{ts,tsx}", "!../../app/routes/*.test.{ts,tsx}"],
      { eager: true },
    );
    // The API's edges refuse every method but GET, HEAD and OPTIONS before React Router (serveApi).
    const withoutAction = [{ file: "root.tsx" }, ...env.TEST_ROUTES]
      .filter(({ file }) => !file.startsWith("routes/api.v1.") && file !== "routes/api.not-found.ts")
      .filter(({ file }) => typeof modules[`../../app/${file}`]?.action !== "function")
      .map(({ file }) => file);
    expect(withoutAction).toEqual([]);
  });

  const modes = ["production", "development"] as const;

  it.each(modes)("answers a form sent to a page without one with the site's 405, in %s mode alike", async (mode) => {
    const serve = createSiteHandler(build, { mode });
    for (const path of ["/", "/web_novel", "/web_novel.data"]) {
      const response = await serve(
        new Request(`${siteOrigin}${path}`, {
          method: "POST",
          headers: { Origin: siteOrigin, "Content-Type": "application/x-www-form-urlencoded" },
          body: "q=1",
        }),
        bindingsWith(),
        cacheKeepingNothing,
      );
      const text = await response.text();
      expect(response.status, path).toBe(405);
      expect(response.headers.get("Allow"), path).toBe("GET, HEAD");
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(text, path).toContain("takes no form: it answers GET and HEAD only.");
      expect(text, path).not.toMatch(/did not provide an `action`|You made a POST/);
      if (!path.endsWith(".data")) expect(text, path).toContain("Method not allowed");
    }
    const resource = await serve(
      new Request(`${siteOrigin}/resources/timeline`, { method: "POST", headers: { Origin: siteOrigin } }),
      bindingsWith(),
      cacheKeepingNothing,
    );
    expect(resource.status).toBe(405);
    expect(await resource.json()).toEqual({
      error: { message: "This address takes no form: it answers GET and HEAD only." },
    });
  });

  it.each(modes)(
    "answers an unknown address with the not-found page and a cross-site form with 403, in %s mode alike",
    async (mode) => {
      const serve = createSiteHandler(build, { mode });
      const missing = await serve(new Request(`${siteOrigin}/no-such-page`), bindingsWith(), cacheKeepingNothing);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("Page not found: /no-such-page");
      const crossSite = await serve(
        new Request(`${siteOrigin}/feedback_hub/report_bug`, {
          method: "POST",
          headers: { Origin: "https://elsewhere.example", "Content-Type": "application/x-www-form-urlencoded" },
          body: "title=x",
        }),
        bindingsWith(),
        cacheKeepingNothing,
      );
      expect(crossSite.status).toBe(403);
    },
  );
});
