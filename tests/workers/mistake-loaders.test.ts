import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as hubLoader } from "~/routes/translation-meta";
import { loader as animeLoader } from "~/routes/translation-meta.anime";
import { loader as feedLoader } from "~/routes/translation-meta.feed";
import { loader as lnIndexLoader } from "~/routes/translation-meta.ln";
import { loader as lnPageLoader } from "~/routes/translation-meta.ln-page";
import { entryHandle, formatTimestamp } from "~/lib/mistakes/rules";
import { noKnowledge, parseKnowledge } from "~/lib/shield/knowledge";
import {
  type StoredMistakes,
  entriesIn,
  storedMistakes,
  unknownTextsIn,
  wronglyShownOrSealed,
} from "../support/mistakes";
import { importTestPack } from "../support/packs";
import { visitor } from "../support/readers";
import { load, pageOfKind, present, status } from "../support/workers-context";

describe("translation-meta loaders", () => {
  it("hub: counts by medium and severity, newest entries", async () => {
    const hub = await load(hubLoader, "/translation_meta?reveal=all");
    expect(hub.counts).toEqual({
      light_novel: { total: 3, knownBySeverity: { minor: 1, meaning_changing: 1, plot_relevant: 1 } },
      anime: { total: 2, knownBySeverity: { minor: 1, meaning_changing: 0, plot_relevant: 1 } },
    });
    expect(hub.newest.find((entry) => entry.content?.path.startsWith("/translation_meta/ln_mistls/"))?.id).toBe(
      entryHandle("main-2-lamp-softened"),
    );
    expect(hub.newest.find((entry) => entry.id === entryHandle("main-2-lamp-softened"))?.content).toMatchObject({
      where: "Tiny Tale 2, Chapter 1",
      path: `/translation_meta/ln_mistls/main_v2#entry-${entryHandle("main-2-lamp-softened")}`,
    });
  });

  it("hub: a newest line the requester does not know says nothing of its entry, an anime one not its timestamp", async () => {
    const at = (seconds: number) => `at ${formatTimestamp(seconds)}`;
    // The tiny pack's anime entries: episode 1's at 3:10 (revealed by episode 1), episode 2's at 21:00 (by arc 2).
    const snack = entryHandle("s1e1-snack");
    const lie = entryHandle("s1e2-the-lie");
    for (const path of ["/translation_meta", "/translation_meta.data"]) {
      const body = await (await visitor.fetch(path)).text();
      expect(body, path).not.toContain(at(190));
      expect(body, path).not.toContain(at(1260));
    }
    const sealed = await load(hubLoader, "/translation_meta");
    for (const id of [snack, lie])
      expect(sealed.newest.find((entry) => entry.id === id)).toEqual({
        id,
        revealedBy: expect.any(Array),
        content: null,
      });
    // A viewer of episode 1 gets its line with its place and time, and still nothing of episode 2's.
    const viewer = await load(hubLoader, "/translation_meta?reveal=anime:1-1");
    expect(viewer.newest.find((entry) => entry.id === snack)?.content).toMatchObject({
      where: `Anime season 1 · episode 1 ${at(190)}`,
      severity: "minor",
    });
    expect(viewer.newest.find((entry) => entry.id === lie)?.content).toBeNull();
    expect(JSON.stringify(viewer)).not.toContain(at(1260));
  });

  it("index: every volume with counts per severity, and search across entries", async () => {
    const index = await load(lnIndexLoader, "/translation_meta/ln_mistls");
    expect(present(index.volumes.find((volume) => volume.key === "ln:main-1")).total).toBe(2);
    expect(index.volumes.find((volume) => volume.key === "ln:ex-1")?.total).toBe(0);
    const search = await load(lnIndexLoader, "/translation_meta/ln_mistls?q=twice&reveal=all");
    expect(search.matches.map((entry) => entry.id)).toEqual([entryHandle("main-1-knock-twice")]);
    expect(search.paging).toMatchObject({ page: 1, total: 1 });
    // A Japanese word inside the line (扉は二度叩け, 蝶番の守り手) finds its entry, not only the line's start.
    for (const [word, id] of [
      ["二度叩", "main-1-knock-twice"],
      ["守り手", "main-1-hinge-name"],
      ["蝶番 守り", "main-1-hinge-name"],
      ["hinge 守り", "main-1-hinge-name"],
    ]) {
      const found = await load(lnIndexLoader, `/translation_meta/ln_mistls?q=${encodeURIComponent(word!)}&reveal=all`);
      expect(
        found.matches.map((entry) => entry.id),
        word,
      ).toEqual([entryHandle(id!)]);
    }
    // Nothing searchable in the text: no entry matches, and the volumes are not offered as matches.
    for (const query of ["%25", "*", "%22", "-"]) {
      const nothing = await load(lnIndexLoader, `/translation_meta/ln_mistls?q=${query}`);
      expect(nothing, query).toMatchObject({ volumes: [], matches: [], paging: { total: 0 } });
    }
  });

  it("index: a search reads a place's number beside the place", async () => {
    const explanations: Record<string, string> = {
      "main-1-knock-twice": "二度 means twice; volume 7.5 repeats the ritual.",
      "main-1-hinge-name": "Rendered Hingekeeper in volume 2 and in 5 other places.",
    };
    await importTestPack("tiny", {
      edit: (files) => {
        for (const entry of files["mistranslations.json"].lightNovel)
          entry.explanation = explanations[entry.id] ?? entry.explanation;
      },
    });
    try {
      const found = async (words: string) =>
        (
          await load(lnIndexLoader, `/translation_meta/ln_mistls?q=${encodeURIComponent(words)}&reveal=all`)
        ).matches.map((entry) => entry.id);
      // "5", away from "volume", is the "5 other places", not a volume.
      for (const words of ["vol 5", "volume 5", "vol5"]) expect(await found(words), words).toEqual([]);
      expect(await found("vol 2")).toEqual([entryHandle("main-1-hinge-name")]);
      expect(await found("5 other")).toEqual([entryHandle("main-1-hinge-name")]);
      for (const words of ["vol 7.5", "volume 7.5"])
        expect(await found(words), words).toEqual([entryHandle("main-1-knock-twice")]);
    } finally {
      await importTestPack("tiny");
    }
  });

  it("searching the light novel mistakes tells a requester who knows nothing the same for words only gated entries hold as for words nothing holds", async () => {
    const answer = async (path: string, word: string) => {
      const response = await visitor.fetch(path);
      return {
        status: response.status,
        body: (await response.text()).replaceAll(word, "WORDS").replace(/nonce="[^"]*"/g, 'nonce=""'),
      };
    };
    // "twice" is only in an entry of the first chapter (gated).
    for (const ask of [
      "/translation_meta/ln_mistls?q=",
      "/translation_meta/ln_mistls.data?q=",
      "/translation_meta/ln_mistls?page=2&q=",
    ]) {
      const gatedOnly = await answer(`${ask}twice`, "twice");
      expect(gatedOnly, ask).toEqual(await answer(`${ask}qqzzx`, "qqzzx"));
      expect(gatedOnly.body, ask).not.toContain("main-1-knock-twice");
    }
  });

  it("a collection page and a volume page with entries in reading order", async () => {
    const collectionPage = await load(lnPageLoader, "/translation_meta/ln_mistls/main", { slug: "main" });
    expect(collectionPage.kind).toBe("collection");
    const collection = pageOfKind(collectionPage, "collection");
    expect(collection.volumes.map((volume) => volume.total)).toEqual([2, 1]);

    const volume = pageOfKind(
      await load(lnPageLoader, "/translation_meta/ln_mistls/main_v1?reveal=all", { slug: "main_v1" }),
      "volume",
    );
    expect(
      volume.entries.map((entry) => [entry.id, entry.content?.chapter, entry.content?.chapterTitle.content]),
    ).toEqual([
      [entryHandle("main-1-knock-twice"), 1, "Knock"],
      [entryHandle("main-1-hinge-name"), 2, "Hinge"],
    ]);
    expect(volume.entries[1]?.revealedBy).toEqual(["wn:2-1", "ln:main-2", "anime:1-2", "anime:1r1-2"]);
    // Revealed by the chapter its passage comes from (wn:1-1), not only by the end of the volume (wn:1-3).
    expect(volume.entries[0]?.revealedBy).toContain("wn:1-1");
    expect(volume.facets.severity).toEqual({ minor: 1, plot_relevant: 1 });
  });

  it("counts in each filter only the entries the requester knows, on a volume's page and the anime's", async () => {
    const volumeFacets = async (reveal: string) =>
      pageOfKind(
        await load(lnPageLoader, `/translation_meta/ln_mistls/main_v1${reveal}`, { slug: "main_v1" }),
        "volume",
      ).facets;
    // A first load knows nothing: both entries are behind the shield, and no filter counts them.
    expect(await volumeFacets("")).toEqual({ category: {}, severity: {}, status: {} });
    // A reader of the first chapter knows the entry its passage comes from, not the one revealed in arc 2.
    expect((await volumeFacets("?reveal=wn:1-1")).severity).toEqual({ plot_relevant: 1 });
    expect((await volumeFacets("?reveal=all")).severity).toEqual({ minor: 1, plot_relevant: 1 });

    const animeFacets = async (reveal: string) =>
      (await load(animeLoader, `/translation_meta/anime_mistls${reveal}`)).facets;
    const everything = await animeFacets("?reveal=all");
    expect(Object.values(everything.status).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    expect(await animeFacets("")).toEqual({ category: {}, severity: {}, status: {} });
  });

  it("counts a volume's entries by severity, on the index and its collection's page, among those the requester knows, as its own page's filter does", async () => {
    const volumeCounts = async (reveal: string) => {
      const index = await load(lnIndexLoader, `/translation_meta/ln_mistls${reveal}`);
      const collection = pageOfKind(
        await load(lnPageLoader, `/translation_meta/ln_mistls/main${reveal}`, { slug: "main" }),
        "collection",
      );
      const onIndex = present(index.volumes.find((volume) => volume.key === "ln:main-1"));
      expect(present(collection.volumes.find((volume) => volume.key === "ln:main-1"))).toEqual(onIndex);
      return onIndex;
    };
    const ownFilter = async (reveal: string) =>
      pageOfKind(
        await load(lnPageLoader, `/translation_meta/ln_mistls/main_v1${reveal}`, { slug: "main_v1" }),
        "volume",
      ).facets.severity;
    // Both entries of the first volume are behind the shield: a first load (every signed-out reader's
    // cached page) counts them in the total its runs say, and in no severity.
    expect(await volumeCounts("")).toMatchObject({
      total: 2,
      knownBySeverity: { minor: 0, meaning_changing: 0, plot_relevant: 0 },
    });
    // A reader of the first chapter knows the plot-relevant entry, not the minor one revealed in arc 2.
    const firstChapter = await volumeCounts("?reveal=wn:1-1");
    expect(firstChapter).toMatchObject({
      total: 2,
      knownBySeverity: { minor: 0, meaning_changing: 0, plot_relevant: 1 },
    });
    expect(await ownFilter("?reveal=wn:1-1")).toEqual({ plot_relevant: 1 });
    expect((await volumeCounts("?reveal=all")).knownBySeverity).toEqual({
      minor: 1,
      meaning_changing: 0,
      plot_relevant: 1,
    });
  });

  it("the hub counts by severity only the entries the requester knows, and every entry in each medium's total", async () => {
    const counts = async (reveal: string) => (await load(hubLoader, `/translation_meta${reveal}`)).counts;
    expect(await counts("")).toEqual({
      light_novel: { total: 3, knownBySeverity: { minor: 0, meaning_changing: 0, plot_relevant: 0 } },
      anime: { total: 2, knownBySeverity: { minor: 0, meaning_changing: 0, plot_relevant: 0 } },
    });
    expect(await counts("?reveal=wn:1-1,anime:1-1")).toEqual({
      light_novel: { total: 3, knownBySeverity: { minor: 0, meaning_changing: 0, plot_relevant: 1 } },
      anime: { total: 2, knownBySeverity: { minor: 1, meaning_changing: 0, plot_relevant: 0 } },
    });
  });

  it("under a filter, the anime's seasons count and list only the entries the requester knows", async () => {
    const filtered = async (reveal: string) =>
      load(animeLoader, `/translation_meta/anime_mistls?severity=plot_relevant${reveal}`);
    // The plot-relevant entry, in episode 2, is revealed by web novel chapter 2-2: a first load and a
    // viewer of episode 1 are told of none.
    for (const reveal of ["", "&reveal=anime:1-1"]) {
      const page = await filtered(reveal);
      expect(
        page.seasons.map((season) => season.entries),
        reveal,
      ).toEqual([0]);
      expect(page.entries, reveal).toEqual([]);
    }
    const viewer = await filtered("&reveal=wn:2-2");
    expect(viewer.seasons.map((season) => season.entries)).toEqual([1]);
    expect(viewer.entries.map((entry) => entry.id)).toEqual([entryHandle("s1e2-the-lie")]);
    // Without a filter, every entry is listed (sealed) and counted, as the page's runs of hidden entries say.
    const unfiltered = await load(animeLoader, "/translation_meta/anime_mistls");
    expect(unfiltered.seasons.map((season) => season.entries)).toEqual([2]);
    expect(unfiltered.entries).toHaveLength(2);
  });

  it("filters a volume's entries by the URL", async () => {
    const path = "/translation_meta/ln_mistls/main_v1?severity=plot_relevant&reveal=all";
    const filtered = pageOfKind(await load(lnPageLoader, path, { slug: "main_v1" }), "volume");
    expect(filtered.entries.map((entry) => entry.id)).toEqual([entryHandle("main-1-knock-twice")]);
    const none = pageOfKind(
      await load(lnPageLoader, "/translation_meta/ln_mistls/main_v1?status=disputed", { slug: "main_v1" }),
      "volume",
    );
    expect(none.entries).toEqual([]);
  });

  it("a sealed entry on a volume's page and the anime's carries its handle, its episode and its revealers, nothing of what it is", async () => {
    const volumePage = async (reveal: string) =>
      pageOfKind(
        await load(lnPageLoader, `/translation_meta/ln_mistls/main_v1${reveal}`, { slug: "main_v1" }),
        "volume",
      );
    const animePage = (reveal: string) => load(animeLoader, `/translation_meta/anime_mistls${reveal}`);
    // Volume 1: the plot-relevant entry is revealed by wn:1-1, the minor one in arc 2. The anime: the minor
    // entry at 3:10 by episode 1, the plot-relevant one at 21:00 by arc 2.
    for (const [reveal, knownIds] of [
      ["", []],
      ["?reveal=wn:1-1,anime:1-1", ["main-1-knock-twice", "s1e1-snack"]],
      ["?reveal=all", ["main-1-knock-twice", "main-1-hinge-name", "s1e1-snack", "s1e2-the-lie"]],
    ] as const) {
      const known = new Set<string>(knownIds.map(entryHandle));
      const listed = [...(await volumePage(reveal)).entries, ...(await animePage(reveal)).entries];
      expect(listed.map((entry) => entry.id).sort(), reveal).toEqual(
        ["main-1-knock-twice", "main-1-hinge-name", "s1e1-snack", "s1e2-the-lie"].map(entryHandle).sort(),
      );
      for (const entry of listed) {
        const { id, revealedBy, content, ...beside } = entry;
        expect(Object.keys(beside), `${reveal} ${id}`).toEqual("episode" in entry ? ["episode"] : []);
        expect(revealedBy).not.toBeNull();
        if (known.has(id)) expect(content, `${reveal} ${id}`).toMatchObject({ id, severity: expect.any(String) });
        else expect(content, `${reveal} ${id}`).toBeNull();
      }
    }
    // The page as sent, and its data: no severity, no timestamp of an entry the requester does not know.
    const sealedBodies = async (path: string) => {
      const data = path.replace(/(\?|$)/, ".data$1");
      const html = await (await visitor.fetch(path)).text();
      // The hydration data only: the filter's options name every severity.
      const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
      return [scripts.join("\n"), await (await visitor.fetch(data)).text()];
    };
    for (const body of await sealedBodies("/translation_meta/ln_mistls/main_v1"))
      expect(body).not.toMatch(/plot_relevant|minor|mistranslation|confirmed|1st printing/);
    for (const body of await sealedBodies("/translation_meta/ln_mistls/main_v1?reveal=wn:1-1")) {
      expect(body).toContain("plot_relevant");
      expect(body).not.toContain("minor");
    }
    for (const body of await sealedBodies("/translation_meta/anime_mistls"))
      expect(body).not.toMatch(/plot_relevant|minor|StreamCo|190|1260/);
    for (const body of await sealedBodies("/translation_meta/anime_mistls?reveal=anime:1-1")) {
      expect(body).toContain("190");
      expect(body).not.toMatch(/plot_relevant|1260/);
    }
  });

  it("under a filter, a volume's page and the anime's list only the known entries that match, and say how many others their place has", async () => {
    const volumePage = async (query: string) =>
      pageOfKind(
        await load(lnPageLoader, `/translation_meta/ln_mistls/main_v1?${query}`, { slug: "main_v1" }),
        "volume",
      );
    // A first load, whatever the severity asked for, lists none and says both entries lie beyond.
    for (const severity of ["plot_relevant", "minor", "meaning_changing"]) {
      const page = await volumePage(`severity=${severity}`);
      expect({ entries: page.entries, total: page.paging.total, unknown: page.unknown }, severity).toEqual({
        entries: [],
        total: 0,
        unknown: 2,
      });
    }
    const reader = await volumePage("severity=plot_relevant&reveal=wn:1-1");
    expect(reader.entries.map((entry) => entry.id)).toEqual([entryHandle("main-1-knock-twice")]);
    expect(reader.paging.total).toBe(reader.facets.severity.plot_relevant);
    expect(reader.unknown).toBe(1);
    expect((await volumePage("severity=minor&reveal=wn:1-1")).entries).toEqual([]);
    expect((await volumePage("severity=plot_relevant&reveal=all")).unknown).toBe(0);
    // Without a filter, the list's runs say it: every entry is there.
    expect((await volumePage("")).unknown).toBeNull();

    const html = await (await visitor.fetch("/translation_meta/ln_mistls/main_v1?severity=plot_relevant")).text();
    expect(html).toContain("2 entries of this volume, whatever the filters, beyond what you have read or watched.");
    expect(html).not.toContain("1 entry beyond");

    const anime = (query: string) => load(animeLoader, `/translation_meta/anime_mistls?${query}`);
    expect((await anime("severity=plot_relevant")).unknown).toBe(2);
    expect((await anime("severity=minor&reveal=anime:1-1")).unknown).toBe(1);
    expect((await anime("severity=minor&reveal=all")).unknown).toBe(0);
    expect((await anime("")).unknown).toBeNull();
    const animeHtml = await (await visitor.fetch("/translation_meta/anime_mistls?severity=minor")).text();
    expect(animeHtml).toContain("2 entries in season 1, whatever the filters, beyond what you have read or watched.");
  });

  it.each([
    "main_v0",
    "main_vx",
    "_v3",
    "main_v",
    "1".repeat(40),
    "main_v3_v4",
    "main_v3",
    "nope",
    "nope_v1",
    "main_v01",
  ])("answers 404 for %s", async (slug) => {
    expect(await status(lnPageLoader, `/translation_meta/ln_mistls/${slug}`, { slug })).toBe(404);
  });

  it("anime entries by episode and time, filtered", async () => {
    const all = await load(animeLoader, "/translation_meta/anime_mistls?reveal=all");
    expect(all.entries.map((entry) => [entry.id, entry.content?.start])).toEqual([
      [entryHandle("s1e1-snack"), 190],
      [entryHandle("s1e2-the-lie"), 1260],
    ]);
    expect(all.season).toBe(1);
    expect(all.seasons.map((season) => [season.number, season.entries])).toEqual([[1, 2]]);
    const dub = await load(animeLoader, "/translation_meta/anime_mistls?severity=plot_relevant&reveal=all");
    expect(dub.entries.map((entry) => entry.content?.track)).toEqual(["dub"]);
    expect(dub.seasons.map((season) => season.entries)).toEqual([1]);
    expect((await load(animeLoader, "/translation_meta/anime_mistls?season=1")).entries).toHaveLength(2);
    expect(await status(animeLoader, "/translation_meta/anime_mistls?season=2")).toBe(404);
    expect(await status(animeLoader, "/translation_meta/anime_mistls?season=first")).toBe(404);
  });

  it("the Atom feed lists the newest entries of both media", async () => {
    const response = await load(feedLoader, "/translation_meta/feed.xml");
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<\?xml-stylesheet type="text\/css" href="\/feed.css"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/,
    );
    expect(xml.match(/<entry>/g)).toHaveLength(5);
    // Links are on the configured site origin (SITE_URL), not the host the request named.
    expect(xml).toContain(
      `<id>${env.SITE_URL}/translation_meta/ln_mistls/main_v1#entry-${entryHandle("main-1-knock-twice")}</id>`,
    );
    expect(xml).toContain("<updated>2020-04-09T00:00:00Z</updated>");
  });

  it("the feed, the same for every reader, carries no line of an entry behind the spoiler shield", async () => {
    const xml = await (await load(feedLoader, "/translation_meta/feed.xml")).text();
    // Nor its id, which is made of its lines ("main-1-knock-twice"): the feed links to it by its handle.
    for (const line of [
      "Knock on the door once.",
      "Knock on the door twice.",
      "Hinge Guard",
      "Hingekeeper",
      "knock-twice",
    ])
      expect(xml).not.toContain(line);
    expect(xml).toContain("behind the spoiler shield");
  });
});

