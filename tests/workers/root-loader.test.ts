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

beforeEach(() => clearRedirectMemo());

describe("root loader: redirect lookup", () => {
  it("redirects a stored internal path with its status", async () => {
    await env.REDIRECTS.put("/old-home", JSON.stringify({ to: "/privacy_policy", status: 308 }));
    const result = (await runRootLoader("/old-home")) as Response;
    expect(result).toBeInstanceOf(Response);
    expect(result.status).toBe(308);
    expect(result.headers.get("Location")).toBe("/privacy_policy");
  });

  it("sends external https targets to the browser as they are", async () => {
    await env.REDIRECTS.put("/elsewhere", JSON.stringify({ to: "https://example.com/x", status: 302 }));
    const result = (await runRootLoader("/elsewhere/")) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("https://example.com/x");
  });

  it("ignores a stored value that is not a valid redirect", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await env.REDIRECTS.put("/broken", JSON.stringify({ to: "javascript:alert(1)", status: 301 }));
    await env.REDIRECTS.put("/not-json", "{oops");
    for (const path of ["/broken", "/not-json"]) {
      const result = await runRootLoader(path);
      expect(result).not.toBeInstanceOf(Response);
    }
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("serves the page when KV fails", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await runRootLoader(
      "/anything",
      {},
      { REDIRECTS: failing(env.REDIRECTS, "get", new Error("KV is down")) },
    );
    expect(result).not.toBeInstanceOf(Response);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("Redirect lookup failed"), expect.any(Error));
    log.mockRestore();
  });

  it("does not look up paths longer than a KV key can be", async () => {
    const result = await runRootLoader(`/${"a".repeat(4000)}`);
    expect(result).not.toBeInstanceOf(Response);
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
