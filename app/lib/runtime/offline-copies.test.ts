import { describe, expect, it } from "vitest";
import {
  assetsOf,
  cacheNames,
  copyAge,
  isSignedInCache,
  keptCacheReader,
  keptCopy,
  oldestBeyond,
  isStaleCache,
  pageOf,
  routesTogether,
  readerHeaderValue,
  readerOf,
  readerOfCookies,
  signedInCookieName,
  storedAtOf,
  strategyFor,
  keptForLess,
} from "./offline-copies";

const origin = "https://companion.test";
const get = (path: string, mode = "cors") => ({ url: `${origin}${path}`, method: "GET", mode });

describe("strategyFor: how the service worker answers a request", () => {
  it("takes hashed files from the device first", () => {
    expect(strategyFor(get("/assets/shell-BEGrc_rd.js", "no-cors"), origin)).toBe("asset");
    expect(strategyFor(get("/assets/inter-latin-wght-normal.woff2"), origin)).toBe("asset");
  });

  it("shows the pictures pages show from the device, and keeps the network's for next time", () => {
    expect(strategyFor(get("/media/demo/portraits/ilse-marrow.svg", "no-cors"), origin)).toBe("media");
    expect(strategyFor(get("/media/demo/covers/lanternfall-1.webp", "no-cors"), origin)).toBe("media");
    // A picture opened in a tab is the browser's to fetch; another site's pictures are left alone.
    expect(strategyFor(get("/media/demo/covers/lanternfall-1.webp", "navigate"), origin)).toBe("network");
    expect(strategyFor({ url: "https://cdn.example/media/x.png", method: "GET", mode: "no-cors" }, origin)).toBe(
      "network",
    );
  });

  it("answers documents and their .data from the network, with the kept copy after it", () => {
    expect(strategyFor(get("/", "navigate"), origin)).toBe("page");
    expect(strategyFor(get("/releases?medium=anime", "navigate"), origin)).toBe("page");
    expect(strategyFor(get("/_root.data"), origin)).toBe("page");
    expect(strategyFor(get("/characters/ilse-marrow.data?_routes=root"), origin)).toBe("page");
    // The reveal request is a .data request too: its address holds the knowledge it is asked with.
    expect(strategyFor(get("/web_novel.data?reveal=wn%3A1-12"), origin)).toBe("page");
  });

  it("keeps the tracker's timeline as it keeps pages: the tracker cannot be drawn without it", () => {
    expect(strategyFor(get("/resources/timeline"), origin)).toBe("page");
    expect(strategyFor(get("/resources/timeline?reveal=wn%3A1-12"), origin)).toBe("page");
    // Another resource, or a form sent to it, still always reaches the site.
    expect(strategyFor(get("/resources/timeline/more"), origin)).toBe("network");
    expect(strategyFor({ ...get("/resources/timeline"), method: "POST" }, origin)).toBe("network");
  });

  it("stays out of forms, other sites, the API, sign-in, resources and the build id", () => {
    expect(strategyFor({ ...get("/releases.data"), method: "POST" }, origin)).toBe("network");
    expect(strategyFor({ ...get("/auth/logout", "navigate"), method: "POST" }, origin)).toBe("network");
    expect(strategyFor({ url: "https://evil.example/assets/x.js", method: "GET", mode: "cors" }, origin)).toBe(
      "network",
    );
    for (const path of [
      "/api",
      "/api.data",
      "/api/v1/units",
      "/auth/session",
      "/resources/progress",
      "/resources/similar-mistakes?q=a",
      "/builds/latest.json",
      "/site.webmanifest",
      "/releases/feed.xml",
      "/releases/calendar.ics",
    ])
      expect(strategyFor(get(path, "navigate"), origin), path).toBe("network");
    expect(strategyFor(get("/builds/latest.json?123"), origin)).toBe("network");
    expect(strategyFor(get("/resources/progress"), origin)).toBe("network");
    expect(strategyFor(get("/api/v1/units"), origin)).toBe("network");
    // A page whose name only starts like one of them is a page.
    expect(strategyFor(get("/apiary", "navigate"), origin)).toBe("page");
  });
});

