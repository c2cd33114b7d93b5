import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
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

  it("offers nothing for a page kept only as its data: it does not open by that address", () => {
    expect(offlineWaysOut([`${origin}/web_novel.data`, `${origin}/_root.data`])).toEqual([]);
  });

  it("offers a main page kept only at one of its parts at that part's address, named by its area", () => {
    const kept = [
      `${origin}/anime?season=2`,
      `${origin}/web_novel?arc=2`,
      `${origin}/web_novel?arc=1`,
      `${origin}/light_novels.data?collection=ex`,
      `${origin}/characters/ilse-marrow`,
    ];
    expect(offlineWaysOut(kept)).toEqual([
      { path: "/web_novel?arc=2", label: "Web novel" },
      { path: "/anime?season=2", label: "Anime" },
    ]);
    // The page itself, where it is kept, rather than a part of it.
    expect(offlineWaysOut([`${origin}/anime?season=2`, `${origin}/anime`])).toEqual([
      { path: "/anime", label: "Anime" },
    ]);
  });
});

describe("offlinePageHtml", () => {
  it("says the page is not on the device, with a retry of the same address and the ways out", () => {
    const html = offlinePageHtml(`${origin}/characters/ilse-marrow?tab=1`, [{ path: "/", label: "Home" }], "10:42");
    expect(html).toContain("<title>You are offline</title>");
    expect(html).toContain('<p class="muted">/characters/ilse-marrow?tab=1</p>');
    expect(html).toContain(`<a class="again" href="${origin}/characters/ilse-marrow?tab=1">Try again</a>`);
    expect(html).toContain('<li><a href="/">Home</a></li>');
    // Each try made offline draws the page with its own time.
    expect(html).toContain('<p class="muted" role="status">No connection at 10:42.</p>');
  });

  it("says where the pages that open offline come from when none is on the device", () => {
    expect(offlinePageHtml(`${origin}/`, [], "10:42")).toContain("the pages you visit online open offline afterwards");
  });

  it("escapes the address it was asked for, and retries it on this site: it is the requester's own text", () => {
    // The browser sends an address percent-encoded; one that was not is escaped all the same.
    const html = offlinePageHtml(`${origin}/x?q="><script>alert(1)</script>`, [], "10:42");
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("?q=%22%3E%3Cscript%3E");
    const sent = offlinePageHtml(`${origin}/x'&y`, [], "10:42");
    expect(sent).toContain("/x&#39;&amp;y");
    // A path that begins "//" is retried on this site, never as another site's address.
    expect(offlinePageHtml(`${origin}//evil.example/x`, [], "10:42")).toContain(`href="${origin}//evil.example/x"`);
  });

  it("loads the page asked for again once the connection is back and the site answers: its one script, allowed by its hash alone", async () => {
    const html = offlinePageHtml(`${origin}/statistics`, [], "10:42");
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

/**
 * The offline page's script in a stand-in browser: its events, the site's answers to its question (a
 * status, or none), and whether it loaded the page again. Timers are vitest's.
 */
function offlinePageScript({ online }: { online: boolean }) {
  const listeners = new Map<string, () => void>();
  const answers: Array<number | null> = [];
  const asked: string[] = [];
  const page = { reloads: 0, navigator: { onLine: online } };
  const fetch = (url: string) => {
    asked.push(url);
    const status = answers.shift() ?? null;
    return status === null ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve({ ok: status < 400 });
  };
  new Function("addEventListener", "fetch", "location", "navigator", "setTimeout", "clearTimeout", OFFLINE_PAGE_SCRIPT)(
    (type: string, listener: () => void) => listeners.set(type, listener),
    fetch,
    { reload: () => void page.reloads++ },
    page.navigator,
    setTimeout,
    clearTimeout,
  );
  const fire = (type: string) => listeners.get(type)?.();
  return { page, answers, asked, fire };
}

describe("the offline page's script", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("loads the page again once the browser is back online and the site answers, not on the browser's word alone", async () => {
    vi.useFakeTimers();
    const { page, answers, asked, fire } = offlinePageScript({ online: false });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(asked).toEqual([]);
    // Back online, the connection not working yet: asked again 3 s later, then 6 s.
    page.navigator.onLine = true;
    answers.push(null, null, 200);
    fire("online");
    await vi.advanceTimersByTimeAsync(0);
    expect([asked.length, page.reloads]).toEqual([1, 0]);
    await vi.advanceTimersByTimeAsync(3000);
    expect([asked.length, page.reloads]).toEqual([2, 0]);
    await vi.advanceTimersByTimeAsync(6000);
    expect([asked.length, page.reloads]).toEqual([3, 1]);
    expect(asked.every((url) => /^\/builds\/latest\.json\?\d+$/.test(url))).toBe(true);
  });

  it("never loads the page again over a tap the reader made meanwhile", async () => {
    vi.useFakeTimers();
    const { page, answers, fire } = offlinePageScript({ online: false });
    page.navigator.onLine = true;
    answers.push(200);
    fire("online");
    // A link tapped while the site's answer is on its way.
    fire("beforeunload");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(page.reloads).toBe(0);
  });

  it("keeps the page, with its ways out, when a gateway answers in the site's place, and asks again up to a minute apart", async () => {
    vi.useFakeTimers();
    const { page, answers, asked } = offlinePageScript({ online: true });
    // Shown while the browser says it is online (a network that does not reach the site): it asks by itself.
    answers.push(502, 503, 502, 502, 502, 502, 502, 200);
    await vi.advanceTimersByTimeAsync(3000 + 6000 + 12_000 + 24_000 + 48_000 + 60_000);
    expect([asked.length, page.reloads]).toEqual([6, 0]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect([asked.length, page.reloads]).toEqual([7, 0]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect([asked.length, page.reloads]).toEqual([8, 1]);
  });

  it("stops asking when the browser goes offline, and asks at once when it is back", async () => {
    vi.useFakeTimers();
    const { page, answers, asked, fire } = offlinePageScript({ online: true });
    page.navigator.onLine = false;
    fire("offline");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(asked).toEqual([]);
    page.navigator.onLine = true;
    answers.push(200);
    fire("online");
    await vi.advanceTimersByTimeAsync(0);
    expect([asked.length, page.reloads]).toEqual([1, 1]);
  });
});
