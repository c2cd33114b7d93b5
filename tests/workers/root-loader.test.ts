import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loader } from "~/root";
import { clearRedirectMemo } from "~/server/redirects.server";
import { createToastHeaders } from "~/server/toast.server";
import type { Bindings } from "~/server/env.server";
import { createLoadContext, failing, respond, settle } from "../support/workers-context";

/** What the root loader returned or threw for a request to `path`. */
function runRootLoader(path: string, init: RequestInit = {}, bindings: Partial<Bindings> = {}) {
  return settle(loader, path, { ...init, bindings });
}

/** KV REDIRECTS, noting every key the redirect lookup asks it for. */
function watchedRedirects() {
  const asked: string[] = [];
  const kv = env.REDIRECTS;
  const watched: KVNamespace = Object.create(kv, {
    get: {
      value: (key: string, options: KVNamespaceGetOptions<"text">) => {
        // Paths only: the site's identity is read from KV too (site-identity.server.ts).
        if (key.startsWith("/")) asked.push(key);
        return kv.get(key, options);
      },
    },
  });
  return { asked, bindings: { REDIRECTS: watched } };
}

beforeEach(() => clearRedirectMemo());

describe("root loader: redirect lookup", () => {
  it("redirects a stored internal path with its status, as KV answered", async () => {
    await env.REDIRECTS.put("/old-home", JSON.stringify({ to: "/privacy_policy", status: 308 }));
    const kv = watchedRedirects();
    const result = await runRootLoader("/old-home", {}, kv.bindings);
    expect(result).toBeInstanceOf(Response);
    expect(result).toMatchObject({ status: 308 });
    expect((result as Response).headers.get("Location")).toBe("/privacy_policy");
    expect(kv.asked).toEqual(["/old-home"]);
  });

  it("sends external https targets to the browser as they are", async () => {
    await env.REDIRECTS.put("/elsewhere", JSON.stringify({ to: "https://example.com/x", status: 302 }));
    const kv = watchedRedirects();
    const result = (await runRootLoader("/elsewhere/", {}, kv.bindings)) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("https://example.com/x");
    // The path is looked up as it is stored: without its trailing slash.
    expect(kv.asked).toEqual(["/elsewhere"]);
  });

  it("keeps the request's query where the target has none of its own", async () => {
    await env.REDIRECTS.put("/wn", JSON.stringify({ to: "/web_novel", status: 301 }));
    await env.REDIRECTS.put("/wn-top", JSON.stringify({ to: "/web_novel#arcs", status: 301 }));
    await env.REDIRECTS.put("/wn-two", JSON.stringify({ to: "/web_novel?arc=2", status: 301 }));
    const location = async (path: string) => ((await runRootLoader(path)) as Response).headers.get("Location");
    expect(await location("/wn?arc=2")).toBe("/web_novel?arc=2");
    expect(await location("/wn-top?arc=2")).toBe("/web_novel?arc=2#arcs");
    expect(await location("/wn-two?arc=5")).toBe("/web_novel?arc=2");
    expect(await location("/wn")).toBe("/web_novel");
  });

  it("finds a source with letters outside ASCII whichever case its escapes were sent in", async () => {
    // redirects.ts stores "/café" as the browser sends it.
    await env.REDIRECTS.put("/caf%C3%A9", JSON.stringify({ to: "/privacy_policy", status: 301 }));
    for (const path of ["/café", "/caf%c3%a9/"]) {
      clearRedirectMemo();
      const result = (await runRootLoader(path)) as Response;
      expect(result.headers.get("Location"), path).toBe("/privacy_policy");
    }
  });

  it("ignores a stored value that is not a valid redirect, saying why", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await env.REDIRECTS.put("/broken", JSON.stringify({ to: "javascript:alert(1)", status: 301 }));
    await env.REDIRECTS.put("/not-json", "{oops");
    const kv = watchedRedirects();
    for (const path of ["/broken", "/not-json"]) {
      const result = await runRootLoader(path, {}, kv.bindings);
      expect(result, path).not.toBeInstanceOf(Response);
      expect(result, path).not.toBeInstanceOf(Error);
    }
    expect(kv.asked).toEqual(["/broken", "/not-json"]);
    expect(log.mock.calls.map(([message]) => message)).toEqual([
      "Ignoring invalid redirect stored for /broken",
      "Ignoring redirect stored for /not-json: not JSON",
    ]);
    log.mockRestore();
  });

  it("serves the page when KV fails, logs the failure, and asks KV again on the next request", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await env.REDIRECTS.put("/flaky", JSON.stringify({ to: "/privacy_policy", status: 301 }));
    const down = new Error("KV is down");
    const result = await respond(loader, "/flaky", {
      bindings: { REDIRECTS: failing(env.REDIRECTS, "get", down) },
    });
    expect(result.status).toBe(200);
    expect(result.data?.toast).toBeNull();
    expect(log).toHaveBeenCalledWith("Redirect lookup failed for /flaky; serving the page", down);
    log.mockRestore();

    // The failure is not remembered as "no redirect": once KV answers, the redirect is found.
    const kv = watchedRedirects();
    const recovered = await runRootLoader("/flaky", {}, kv.bindings);
    expect(recovered).toMatchObject({ status: 301 });
    expect(kv.asked).toEqual(["/flaky"]);
  });

  it("does not look up paths longer than a KV key can be", async () => {
    const kv = watchedRedirects();
    const result = await runRootLoader(`/${"a".repeat(4000)}`, {}, kv.bindings);
    expect(result).not.toBeInstanceOf(Response);
    expect(result).not.toBeInstanceOf(Error);
    expect(kv.asked).toEqual([]);
    // A path that fits is looked up.
    await runRootLoader(`/${"a".repeat(500)}`, {}, kv.bindings);
    expect(kv.asked).toEqual([`/${"a".repeat(500)}`]);
  });
});

describe("root loader: flash toast and cookies", () => {
  it("sets no cookie on an ordinary public page", async () => {
    const result = await respond(loader, "/");
    expect(result.data?.toast).toBeNull();
    expect(result.headers.get("Set-Cookie")).toBeNull();
  });

  it("shows a queued toast once and clears its cookie", async () => {
    const context = createLoadContext(new Request("https://companion.test/"));
    const headers = await createToastHeaders(context.env, { title: "Report sent" });
    const cookie = headers.get("Set-Cookie")!.split(";")[0]!;
    const result = await respond(loader, "/", { headers: { Cookie: cookie } });
    expect(result.data?.toast?.title).toBe("Report sent");
    expect(result.headers.get("Set-Cookie")).toMatch(/^toast=;.*Max-Age=0/);
  });

  it("ignores a forged toast cookie", async () => {
    const forged = `toast=${btoa(JSON.stringify({ id: "x", title: "Your account is locked" }))}`;
    const result = await respond(loader, "/", { headers: { Cookie: forged } });
    expect(result.data?.toast).toBeNull();
  });
});