describe("routesTogether: the routes offline pages may lead to", () => {
  const manifest = (paths: string, version = "v1") =>
    `${origin}/__manifest?paths=${encodeURIComponent(paths)}&version=${version}`;
  it("sends React Router's route questions to the network, and puts the kept answers of its version together", () => {
    expect(strategyFor({ url: manifest("/characters"), method: "GET", mode: "cors" }, origin)).toBe("routes");
    const kept = [
      { url: manifest("/,/releases"), routes: { root: { id: "root" }, "routes/releases": { id: "routes/releases" } } },
      {
        url: manifest("/characters"),
        routes: { root: { id: "root" }, "routes/characters": { id: "routes/characters" } },
      },
      { url: manifest("/anime", "v0"), routes: { "routes/anime": { id: "routes/anime" } } },
      { url: manifest("/broken"), routes: ["not", "routes"] },
    ];
    expect(routesTogether(manifest("/characters/ilse-marrow"), kept)).toEqual({
      root: { id: "root" },
      "routes/releases": { id: "routes/releases" },
      "routes/characters": { id: "routes/characters" },
    });
  });

  it("answers nothing when no kept answer is of the version asked", () => {
    expect(routesTogether(manifest("/", "v9"), [{ url: manifest("/"), routes: { root: {} } }])).toBeNull();
    expect(routesTogether(manifest("/"), [])).toBeNull();
  });
});

describe("cache names", () => {
  it("name the build and, for pages, the reader, so neither reader's copies are ever the other's", () => {
    const names = new Set([
      cacheNames.assets("b1"),
      cacheNames.pages("b1", "signed-in"),
      cacheNames.pages("b1", "signed-out"),
      cacheNames.pages("b2", "signed-in"),
    ]);
    expect(names.size).toBe(4);
    expect(cacheNames.pages("b1", "signed-in")).toContain("b1");
  });

  it("count every older build's caches as stale, never this build's nor another's storage", () => {
    const build = "20261130-abc";
    expect(isStaleCache(cacheNames.assets(build), build)).toBe(false);
    expect(isStaleCache(cacheNames.pages(build, "signed-in"), build)).toBe(false);
    expect(isStaleCache(cacheNames.pages(build, "signed-out"), build)).toBe(false);
    expect(isStaleCache(cacheNames.media(build), build)).toBe(false);
    expect(isStaleCache(cacheNames.media("20261129-old"), build)).toBe(true);
    // Where an older worker kept the reader it last heard of: read from the session's cookie now.
    expect(isStaleCache("rc-reader", build)).toBe(true);
    // What the reader kept for offline is the current build's too; an older build's is carried over, then deleted.
    expect(isStaleCache(cacheNames.kept(build, "signed-in"), build)).toBe(false);
    expect(isStaleCache(cacheNames.kept(build, "signed-out"), build)).toBe(false);
    expect(isStaleCache(cacheNames.kept("20261129-old", "signed-out"), build)).toBe(true);
    expect(isStaleCache(cacheNames.assets("20261129-old"), build)).toBe(true);
    expect(isStaleCache(cacheNames.pages("20261129-old", "signed-out"), build)).toBe(true);
    // A build whose id starts like this one's is another build.
    expect(isStaleCache(cacheNames.assets(`${build}x`), build)).toBe(true);
    expect(isStaleCache("workbox-precache-v2", build)).toBe(false);
    // The page's own store of the changes each account took (app/browser/sent-progress.ts).
    expect(isStaleCache("rc:progress-sent", build)).toBe(false);
  });

  it("find the signed-in pages of every build for a sign-out, and nothing else", () => {
    expect(isSignedInCache(cacheNames.pages("b1", "signed-in"))).toBe(true);
    expect(isSignedInCache(cacheNames.pages("b0", "signed-in"))).toBe(true);
    expect(isSignedInCache(cacheNames.pages("b1", "signed-out"))).toBe(false);
    expect(isSignedInCache(cacheNames.assets("b1"))).toBe(false);
    expect(isSignedInCache("rc-reader")).toBe(false);
    // What a signed-in reader kept for offline goes at sign-out too.
    expect(isSignedInCache(cacheNames.kept("b1", "signed-in"))).toBe(true);
    expect(isSignedInCache(cacheNames.kept("b1", "signed-out"))).toBe(false);
  });

  it("tell an older build's kept units by their reader, and nothing else as kept", () => {
    expect(keptCacheReader(cacheNames.kept("b0", "signed-in"))).toBe("signed-in");
    expect(keptCacheReader(cacheNames.kept("b0", "signed-out"))).toBe("signed-out");
    expect(keptCacheReader(cacheNames.pages("b0", "signed-out"))).toBeNull();
    expect(keptCacheReader("rc-kept-b0")).toBeNull();
  });
});