/** Every mistakes page's data for a reveal parameter (none: a first load, a crawler). */
async function pagesData(reveal: string | null) {
  const withReveal = (path: string) =>
    reveal === null ? path : `${path}${path.includes("?") ? "&" : "?"}reveal=${reveal}`;
  return {
    hub: await load(hubLoader, withReveal("/translation_meta")),
    // Searches that match every light novel entry of the tiny pack between them (none of them a gated text).
    ...Object.fromEntries(
      await Promise.all(
        ["door", "guard", "idiot"].map(async (query) => [
          `search ${query}`,
          await load(lnIndexLoader, withReveal(`/translation_meta/ln_mistls?q=${query}`)),
        ]),
      ),
    ),
    volume1: await load(lnPageLoader, withReveal("/translation_meta/ln_mistls/main_v1"), { slug: "main_v1" }),
    volume2: await load(lnPageLoader, withReveal("/translation_meta/ln_mistls/main_v2"), { slug: "main_v2" }),
    anime: await load(animeLoader, withReveal("/translation_meta/anime_mistls")),
  };
}

describe("mistakes behind the spoiler shield", () => {
  let stored: StoredMistakes;
  beforeAll(async () => {
    stored = await storedMistakes();
    expect(stored.mistakes.length).toBeGreaterThanOrEqual(5);
  });

  it("without a reveal parameter, no loader's data holds an entry's text, though every entry is there", async () => {
    for (const [page, data] of Object.entries(await pagesData(null))) {
      expect(unknownTextsIn(JSON.stringify(data), stored, noKnowledge), page).toEqual([]);
      expect(wronglyShownOrSealed(data, stored, noKnowledge), page).toEqual([]);
    }
    // Sealed, not left out: every entry keeps its place (its id, for a permalink) on some page.
    const held = new Set(Object.values(await pagesData(null)).flatMap((data) => [...entriesIn(data).keys()]));
    expect([...held].sort()).toEqual(stored.mistakes.map((mistake) => mistake.id).sort());
  });

  it.each(["wn:1-2", "anime:1-2", "ln:main-1", "ln:main-2", "wn:2-2,anime:1-1"])(
    "with reveal=%s, exactly the entries those units reveal come with their text",
    async (reveal) => {
      const knowledge = present(parseKnowledge(reveal));
      let shown = 0;
      for (const [page, data] of Object.entries(await pagesData(reveal))) {
        expect(unknownTextsIn(JSON.stringify(data), stored, knowledge), page).toEqual([]);
        expect(wronglyShownOrSealed(data, stored, knowledge), page).toEqual([]);
        shown += [...entriesIn(data).values()].filter(Boolean).length;
      }
      expect(shown).toBeGreaterThan(0);
    },
  );

  it("the HTML and .data of every mistakes page, as a first load gets them, hold no entry's text", async () => {
    for (const path of [
      "/translation_meta",
      "/translation_meta/ln_mistls?q=door",
      "/translation_meta/ln_mistls/main_v1",
      "/translation_meta/anime_mistls",
    ]) {
      const data = path.replace(/(\?|$)/, ".data$1");
      for (const address of [path, data]) {
        const response = await visitor.fetch(address);
        expect(response.status, address).toBe(200);
        expect(unknownTextsIn(await response.text(), stored, noKnowledge), address).toEqual([]);
      }
    }
  });

  it("the feed is sealed for what its address states, and says of a sealed entry only where it is and when", async () => {
    const xml = await (await load(feedLoader, "/translation_meta/feed.xml")).text();
    expect(unknownTextsIn(xml, stored, noKnowledge)).toEqual([]);
    const titles = [...xml.matchAll(/<entry>[\s\S]*?<title>([^<]*)<\/title>/g)].map((match) => match[1]);
    // Its volume or episode, as the pages show a sealed entry in its place, and the day the site posted or
    // changed it; how it is judged goes with its lines.
    expect(titles.sort()).toEqual([
      "Season 1 · Episode 1: a note behind the spoiler shield, added 2 Apr 2020",
      "Season 1 · Episode 2: a note behind the spoiler shield, added 9 Apr 2020",
      "Tiny Tale 1: a note behind the spoiler shield, added 1 Feb 2018",
      "Tiny Tale 1: a note behind the spoiler shield, changed 1 Jan 2019",
      "Tiny Tale 2: a note behind the spoiler shield, added 1 Jun 2019",
    ]);
    for (const reveal of ["wn:1-2", "anime:1-2", "ln:main-1", "wn:2-2,anime:1-1"]) {
      const stated = await (await load(feedLoader, `/translation_meta/feed.xml?reveal=${reveal}`)).text();
      expect(unknownTextsIn(stated, stored, present(parseKnowledge(reveal))), reveal).toEqual([]);
    }
    // Nor where it is within its volume or episode, its edition or track, who wrote it: a reader's report may have written them.
    for (const fact of [
      "Plot-relevant",
      "Mistranslation",
      "Confirmed",
      "1st printing",
      "StreamCo",
      "lampwright",
      "p. 12",
    ])
      expect(xml).not.toContain(fact);
    expect(xml).not.toMatch(/21:0\d/);
  });
});
