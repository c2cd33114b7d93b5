import { describe, expect, it } from "vitest";
import {
  describeProblems,
  followRedirects,
  MAX_REDIRECT_HOPS,
  normalizeSourcePath,
  redirectEntrySchema,
} from "./redirects";

function problems(from: unknown, to: unknown, status?: unknown) {
  const result = redirectEntrySchema.safeParse({ from, to, status });
  return result.success ? [] : describeProblems(result.error);
}

describe("redirect entries", () => {
  it("accepts site paths and absolute https URLs, defaulting to 301", () => {
    expect(redirectEntrySchema.parse({ from: "/old/", to: "/new?tab=1" })).toEqual({
      from: "/old",
      to: "/new?tab=1",
      status: 301,
    });
    expect(redirectEntrySchema.parse({ from: "/x", to: "https://example.com/a", status: 308 }).status).toBe(308);
  });

  it("requires the source to be a plain path starting with /", () => {
    expect(problems("old", "/new")).toEqual([expect.stringContaining('must be a path starting with "/"')]);
    expect(problems("//evil.com", "/new")).toEqual([expect.stringContaining("not //host")]);
    expect(problems("/a?b=1", "/new")).toEqual([expect.stringContaining("matched by path only")]);
    expect(problems(`/${"a".repeat(600)}`, "/new")).toEqual([expect.stringContaining("at most 512 bytes")]);
  });

  it("stores a source as the browser sends it, so a request for it finds the redirect", () => {
    const source = (from: string) => redirectEntrySchema.parse({ from, to: "/new" }).from;
    // Letters outside ASCII travel percent-encoded, in whichever case the link wrote its escapes.
    expect(source("/café")).toBe("/caf%C3%A9");
    expect(source("/caf%c3%a9")).toBe("/caf%C3%A9");
    expect(new URL("https://example.com/café").pathname).toBe("/caf%C3%A9");
    // Dot segments are resolved before the request is sent: a source written with them is refused, naming what is sent.
    expect(problems("/old/./chapter/../arc/", "/new")).toEqual([
      expect.stringContaining("write the path it sends (/old/arc)"),
    ]);
    expect(problems("/%2e%2e/old", "/new")).toEqual([expect.stringContaining('"." or ".." segments')]);
    expect(problems("/old/..", "/new")).toEqual([expect.stringContaining("(/)")]);
    expect(source("/old.../a..b/.x")).toBe("/old.../a..b/.x");
    expect(normalizeSourcePath("/x/../y")).toBe("/y");
    // The lookup compares the same form.
    expect(normalizeSourcePath("/caf%c3%a9/")).toBe("/caf%C3%A9");
    expect(problems(`/${"é".repeat(100)}`, "/new")).toEqual([expect.stringContaining("at most 512 bytes")]);
    expect(normalizeSourcePath(`/a${"/".repeat(2000)}`)).toBe("/a");
  });

  it("refuses a source the static files answer, where a redirect would never be looked up", () => {
    // public/_routes.json sends these straight to the static files: the site's code never sees them.
    for (const from of [
      "/media/demo/portraits/old.svg",
      "/assets/old.js",
      "/icons/old.png",
      "/favicon.png",
      "/robots.txt",
    ])
      expect(problems(from, "/new"), from).toEqual([expect.stringContaining("static file")]);
    // Only what the rules name: the folder's own address without a slash, and look-alikes, reach the site.
    for (const from of ["/media", "/media/", "/medias/x", "/favicon.png.old", "/robots.txt2"])
      expect(problems(from, "/new"), from).toEqual([]);
  });

  it.each([
    ["javascript:alert(1)", "scheme must be https:"],
    ["JavaScript:alert(1)", "scheme must be https:"],
    ["http://example.com", "scheme must be https:"],
    ["data:text/html,hi", "scheme must be https:"],
    ["//evil.com/path", "must not start with //"],
    ["/\\evil.com", "backslash"],
    ["https:\\\\evil.com", "backslash"],
    ["/a\nb", "control characters"],
    ["/a\u0000b", "control characters"],
    ["/a b", "spaces"],
    ["/..//evil.com", "stay on this site"],
    ["/%2e%2e//evil.com/x", "stay on this site"],
    ["/./..//evil.com", "stay on this site"],
    ["relative/path", 'path starting with "/" or an absolute https:// URL'],
    ["https://user:pw@example.com", "no user name or password"],
    // On an https page a browser reads these as paths of this site, not as the host they seem to name.
    ["https:evil.example", 'must start with https:// and its host (write "https://evil.example/")'],
    ["https:/evil.example/x", "must start with https:// and its host"],
  ])("refuses the target %j", (target, message) => {
    expect(problems("/from", target).join(" ")).toContain(message);
  });

  it("refuses a target that is the source itself, however it is written", () => {
    for (const [from, to] of [
      ["/self", "/self"],
      ["/self/", "/self?tab=1"],
      ["/caf%c3%a9", "/café#top"],
    ])
      expect(problems(from, to), `${from} -> ${to}`).toEqual([expect.stringContaining("is the source itself")]);
    expect(problems("HTTPS://example.com", "/x")).not.toEqual([]);
    expect(problems("/a", "HTTPS://example.com/a")).toEqual([]);
  });

  it("follows redirects on this site to where they end, and finds a loop", async () => {
    const targets = new Map([
      ["/wn2", "/wn?from=old"],
      ["/wn", "/web_novel"],
      ["/away", "https://example.com/a"],
      ["/a", "/b/"],
      ["/b", "/a#top"],
    ]);
    const targetOf = (from: string) => targets.get(from);
    expect(await followRedirects("/wn2", targetOf)).toEqual({
      through: ["/wn2", "/wn", "/web_novel"],
      loops: false,
      tooLong: false,
    });
    expect(await followRedirects("/away", targetOf)).toEqual({ through: ["/away"], loops: false, tooLong: false });
    expect(await followRedirects("/a", targetOf)).toEqual({ through: ["/a", "/b", "/a"], loops: true, tooLong: false });
  });

  it("follows a URL on the site's own origin as one of its paths", async () => {
    const targets = new Map([
      ["/a", "https://Companion.example:443/b?x=1"],
      ["/b", "https://companion.example/a/"],
      ["/c", "https://other.example/a"],
    ]);
    const targetOf = (from: string) => targets.get(from);
    expect(await followRedirects("/a", targetOf, "https://companion.example")).toEqual({
      through: ["/a", "/b", "/a"],
      loops: true,
      tooLong: false,
    });
    expect(await followRedirects("/c", targetOf, "https://companion.example")).toMatchObject({ through: ["/c"] });
    // Without the site's origin, an absolute URL is another site's.
    expect(await followRedirects("/a", targetOf)).toMatchObject({ through: ["/a"], loops: false });
  });

  it("follows at most as many redirects as a browser does, one look-up each", async () => {
    const looked: string[] = [];
    const endless = (from: string) => (looked.push(from), `${from}x`);
    const followed = await followRedirects("/x", endless);
    expect(followed).toMatchObject({ loops: false, tooLong: true });
    expect(followed.through).toHaveLength(MAX_REDIRECT_HOPS + 1);
    expect(looked).toHaveLength(MAX_REDIRECT_HOPS + 1);
    // A chain of exactly that many redirects ends where the browser stops.
    const chain = (from: string) => (from.length <= MAX_REDIRECT_HOPS ? `${from}x` : undefined);
    expect(await followRedirects("/", chain)).toMatchObject({ loops: false, tooLong: false });
  });

  it("refuses statuses other than 301, 302, 307 and 308", () => {
    expect(problems("/from", "/to", 303)).toEqual(["The status must be one of 301, 302, 307, 308"]);
    expect(problems("/from", "/to", 200)).toHaveLength(1);
  });
});