describe("oldestBeyond", () => {
  it("lets the oldest go from a cache over its size, and nothing from one within it", () => {
    expect(oldestBeyond(["a", "b", "c", "d"], 2)).toEqual(["a", "b"]);
    expect(oldestBeyond(["a", "b"], 2)).toEqual([]);
    expect(oldestBeyond([], 2)).toEqual([]);
    expect(oldestBeyond(["a"], 0)).toEqual(["a"]);
  });
});

describe("whom an answer was made for", () => {
  it("reads the site's header, and nothing else as a reader", () => {
    expect(readerOf(new Headers({ "X-Signed-In": readerHeaderValue(true) }))).toBe("signed-in");
    expect(readerOf(new Headers({ "X-Signed-In": readerHeaderValue(false) }))).toBe("signed-out");
    expect(readerOf(new Headers())).toBeNull();
    expect(readerOf(new Headers({ "X-Signed-In": "true" }))).toBeNull();
  });

  it("takes the reader as signed in only while the browser holds the session's readable cookie", () => {
    expect(readerOfCookies([signedInCookieName(true)])).toBe("signed-in");
    expect(readerOfCookies(["toast", signedInCookieName(false)])).toBe("signed-in");
    // Cleared cookies, a session run out, another cookie of the same sound.
    expect(readerOfCookies([])).toBe("signed-out");
    expect(readerOfCookies(["toast", "signed-in-elsewhere", "__Host-session"])).toBe("signed-out");
    // A worker that cannot read cookies shows only copies anyone may see.
    expect(readerOfCookies(null)).toBe("signed-out");
  });

  it("reads when a copy was kept, or nothing from a missing or broken stamp", () => {
    expect(storedAtOf(new Headers({ "X-Stored-At": "1764480000000" }))).toBe(1764480000000);
    for (const broken of ["", "0", "-5", "soon", "NaN", "Infinity"])
      expect(storedAtOf(new Headers({ "X-Stored-At": broken }))).toBeNull();
    expect(storedAtOf(new Headers())).toBeNull();
  });
});

describe("pageOf", () => {
  it("takes a document and its .data, with or without the routes and reveal asked, as one page", () => {
    expect(pageOf(`${origin}/releases`)).toBe("/releases");
    expect(pageOf(`${origin}/releases.data`)).toBe("/releases");
    expect(pageOf(`${origin}/releases.data?_routes=root%2Croutes%2Freleases`)).toBe("/releases");
    expect(pageOf(`${origin}/search.data?q=ash&reveal=wn%3A1-3`)).toBe("/search?q=ash");
    expect(pageOf(`${origin}/search?q=ash`)).toBe("/search?q=ash");
    expect(pageOf(`${origin}/_root.data`)).toBe("/");
    expect(pageOf(`${origin}/`)).toBe("/");
  });
});

describe("copyAge", () => {
  const now = Date.UTC(2026, 10, 30, 12);
  it("says how old a copy is in whole minutes, hours or days", () => {
    expect(copyAge(now, now)).toBe("just now");
    expect(copyAge(now - 59_000, now)).toBe("just now");
    expect(copyAge(now - 60_000, now)).toBe("1 minute ago");
    expect(copyAge(now - 59 * 60_000, now)).toBe("59 minutes ago");
    expect(copyAge(now - 60 * 60_000, now)).toBe("1 hour ago");
    expect(copyAge(now - 25 * 60 * 60_000, now)).toBe("1 day ago");
    expect(copyAge(now - 400 * 24 * 60 * 60_000, now)).toBe("400 days ago");
  });

  it("takes a copy from the future (the clock moved back) as just made", () => {
    expect(copyAge(now + 3_600_000, now)).toBe("just now");
  });
});

describe("keptCopy", () => {
  const kept = [
    `${origin}/releases`,
    `${origin}/characters.data?_routes=root%2Croutes%2Fcharacters`,
    `${origin}/characters`,
    `${origin}/web_novel.data?reveal=wn%3A1-3`,
    `${origin}/search?q=ash`,
  ];
  it("prefers the page's data, then its document", () => {
    expect(keptCopy(kept, "/characters")).toBe("data");
    expect(keptCopy(kept, "/releases")).toBe("document");
    expect(keptCopy(kept, "/search?q=ash")).toBe("document");
  });

  it("never takes a reveal's answer, another query or another page for the page's data", () => {
    expect(keptCopy(kept, "/web_novel")).toBeNull();
    expect(keptCopy(kept, "/search?q=ashes")).toBeNull();
    expect(keptCopy(kept, "/characters/ilse-marrow")).toBeNull();
    expect(keptCopy([], "/")).toBeNull();
  });
});

