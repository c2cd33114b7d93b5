import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { OFFLINE_PAGE_SCRIPT, offlinePageHtml, offlinePagePolicy, offlineWaysOut } from "./offline-page";

const origin = "https://companion.test";

describe("offlineWaysOut: the pages the offline page offers", () => {
  it("offers the main pages whose document is on the device, in navigation order, named by their area", () => {
    const kept = [
      `${origin}/releases`,
      `${origin}/`,
      `${origin}/web_novel.data?_routes=routes%2Fweb-novel`,
      `${origin}/reading_tracker`,
    ];
    expect(offlineWaysOut(kept)).toEqual([
      { path: "/", label: "Home" },
      { path: "/releases", label: "Releases" },
      { path: "/reading_tracker", label: "Reading tracker, with what you stored for offline" },
    ]);
  });

  it("offers a main page whose document is kept beside its data", () => {
    const kept = [`${origin}/releases.data?_routes=routes%2Freleases`, `${origin}/releases`];
    expect(offlineWaysOut(kept)).toEqual([{ path: "/releases", label: "Releases" }]);
  });

  it("offers, after the main pages, each unit stored for offline whose page is kept, by its place alone", () => {
    const arc = {
      place: "Arc 5",
      pages: ["/web_novel?arc=5", "/discuss/wn:5-1"],
      addresses: [
        `${origin}/web_novel?arc=5`,
        `${origin}/web_novel.data?arc=5&reveal=wn.5-30`,
        `${origin}/discuss/wn:5-1`,
      ],
    };
    // Lost when it was kept again: nothing of it is on the device.
    const lost = { place: "Season 2", pages: ["/anime?season=2"], addresses: [] };
    expect(offlineWaysOut([`${origin}/`], [arc, lost])).toEqual([
      { path: "/", label: "Home" },
      { path: "/web_novel?arc=5", label: "Arc 5" },
    ]);
  });

  it("offers nothing for a page kept only as its data, or with a query: they do not open by that address", () => {
    expect(offlineWaysOut([`${origin}/web_novel.data`, `${origin}/anime?season=2`, `${origin}/_root.data`])).toEqual(
      [],
    );
  });
});

describe("offlinePageHtml", () => {
  it("says the page is not on the device, with a retry of the same address and the ways out", () => {
    const html = offlinePageHtml(`${origin}/characters/ilse-marrow?tab=1`, [{ path: "/", label: "Home" }], "10:42:05");
    expect(html).toContain("<title>You are offline</title>");
    expect(html).toContain('<p class="muted">/characters/ilse-marrow?tab=1</p>');
    expect(html).toContain(`<a class="again" href="${origin}/characters/ilse-marrow?tab=1">Try again</a>`);
    expect(html).toContain('<li><a href="/">Home</a></li>');
    // Each try made offline draws the page with its own time, so the tap shows it did something.
    expect(html).toContain('<p class="muted" role="status">No connection at 10:42:05.</p>');
  });

  it("says where the pages that open offline come from when none is on the device", () => {
    expect(offlinePageHtml(`${origin}/`, [], "10:42:05")).toContain(
      "the pages you visit online open offline afterwards",
    );
  });

  it("escapes the address it was asked for, and retries it on this site: it is the requester's own text", () => {
    // The browser sends an address percent-encoded; one that was not is escaped all the same.
    const html = offlinePageHtml(`${origin}/x?q="><script>alert(1)</script>`, [], "10:42:05");
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("?q=%22%3E%3Cscript%3E");
    const sent = offlinePageHtml(`${origin}/x'&y`, [], "10:42:05");
    expect(sent).toContain("/x&#39;&amp;y");
    // A path that begins "//" is retried on this site, never as another site's address.
    expect(offlinePageHtml(`${origin}//evil.example/x`, [], "10:42:05")).toContain(`href="${origin}//evil.example/x"`);
  });

  it("loads the page asked for again once the connection is back and the site answers: its one script, allowed by its hash alone", async () => {
    const html = offlinePageHtml(`${origin}/statistics`, [], "10:42:05");
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain(`<script>${OFFLINE_PAGE_SCRIPT}</script>`);
    const hash = createHash("sha256").update(OFFLINE_PAGE_SCRIPT).digest("base64");
    const policy = await offlinePagePolicy();
    expect(policy).toContain(`script-src 'sha256-${hash}';`);
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toMatch(/^default-src 'none';/);
    expect(policy).not.toContain("unsafe-eval");
    expect(policy.match(/script-src [^;]*/)?.[0]).not.toContain("unsafe-inline");
  });
});
