import { describe, expect, it } from "vitest";
import { readRevealers } from "~/lib/content/units";
import { seasonEpisodesHeld } from "~/models/anime-recuts.server";
import { loader as animeLoader } from "~/routes/anime";
import { loader as characterLoader } from "~/routes/character";
import { loader as charactersLoader } from "~/routes/characters";
import { loader as homeLoader } from "~/routes/home";
import { loader as lightNovelsLoader } from "~/routes/light-novels";
import { loader as searchLoader } from "~/routes/search";
import { loader as sideStoriesLoader } from "~/routes/side-stories";
import { loader as breakTimeLoader } from "~/routes/break-time";
import { loader as webNovelLoader } from "~/routes/web-novel";
import { env } from "cloudflare:workers";
import { failing, load, present, respond, settle, status, statusOf } from "../support/workers-context";
import { visitor } from "../support/readers";

describe("catalogue loaders against the imported tiny pack", () => {
  it("home: the series and its numbers", async () => {
    const home = await load(homeLoader, "/");
    expect(home.series?.title).toBe("Tiny Tale");
    expect(home.counts).toMatchObject({ arcs: 2, chapters: 5, volumes: 3, characters: 2 });
    // Each arc's span names only the entries counting cannot: here a prologue and an epilogue.
    expect(home.spans.arcs).toEqual([
      { group: 1, first: 1, last: 3, count: 3, named: [[1, "prologue", null]] },
      { group: 2, first: 1, last: 2, count: 2, named: [[2, "epilogue", null]] },
    ]);
    // A manga series' and a recut's, so a reader of either is told where they go on.
    expect(home.spans.manga).toEqual([{ group: "door", series: 1, first: 1, last: 2, count: 2, named: [[2, "1.5"]] }]);
    expect(home.spans.recuts).toEqual([
      {
        group: "anime/1r1",
        season: 1,
        recut: 1,
        first: 1,
        last: 2,
        count: 2,
        // Each recut episode shows one of the season's whole.
        held: [
          [1, 1],
          [2, 2],
        ],
      },
    ]);
    // A season's episode split across recut episodes is shown at the one with its last part.
    const split = (part: number | null, of: number | null) => ({ episode: "anime:1-7", part, of });
    expect(
      seasonEpisodesHeld(
        JSON.stringify([
          [4, [{ episode: "anime:1-6", part: null, of: null }, split(1, 2)]],
          [5, [split(2, 2)]],
        ]),
      ),
    ).toEqual([
      [4, 6],
      [5, 7],
    ]);
    // A first visit has reached nothing, so home names the latest releases by their place, not their titles:
    // the film (the latest) and the episode before it.
    const watched = (releases: typeof home.releases) =>
      releases.filter((release) => release.medium === "anime" || release.medium === "anime_specials");
    const episodes = watched(home.releases);
    expect(episodes.map((episode) => [episode.label, episode.title.content])).toEqual([
      ["Anime · Film", null],
      ["Season 1 · Episode 2", null],
    ]);
    expect(episodes[1]?.title.revealedBy).toEqual(expect.arrayContaining(["titles", "anime:1-2"]));
    // A viewer of the second episode reads its title, a reader of the side story the film tells the film's;
    // one who chose to see titles of what they have not reached, both.
    const viewer = await load(homeLoader, "/?reveal=anime:1-2");
    expect(watched(viewer.releases).map((each) => each.title.content)).toEqual([null, "The Lie"]);
    const reader = await load(homeLoader, "/?reveal=ss:blog-1");
    expect(watched(reader.releases).map((each) => each.title.content)).toEqual(["Lamp Oil: The Film", null]);
    const choosing = await load(homeLoader, "/?reveal=titles");
    expect(watched(choosing.releases).map((each) => each.title.content)).toEqual(["Lamp Oil: The Film", "The Lie"]);
    // The manga's newest are there too: a reader of the manga alone sees their medium.
    expect(home.releases.some((release) => release.medium === "manga")).toBe(true);
  });

  it("web novel: arcs with totals, one arc's chapters with what adapts them", async () => {
    const page = await load(webNovelLoader, "/web_novel");
    // Each arc's totals as counted at import, and the whole web novel's.
    expect(page.cards.map((arc) => [arc.number, arc.chapterCount, arc.wordCount])).toEqual([
      [1, 3, 12000],
      [2, 2, 7000],
    ]);
    expect(page.whole).toMatchObject({ chapterCount: 5, wordCount: 19000 });
    expect(page.selectedArc).toBe(1);
    // Each entry named as the series numbers it: the prologue is no chapter.
    expect(page.chapters.map((chapter) => chapter.name)).toEqual(["Prologue", "Chapter 1", "Chapter 2"]);
    const hinge = present(page.chapters.find((chapter) => chapter.key === "wn:1-2"));
    expect(hinge.volumes.map((volume) => volume.label)).toEqual(["Tiny Tale 1"]);
    expect(hinge.episodes.map((episode) => episode.label)).toEqual(["Season 1 · Episode 1"]);
    // The flagged title is revealed by its chapter and by the volume that covers it, not by an episode (the anime skipped it).
    expect(page.chapters.find((chapter) => chapter.key === "wn:1-3")?.title).toEqual({
      revealedBy: ["wn:1-3", "ln:main-1"],
      content: null,
    });

    // Titles that spoil nothing wait for the reader to reach their chapter, or to choose to see them.
    const titlesOf = async (url: string) =>
      (await load(webNovelLoader, url)).chapters.map((chapter) => chapter.title.content?.title ?? null);
    expect(await titlesOf("/web_novel?arc=2")).toEqual([null, null]);
    expect(await titlesOf("/web_novel?arc=2&reveal=wn:2-1")).toEqual(["Corridor", null]);
    expect(await titlesOf("/web_novel?arc=2&reveal=titles")).toEqual(["Corridor", "Lamp"]);
    const second = await load(webNovelLoader, "/web_novel?arc=2");
    expect(second.chapters[0]?.title.revealedBy).toEqual(expect.arrayContaining(["wn:2-1", "titles"]));
    expect(await status(webNovelLoader, "/web_novel?arc=3")).toBe(404);
    expect(await status(webNovelLoader, "/web_novel?arc=two")).toBe(404);
  });

  it("a page of views names its view in the title only when the address names it: without one, a reader opens on theirs", async () => {
    const titleOf = async (path: string) =>
      (await (await visitor.fetch(path)).text()).match(/<title>(.*?) · Tiny Tale Companion<\/title>/)?.[1];
    expect(await titleOf("/web_novel")).toBe("Web novel");
    expect(await titleOf("/web_novel?arc=2")).toMatch(/^Web novel · Arc 2\b/);
    expect(await titleOf("/anime")).toBe("Anime");
    expect(await titleOf("/anime?season=1")).toMatch(/^Anime · Season 1\b/);
    expect(await titleOf("/break_time")).toBe("Break Time");
  });

  it("light novels: collections, volumes, coverage and reading point", async () => {
    const main = await load(lightNovelsLoader, "/light_novels");
    expect(main.selectedCollection).toBe("main");
    // A volume's title waits for its reader, or for one who chose to see titles of what they have not reached.
    expect(main.volumes[0]?.title?.content).toBeNull();
    expect(main.volumes[0]?.chapters.map((chapter) => chapter.title.content)).not.toContain("Knock");
    const shown = await load(lightNovelsLoader, "/light_novels?reveal=titles");
    expect(shown.volumes[0]?.title?.content).toEqual({ title: "The Door", originalTitle: null });
    const reader = await load(lightNovelsLoader, "/light_novels?reveal=ln:main-1");
    expect(reader.volumes[0]?.title?.content?.title).toBe("The Door");
    expect(main.volumes[0]?.isbn).toBe("978-4-04-000000-8");
    // Its cover prints its title: it waits as the title does, its address not even in the page's data.
    expect(main.volumes[0]?.cover?.content).toBeNull();
    expect(JSON.stringify(main)).not.toContain("covers/main-1.svg");
    expect(shown.volumes[0]?.cover?.content).toBe("/media/tiny/covers/main-1.svg");
    expect(reader.volumes[0]?.cover?.content).toBe("/media/tiny/covers/main-1.svg");
    expect(main.volumes[0]?.adapts).toMatchObject({ chapters: 3, from: { key: "wn:1-1" }, to: { key: "wn:1-3" } });
    const ex = await load(lightNovelsLoader, "/light_novels?collection=ex");
    expect(ex.volumes[0]?.readAfter).toEqual({ key: "ln:main-1", label: "Tiny Tale 1" });
    expect(await status(lightNovelsLoader, "/light_novels?collection=nope")).toBe(404);
  });

  it("side stories in reading order; Break Time beside its episode", async () => {
    const { sideStories } = await load(sideStoriesLoader, "/side_stories");
    expect(sideStories.map((story) => [story.slug, story.canon])).toEqual([
      ["blog-1", true],
      ["ex-1-if", false],
    ]);
    // Where a story can be found: publication facts, the same for every reader.
    expect(sideStories[1]?.foundIn).toEqual([
      { name: "Tiny Tale EX 1 first printing", url: null, until: "2019-05" },
      { name: "Tiny wiki", url: "https://tiny.example/wiki/ex-1-if", until: null },
    ]);
    expect(sideStories[0]?.foundIn).toEqual([]);
    const { episodes } = await load(breakTimeLoader, "/break_time?reveal=bt:1-1");
    expect(episodes[0]?.shorts).toEqual([
      {
        key: "bt:1-1",
        number: 1,
        title: { revealedBy: ["bt:1-1", "anime:1-1", "anime:1r1-1", "wn:1-2", "ln:main-1"], content: "Snack Time" },
        airedOn: null,
        // Its viewers, and the viewers of the episode it aired with, watched it.
        discussion: { revealedBy: ["bt:1-1", "anime:1-1"], content: 0 },
      },
    ]);
  });

  it("each listed unit's discussion count: comments at the unit's own horizon, sealed until the requester knows the unit", async () => {
    let id = 0;
    /** A comment (or, with `parent`, a reply) in a unit's thread, as posting leaves it. */
    const comment = (unit: string, { horizon = unit, status = "shown", parent = null as number | null } = {}) =>
      env.DB.prepare(
        `INSERT INTO comments (id, unit, parent_id, uid, writer, author, body, horizon, writer_knew, writer_places, submission_id, status, created_at)
         VALUES (?1, ?2, ?3, 'reader-1', 'w1', 'Ada', 'A comment.', ?4, '', '[]', ?5, ?6, '2026-11-20T10:00:00Z')`,
      ).bind(++id + 9000, unit, parent, horizon, `count-${id}`, status);
    await env.DB.batch([
      // wn:1-2: two that count; one raised past the chapter, one hidden and a reply do not.
      comment("wn:1-2"),
      comment("wn:1-2"),
      comment("wn:1-2", { horizon: "wn:2-1" }),
      comment("wn:1-2", { status: "hidden" }),
      comment("wn:1-2", { parent: 9001 }),
      comment("ln:main-1"),
      comment("ss:blog-1"),
      comment("anime:1-1"),
      comment("anime:1-1"),
      comment("anime:1-1"),
      comment("bt:1-1"),
    ]);
    try {
      const pages = [
        {
          key: "wn:1-2",
          count: 2,
          counts: async (reveal: string) =>
            (await load(webNovelLoader, `/web_novel?arc=1${reveal}`)).chapters.map(
              (chapter) => [chapter.key, chapter.discussion] as const,
            ),
        },
        {
          key: "ln:main-1",
          count: 1,
          counts: async (reveal: string) =>
            (await load(lightNovelsLoader, `/light_novels?collection=main${reveal}`)).volumes.map(
              (volume) => [volume.key, volume.discussion] as const,
            ),
        },
        {
          key: "ss:blog-1",
          count: 1,
          counts: async (reveal: string) =>
            (await load(sideStoriesLoader, `/side_stories?page=1${reveal}`)).sideStories.map(
              (story) => [story.key, story.discussion] as const,
            ),
        },
        {
          key: "anime:1-1",
          count: 3,
          counts: async (reveal: string) =>
            (await load(animeLoader, `/anime?season=1${reveal}`)).episodes.map(
              (episode) => [episode.key, episode.discussion] as const,
            ),
        },
        {
          key: "bt:1-1",
          count: 1,
          counts: async (reveal: string) =>
            (await load(breakTimeLoader, `/break_time?season=1${reveal}`)).episodes.flatMap((episode) =>
              episode.shorts.map((short) => [short.key, short.discussion] as const),
            ),
        },
      ];
      // Who may read a unit's discussion, as the import stored it (told_by, decision 58): the unit, what
      // tells all of it itself (the episode and volume that adapt a chapter, the recut that holds an
      // episode), a short's episode.
      const stored = await env.DB.prepare("SELECT key, told_by FROM story_units").all<{
        key: string;
        told_by: string;
      }>();
      const revealersOf = (unit: string) => readRevealers(stored.results.find((row) => row.key === unit)!.told_by);
      for (const { key, count, counts } of pages) {
        // Nobody's knowledge: every unit's count is left out, whatever it is.
        const sealed = await counts("");
        expect(sealed.length, key).toBeGreaterThan(0);
        for (const [unit, discussion] of sealed)
          expect(discussion, unit).toEqual({ revealedBy: revealersOf(unit), content: null });
        // A requester who knows another unit only, one that tells none of this one, gets no number for it.
        const elsewhere = key === "ss:blog-1" ? "manga:door-2" : "sp:film-1";
        expect(new Map(await counts(`&reveal=${elsewhere}`)).get(key), key).toEqual({
          revealedBy: revealersOf(key),
          content: null,
        });
        // A requester who knows the unit gets its count.
        const known = new Map(await counts(`&reveal=${key}`));
        expect(known.get(key), key).toEqual({ revealedBy: revealersOf(key), content: count });
      }
      // A viewer of the episode a short aired with watched the short: its count, through the one rule.
      const shorts = pages.find((page) => page.key === "bt:1-1")!;
      expect(new Map(await shorts.counts("&reveal=anime:1-1")).get("bt:1-1")?.content).toBe(1);
      // A reader of the chapter that episode adapts did not.
      expect(new Map(await shorts.counts("&reveal=wn:1-1")).get("bt:1-1")?.content).toBeNull();
      // A reader of the volume that adapts a chapter knows what the chapter tells, and gets its thread's count.
      expect(new Map(await pages[0]!.counts("&reveal=ln:main-1")).get("wn:1-2")?.content).toBe(2);
      // Units the requester knows with no comments count 0.
      const arc = new Map(await pages[0]!.counts("&reveal=wn:1-3"));
      expect([arc.get("wn:1-1")?.content, arc.get("wn:1-2")?.content, arc.get("wn:1-3")?.content]).toEqual([0, 2, 0]);
    } finally {
      await env.DB.prepare("DELETE FROM comments WHERE id > 9000").run();
    }
  });

  it("side stories page in reading order; a link to one story opens the page that holds it", async () => {
    // Thirty more stories, read after the first chapter, so the list runs to two pages of 20.
    const read = await env.DB.prepare("SELECT read_after FROM side_stories LIMIT 1").first<{ read_after: string }>();
    const extra = Array.from({ length: 30 }, (_, index) => `paged-${String(index).padStart(2, "0")}`);
    await env.DB.batch(
      extra.flatMap((slug, index) => [
        env.DB.prepare(
          "INSERT INTO story_units (key, medium, position, label, path) VALUES (?1, 'side_stories', ?2, ?3, '/side_stories')",
        ).bind(`ss:${slug}`, 1000 + index, slug),
        env.DB.prepare(
          "INSERT INTO side_stories (slug, key, kind, title, published_in, read_after, canon, position) VALUES (?1, ?2, 'short_story', ?1, 'Test', ?3, 1, ?4)",
        ).bind(slug, `ss:${slug}`, present(read).read_after, 1000 + index),
      ]),
    );
    try {
      const first = await load(sideStoriesLoader, "/side_stories");
      expect([first.page, first.pageCount, first.total, first.sideStories.length]).toEqual([1, 2, 32, 20]);
      expect(first.kindCounts.short_story).toBeGreaterThanOrEqual(30);
      const second = await load(sideStoriesLoader, "/side_stories?page=2");
      expect(second.sideStories.map((story) => story.slug)).toEqual(extra.slice(18));
      // The 25th story in reading order is on page 2, whichever page the link came from.
      expect((await load(sideStoriesLoader, "/side_stories?story=paged-22")).page).toBe(2);
      // A link to a story that does not exist is a wrong filter, not page 1.
      expect(await status(sideStoriesLoader, "/side_stories?story=no-such-story")).toBe(404);
      expect(await status(sideStoriesLoader, "/side_stories?story=%2F..%2F")).toBe(404);
      expect(await status(sideStoriesLoader, "/side_stories?page=3")).toBe(404);
      expect(await status(sideStoriesLoader, "/side_stories?page=0")).toBe(404);
    } finally {
      await env.DB.batch(
        extra.flatMap((slug) => [
          env.DB.prepare("DELETE FROM side_stories WHERE slug = ?1").bind(slug),
          env.DB.prepare("DELETE FROM story_units WHERE key = ?1").bind(`ss:${slug}`),
        ]),
      );
    }
  });

  it("characters: search by alias, filters, pagination bounds", async () => {
    const byAlias = await load(charactersLoader, "/characters?q=doorward");
    expect(byAlias.characters.map((character) => character.content?.slug)).toEqual(["mira-hale"]);
    // Every word is looked for in the names, whatever their order: not the first alone ("keepers" is
    // Mira's affiliation, which the filter chooses, not the search).
    for (const [words, found] of [
      ["hale mira", ["mira-hale"]],
      ["mira keepers", []],
      ["keepers mira", []],
      ["ミラ ヘイル", ["mira-hale"]],
      ["イル mira", ["mira-hale"]],
    ] as const) {
      const named = await load(charactersLoader, `/characters?q=${encodeURIComponent(words)}`);
      expect(
        named.characters.map((character) => character.content?.slug),
        words,
      ).toEqual(found);
    }
    // Oren Vale is met in arc 2: named only to a requester who has read that far.
    const byAffiliation = await load(charactersLoader, "/characters?affiliation=Hall&reveal=wn:2-2");
    expect(byAffiliation.characters.map((character) => character.content?.slug)).toEqual(["oren-vale"]);
    const byMedium = await load(charactersLoader, "/characters?medium=web_novel&reveal=wn:2-2");
    expect(byMedium.total).toBe(2);
    expect(await status(charactersLoader, "/characters?page=2")).toBe(404);
    // An affiliation no character has is a wrong filter: a 404, which the page says itself.
    expect(await status(charactersLoader, "/characters?affiliation=Nonexistent")).toBe(404);
    expect(await status(charactersLoader, "/characters?affiliation=hall")).toBe(404);
    const odd = await load(charactersLoader, `/characters?q=${encodeURIComponent('"zz*( NEAR')}`);
    expect(odd.total).toBe(0);
  });

  it("characters: a name search lists only characters the requester has met, and nothing of the others", async () => {
    // Oren Vale is met in arc 2: his name finds no one, as a name no one has.
    const { filters: _, ...oren } = await load(charactersLoader, "/characters?q=oren");
    const { filters: __, ...nobody } = await load(charactersLoader, "/characters?q=qqzzxv");
    expect(oren).toEqual(nobody);
    expect(oren.total).toBe(0);
    const met = await load(charactersLoader, "/characters?q=oren&reveal=wn:2-2");
    expect(met.characters.map((character) => character.content?.slug)).toEqual(["oren-vale"]);
    expect(met.total).toBe(1);
  });

  it("characters: the catalogue counts, pages and offers as choices only the characters the requester has met", async () => {
    // A first load knows nothing: Mira Hale, met in the first chapter, and no trace of Oren Vale (met in arc 2).
    const first = await load(charactersLoader, "/characters");
    expect(first.characters.map((character) => character.content?.slug)).toEqual(["mira-hale"]);
    expect([first.total, first.pageCount]).toEqual([1, 1]);
    expect(first.affiliations).toEqual([{ affiliation: "Keepers", count: 1 }]);
    // Known from the start, she is met in no medium yet: none is offered.
    expect(first.media).toEqual([]);
    expect(JSON.stringify(first)).not.toMatch(/oren|Hall/i);

    // A reader of arc 2 has met both, counted and offered by name.
    const reader = await load(charactersLoader, "/characters?reveal=wn:2-2");
    expect(reader.characters.map((character) => character.content?.slug)).toEqual(["mira-hale", "oren-vale"]);
    expect(reader.total).toBe(2);
    expect(reader.affiliations).toEqual([
      { affiliation: "Hall", count: 1 },
      { affiliation: "Keepers", count: 1 },
    ]);
    expect(reader.media).toEqual([{ medium: "web_novel", count: 2 }]);
    // With the shield off, everyone.
    expect((await load(charactersLoader, "/characters?reveal=all")).total).toBe(2);

    // An affiliation only characters not met hold reads as one no one holds: the same 404 and the same data.
    const unmet = await respond(charactersLoader, "/characters?affiliation=Hall");
    const nobody = await respond(charactersLoader, "/characters?affiliation=Zzz");
    expect([unmet.status, nobody.status]).toEqual([404, 404]);
    const { filters: _, ...unmetData } = present(unmet.data);
    const { filters: __, ...nobodyData } = present(nobody.data);
    expect(unmetData).toEqual(nobodyData);
    expect(unmetData.characters).toEqual([]);
  });

  it("characters: the medium filter offers the media the requester met them in, and no other", async () => {
    // An anime viewer met Mira Hale in the anime, a manga reader in the manga: never in the web novel.
    const viewer = await load(charactersLoader, "/characters?reveal=anime:1-1");
    expect(viewer.media).toEqual([{ medium: "anime", count: 1 }]);
    const byAnime = await load(charactersLoader, "/characters?medium=anime&reveal=anime:1-1");
    expect(byAnime.characters.map((character) => character.content?.slug)).toEqual(["mira-hale"]);
    expect((await load(charactersLoader, "/characters?medium=web_novel&reveal=anime:1-1")).total).toBe(0);
    expect((await load(charactersLoader, "/characters?reveal=manga:door-1")).media).toEqual([
      { medium: "manga", count: 1 },
    ]);
    // A reader of both is offered both, each counted among those met there, the web novel first.
    const both = await load(charactersLoader, "/characters?reveal=anime:1-1,wn:2-2");
    expect(both.media).toEqual([
      { medium: "web_novel", count: 2 },
      { medium: "anime", count: 1 },
    ]);
    // A first load has met no one anywhere: a medium in its address lists no one.
    expect((await load(charactersLoader, "/characters?medium=web_novel")).total).toBe(0);
  });

  it("character profile, and 404 for an unknown slug", async () => {
    // Sealed for a requester who states nothing; the fact and the relationship come with what reveals them.
    const { character: sealed } = await load(characterLoader, "/characters/mira-hale", { slug: "mira-hale" });
    // The manga's first chapter adapts wn:1-1, where Mira first appears: the import finds it.
    expect(sealed?.content?.firstAppearances.map((appearance) => appearance.key)).toEqual([
      "wn:1-1",
      "anime:1-1",
      "manga:door-1",
      "ln:main-1",
    ]);
    // A viewer of the recut is told where the recut shows the episode: its first episode holds episode 1.
    expect(sealed?.content?.firstAppearances.map((appearance) => appearance.inRecut)).toEqual([
      null,
      { key: "anime:1r1-1", label: "Season 1 Recut · Episode 1" },
      null,
      null,
    ]);
    expect(JSON.stringify(sealed)).not.toContain("She built the door herself.");
    const { character } = await load(characterLoader, "/characters/mira-hale?reveal=wn:2-2", { slug: "mira-hale" });
    expect(character?.content?.facts.map((fact) => fact.content)).toContainEqual({
      label: "Secret",
      value: "She built the door herself.",
    });
    expect(character?.content?.relationships.map((relationship) => relationship.content)).toEqual([
      {
        slug: "oren-vale",
        name: "Oren Vale",
        trueName: null,
        mediumNames: [],
        kind: "rival",
        description: "Argues about the lamp.",
      },
    ]);
    expect(await status(characterLoader, "/characters/nobody", { slug: "nobody" })).toBe(404);
    expect(await status(characterLoader, "/characters/Bad%20Slug", { slug: "Bad Slug" })).toBe(404);
  });

  it("a character the requester has not met answers as an unknown address does: 404, the same page, no trace of them", async () => {
    // Oren Vale is met in arc 2.
    const answer = async (path: string, slug: string) => {
      const response = await visitor.fetch(path);
      const body = (await response.text()).replaceAll(slug, "SLUG").replace(/nonce="[^"]*"/g, 'nonce=""');
      return { status: response.status, body };
    };
    for (const [unmet, nobody] of [
      ["/characters/oren-vale", "/characters/nobody-at-all"],
      ["/characters/oren-vale.data", "/characters/nobody-at-all.data"],
      ["/characters/oren-vale?reveal=wn:1-3", "/characters/nobody-at-all?reveal=wn:1-3"],
    ] as const) {
      const sealed = await answer(unmet, "oren-vale");
      expect(sealed.status, unmet).toBe(404);
      // The page's words from the first paint: what the address may be, and what the reader can do.
      if (!unmet.includes(".data"))
        for (const words of ["A character you have not met yet", "Show it", "Set your progress"])
          expect(sealed.body, unmet).toContain(words);
      expect(sealed, unmet).toEqual(await answer(nobody, "nobody-at-all"));
      for (const trace of ["Oren", "Vale", "/media/"]) expect(sealed.body, unmet).not.toContain(trace);
    }
    expect(await respond(characterLoader, "/characters/oren-vale", { params: { slug: "oren-vale" } })).toMatchObject({
      status: 404,
      data: { character: null },
    });

    // A reader who has met him gets his page, in the page and in the data the browser asks for after hydration.
    for (const path of [
      "/characters/oren-vale?reveal=wn:2-2",
      "/characters/oren-vale.data?reveal=wn:2-2",
      "/characters/oren-vale?reveal=all",
    ]) {
      const response = await visitor.fetch(path);
      expect(response.status, path).toBe(200);
      const body = await response.text();
      expect(body, path).toContain("Oren Vale");
      // The page's title and link previews never depend on `reveal`: a crafted link names no one in them.
      if (!path.includes(".data")) {
        const head = body.slice(0, body.indexOf("</head>"));
        expect(head.match(/<title>.*?<\/title>/)?.[0], path).toBe(
          "<title>A character you have not met yet · Tiny Tale Companion</title>",
        );
        for (const trace of ["Oren", "Vale"]) expect(head, path).not.toContain(trace);
      }
    }
    // A character everyone meets at the start is there for everyone.
    expect((await visitor.fetch("/characters/mira-hale")).status).toBe(200);
  });

  it("site search finds characters by alias, chapters and volumes by title", async () => {
    const alias = await load(searchLoader, "/search?q=doorwarden");
    expect(alias.results[0]).toMatchObject({
      kind: "character",
      content: { title: "Mira Hale", path: "/characters/mira-hale" },
    });
    // Titles are found by a reader who reached them, or who chose to see titles of what they have not reached.
    expect((await load(searchLoader, "/search?q=corrid")).results).toEqual([]);
    expect((await load(searchLoader, "/search?q=corrid&reveal=wn:2-1")).results[0]).toMatchObject({ kind: "chapter" });
    const chapter = await load(searchLoader, "/search?q=corrid&reveal=titles");
    expect(chapter.results[0]).toMatchObject({
      kind: "chapter",
      content: { title: "Corridor", path: "/web_novel?arc=2#wn-2-1" },
    });
    const volume = await load(searchLoader, "/search?q=the%20hall&reveal=titles");
    expect(volume.results.map((result) => result.kind)).toContain("volume");
    expect((await load(searchLoader, "/search?q=")).results).toEqual([]);
  });

  it("site search gates what the shield gates elsewhere: a spoiler title, not a name every profile shows", async () => {
    const spoiler = await load(searchLoader, "/search?q=keeper%20lied");
    expect(spoiler).toEqual({
      query: "keeper lied",
      kind: null,
      results: [],
      total: 0,
      counts: {},
      page: 1,
      pageCount: 1,
    });
    const known = await load(searchLoader, "/search?q=keeper%20lied&reveal=wn:1-3");
    expect(known.results[0]).toMatchObject({
      kind: "chapter",
      revealedBy: expect.arrayContaining(["wn:1-3"]),
      content: { title: "The Keeper Lied" },
    });
    const name = await load(searchLoader, "/search?q=doorwarden");
    expect(name.results[0]).toMatchObject({ kind: "character", revealedBy: null, content: { title: "Mira Hale" } });
  });
});

describe("a database failure", () => {
  it("answers 503 with a plain message instead of a stack", async () => {
    const DB = failing(env.DB, "batch", new Error("D1_ERROR: no such table"));
    const original = console.error;
    console.error = () => {};
    try {
      const outcome = await settle(webNovelLoader, "/web_novel", { bindings: { DB } });
      expect(statusOf(outcome)).toBe(503);
      expect(outcome).toMatchObject({ data: { message: expect.stringMatching(/not answering right now/) } });
    } finally {
      console.error = original;
    }
  });
});
