import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loader as hubLoader } from "~/routes/translation-meta";
import { loader as animeLoader } from "~/routes/translation-meta.anime";
import { loader as feedLoader } from "~/routes/translation-meta.feed";
import { loader as lnIndexLoader } from "~/routes/translation-meta.ln";
import { loader as lnPageLoader } from "~/routes/translation-meta.ln-page";
import { load, pageOfKind, present, status } from "../support/workers-context";

describe("translation-meta loaders", () => {
  it("hub: counts by medium and severity, newest entries", async () => {
    const hub = await load(hubLoader, "/translation_meta");
    expect(hub.counts).toEqual(
      expect.arrayContaining([
        { medium: "light_novel", severity: "plot_relevant", count: 1 },
        { medium: "anime", severity: "minor", count: 1 },
      ]),
    );
    expect(hub.newest.find((entry) => entry.path.startsWith("/translation_meta/ln_mistls/"))?.id).toBe("main-2-lamp-softened");
    expect(hub.newest.find((entry) => entry.id === "main-2-lamp-softened")).toMatchObject({
      where: "Tiny Tale 2, chapter 1",
      path: "/translation_meta/ln_mistls/main_v2#entry-main-2-lamp-softened",
    });
  });

  it("index: every volume with counts per severity, and search across entries", async () => {
    const index = await load(lnIndexLoader, "/translation_meta/ln_mistls");
    const first = present(index.volumes.find((volume) => volume.key === "ln:main-1"));
    expect(first.counts).toEqual({ minor: 1, meaning_changing: 0, plot_relevant: 1 });
    expect(index.volumes.find((volume) => volume.key === "ln:ex-1")?.total).toBe(0);
    const search = await load(lnIndexLoader, "/translation_meta/ln_mistls?q=twice");
    expect(search.matches.map((entry) => entry.id)).toEqual(["main-1-knock-twice"]);
    expect(search.paging).toMatchObject({ page: 1, total: 1 });
  });

  it("a collection page and a volume page with entries in reading order", async () => {
    const collectionPage = await load(lnPageLoader, "/translation_meta/ln_mistls/main", { slug: "main" });
    expect(collectionPage.kind).toBe("collection");
    const collection = pageOfKind(collectionPage, "collection");
    expect(collection.volumes.map((volume) => volume.total)).toEqual([2, 1]);

    const volume = pageOfKind(await load(lnPageLoader, "/translation_meta/ln_mistls/main_v1", { slug: "main_v1" }), "volume");
    expect(volume.entries.map((entry) => [entry.id, entry.chapter, entry.chapterTitle])).toEqual([
      ["main-1-knock-twice", 1, "Knock"],
      ["main-1-hinge-name", 2, "Hinge"],
    ]);
    expect(volume.entries[1]?.revealAt).toBe(4);
    // Gated at the chapter its passage comes from (wn:1-1), not at the end of the volume (wn:1-3).
    expect(volume.entries[0]?.revealAt).toBe(1);
    expect(volume.facets.severity).toEqual({ minor: 1, plot_relevant: 1 });
  });

  it("filters a volume's entries by the URL", async () => {
    const path = "/translation_meta/ln_mistls/main_v1?severity=plot_relevant";
    const filtered = pageOfKind(await load(lnPageLoader, path, { slug: "main_v1" }), "volume");
    expect(filtered.entries.map((entry) => entry.id)).toEqual(["main-1-knock-twice"]);
    const none = pageOfKind(await load(lnPageLoader, "/translation_meta/ln_mistls/main_v1?status=disputed", { slug: "main_v1" }), "volume");
    expect(none.entries).toEqual([]);
  });

  it.each(["main_v0", "main_vx", "_v3", "main_v", "1".repeat(40), "main_v3_v4", "main_v3", "nope", "nope_v1", "main_v01"])(
    "answers 404 for %s",
    async (slug) => {
      expect(await status(lnPageLoader, `/translation_meta/ln_mistls/${slug}`, { slug })).toBe(404);
    },
  );

  it("anime entries by episode and time, filtered", async () => {
    const all = await load(animeLoader, "/translation_meta/anime_mistls");
    expect(all.entries.map((entry) => [entry.id, entry.start])).toEqual([
      ["s1e1-snack", 190],
      ["s1e2-the-lie", 1260],
    ]);
    expect(all.season).toBe(1);
    expect(all.seasons.map((season) => [season.number, season.entries])).toEqual([[1, 2]]);
    const dub = await load(animeLoader, "/translation_meta/anime_mistls?severity=plot_relevant");
    expect(dub.entries.map((entry) => entry.track)).toEqual(["dub"]);
    expect(dub.seasons.map((season) => season.entries)).toEqual([1]);
    expect((await load(animeLoader, "/translation_meta/anime_mistls?season=1")).entries).toHaveLength(2);
    expect(await status(animeLoader, "/translation_meta/anime_mistls?season=2")).toBe(404);
    expect(await status(animeLoader, "/translation_meta/anime_mistls?season=first")).toBe(404);
  });

  it("the Atom feed lists the newest entries of both media", async () => {
    const response = await load(feedLoader, "/translation_meta/feed.xml");
    expect(response.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    expect(xml.match(/<entry>/g)).toHaveLength(5);
    // Links are on the configured site origin (SITE_URL), not the host the request named.
    expect(xml).toContain(`<id>${env.SITE_URL}/translation_meta/ln_mistls/main_v1#entry-main-1-knock-twice</id>`);
    expect(xml).toContain("<updated>2020-04-09T00:00:00Z</updated>");
  });

  it("the feed, the same for every reader, carries no line of an entry behind the spoiler shield", async () => {
    const xml = await (await load(feedLoader, "/translation_meta/feed.xml")).text();
    for (const line of ["Knock on the door once.", "Knock on the door twice.", "Hinge Guard", "Hingekeeper"]) expect(xml).not.toContain(line);
    expect(xml).toContain("behind the spoiler shield");
  });
});