describe("assetsOf", () => {
  it("names each hashed file a document uses once, and nothing else", () => {
    const html = `<link rel="modulepreload" href="/assets/discuss-Bx1_a-9Z.js"/><link rel="stylesheet" href="/assets/app-C2.css">
      <script type="module">import "/assets/entry.client-D4.js"; import("/assets/discuss-Bx1_a-9Z.js")</script>
      <a href="/assets-list">x</a><img src="/media/cover.webp"> @font-face{src:url(/assets/inter-latin.woff2)}`;
    expect(assetsOf(html, origin)).toEqual([
      `${origin}/assets/discuss-Bx1_a-9Z.js`,
      `${origin}/assets/app-C2.css`,
      `${origin}/assets/entry.client-D4.js`,
      `${origin}/assets/inter-latin.woff2`,
    ]);
    expect(assetsOf("<p>No scripts</p>", origin)).toEqual([]);
  });
});

describe("keptForLess: what the reader has reached, asked after a tick made offline", () => {
  const origin = "https://example.org";
  const timeline = (reveal: string | null) =>
    `${origin}/resources/timeline${reveal === null ? "" : `?reveal=${encodeURIComponent(reveal)}`}`;
  const kept = (reveal: string | null, storedAt: number) => ({ url: timeline(reveal), storedAt });

  it("answers with the newest copy kept for knowledge the reader has all of, saying which", () => {
    const copies = [kept(null, 1), kept("wn:5-20", 2), kept("wn:5-30", 3)];
    expect(keptForLess(timeline("ss:short-stories-2-1,wn:5-30"), copies)).toEqual({
      url: timeline("wn:5-30"),
      keptFor: "wn:5-30",
    });
    // Only the copy anyone may see is within a first tick's knowledge.
    expect(keptForLess(timeline("ss:short-stories-2-1"), copies)).toEqual({ url: timeline(null), keptFor: "" });
  });

  it("never answers with a copy kept for knowledge the reader lacks, nor for another request", () => {
    // Set back since, shield off since ("all"), another medium, an unreadable reveal.
    const beyond = [kept("wn:5-31", 5), kept("all", 6), kept("anime:1-2,wn:5-30", 7), kept("wn:0-0", 8)];
    expect(keptForLess(timeline("ss:short-stories-2-1,wn:5-30"), beyond)).toBeNull();
    // A skipped chapter the copy read: it would show its title.
    expect(keptForLess(timeline("-wn:1-7,wn:2-1"), [kept("wn:1-20", 1)])).toBeNull();
    // The very copy asked for is the worker's own match, not this; other addresses are not timelines.
    expect(keptForLess(timeline("wn:5-30"), [kept("wn:5-30", 1)])).toBeNull();
    expect(keptForLess(`${origin}/web_novel.data?arc=5&reveal=wn%3A5-30`, [kept(null, 1)])).toBeNull();
    expect(
      keptForLess(timeline("wn:5-30"), [{ url: `${origin}/web_novel.data?reveal=wn%3A5-1`, storedAt: 1 }]),
    ).toBeNull();
  });

  it("with the shield off or blurring (all), any kept copy will do", () => {
    expect(keptForLess(timeline("all"), [kept("wn:5-30", 1)])).toEqual({
      url: timeline("wn:5-30"),
      keptFor: "wn:5-30",
    });
  });

  it("answers a page's question from a copy of the same page, never another page's or another view's", () => {
    const page = (arc: number, reveal: string | null) =>
      `${origin}/web_novel.data?arc=${arc}${reveal === null ? "" : `&reveal=${encodeURIComponent(reveal)}`}&_routes=routes%2Fweb-novel`;
    const copies = [
      { url: page(5, "wn:5-30"), storedAt: 2 },
      { url: page(4, "wn:5-31"), storedAt: 3 },
      { url: `${origin}/web_novel.data?arc=5&reveal=wn%3A5-31`, storedAt: 4 },
    ];
    expect(keptForLess(page(5, "wn:5-31"), copies)).toEqual({ url: page(5, "wn:5-30"), keptFor: "wn:5-30" });
    // A question that states nothing is answered by the worker's own match, not this.
    expect(keptForLess(page(5, null), copies)).toBeNull();
  });
});
