import { env } from "cloudflare:workers";
import { entryHandle } from "~/lib/mistakes/rules";
import { describe, expect, it } from "vitest";
import { knows, noKnowledge, parseKnowledge, readRevealers } from "~/lib/shield/knowledge";
import { searchKindLabels, searchKinds, unspacedPairs } from "~/lib/search/query";
import { searchResultsFor } from "~/lib/search/result";
import { searchHits, searchSite } from "~/models/search.server";
import { loader as searchLoader } from "~/routes/search";
import { visitor } from "../support/readers";
import { load, status } from "../support/workers-context";

/** The units that reveal a search entry, as the importer stored them. */
async function revealedByOf(ref: string) {
  const row = await env.DB.prepare(`SELECT revealed_by FROM search_entries WHERE ref = ?1`)
    .bind(ref)
    .first<{ revealed_by: string | null }>();
  if (!row) throw new Error(`no search entry ${ref}`);
  return row.revealed_by;
}

/** Every gated entry of the index, as the importer stored it (a character's name is never gated). */
async function gatedEntries() {
  const { results } = await env.DB.prepare(
    `SELECT ref, title, path, revealed_by FROM search_entries WHERE revealed_by IS NOT NULL AND kind != 'character' ORDER BY id`,
  ).all<{ ref: string; title: string; path: string; revealed_by: string }>();
  return results;
}

/** Adds chapter entries to the index for one test: [ref, title, revealed by]; `removeTestEntries` takes them out. */
async function addTestEntries(rows: ReadonlyArray<readonly [string, string, string | null]>, body = "") {
  await env.DB.batch(
    rows.map(([ref, title, revealedBy]) =>
      env.DB.prepare(
        `INSERT INTO search_entries (ref, kind, title, subtitle, path, aliases, body, revealed_by) VALUES (?1, 'chapter', ?2, '', '/web_novel', '', ?3, ?4)`,
      ).bind(ref, title, body, revealedBy),
    ),
  );
}

const removeTestEntries = () => env.DB.prepare(`DELETE FROM search_entries WHERE ref LIKE 'test:%'`).run();

const titles = (results: ReadonlyArray<{ content: { title: string } | null }>) =>
  results.map((result) => result.content?.title);

describe("site search against the imported tiny pack", () => {
  it("puts a character whose name or alias matches first, above titles that match better by text", async () => {
    // "The Door" (a volume) and "If the Door Stayed Shut" match "door" in their titles; Mira Hale by her alias.
    // Titles of what the requester has not reached are found only when they choose to see them.
    // Arc 1 and the manga's series are named to everyone (the web novel and manga pages name them): found too.
    expect(titles((await load(searchLoader, "/search?q=door")).results)).toEqual([
      "Mira Hale",
      "The Door",
      "Tiny Tale: The Door",
    ]);
    const door = await load(searchLoader, "/search?q=door&reveal=titles");
    expect(door.results[0]).toMatchObject({
      kind: "character",
      revealedBy: null,
      content: { title: "Mira Hale", path: "/characters/mira-hale" },
    });
    expect(titles(door.results)).toEqual(expect.arrayContaining(["The Door", "If the Door Stayed Shut"]));
    // Oren Vale is met in arc 2: found only by a requester who has read that far.
    expect((await load(searchLoader, "/search?q=oren")).results).toEqual([]);
    const oren = await load(searchLoader, "/search?q=oren&reveal=wn:2-2");
    expect(oren.results[0]).toMatchObject({ kind: "character", content: { title: "Oren Vale" } });
    // A summary that mentions a word is not a name: "keeper" finds the chapter title before Mira Hale's summary.
    const keeper = await load(searchLoader, "/search?q=keeper&reveal=wn:1-3");
    expect(keeper.results[0]).toMatchObject({ kind: "chapter", content: { title: "The Keeper Lied" } });
    // An affiliation finds who holds it, once they are met: Oren Vale of the Hall.
    expect(titles((await load(searchLoader, "/search?q=hall&kind=character")).results)).toEqual([]);
    expect(titles((await load(searchLoader, "/search?q=hall&kind=character&reveal=wn:2-2")).results)).toEqual([
      "Oren Vale",
    ]);
  });

  it("finds anime episodes, Break Time shorts and translation notes, each gated by the units that reveal the page it links to", async () => {
    const knock = await load(searchLoader, "/search?q=knock&reveal=all");
    expect(knock.results).toContainEqual(
      expect.objectContaining({
        kind: "episode",
        revealedBy: readRevealers(await revealedByOf("episode:anime:1-1")),
        content: { title: "Knock Knock", subtitle: "Season 1 · Episode 1", path: "/anime?season=1#s1e1" },
      }),
    );
    // An episode's title is found by a viewer who reached it, or who chose to see titles they have not reached.
    expect(readRevealers(await revealedByOf("episode:anime:1-1"))).toEqual(
      expect.arrayContaining(["titles", "anime:1-1"]),
    );
    // An LN mistake at its web novel chapter, linked to its entry on the volume's page.
    const mistake = knock.results.find((result) => result.kind === "translation_note");
    expect(mistake).toMatchObject({
      content: {
        title: "Knock on the door once.",
        path: `/translation_meta/ln_mistls/main_v1#entry-${entryHandle("main-1-knock-twice")}`,
      },
    });
    expect(mistake?.revealedBy).toEqual(expect.arrayContaining(["wn:1-1", "ln:main-1"]));
    const snack = await load(searchLoader, "/search?q=snack&reveal=all");
    expect(snack.results).toEqual([
      expect.objectContaining({
        kind: "break_time",
        content: {
          title: "Snack Time",
          subtitle: "Season 1 · Break Time 1, airs with episode 1",
          path: expect.stringMatching(/^\/break_time\b.*#bt-1-1$/),
        },
      }),
    ]);
    // A short is revealed by itself and by what reveals its episode.
    expect(snack.results[0]?.revealedBy).toEqual(expect.arrayContaining(["bt:1-1", "anime:1-1"]));
    // An anime mistake at its explicit reveal point, found by the suggested wording.
    const lied = await load(searchLoader, "/search?q=lied%20to%20you&reveal=all");
    expect(lied.results[0]).toMatchObject({
      kind: "translation_note",
      content: {
        title: "I never lied.",
        path: `/translation_meta/anime_mistls?season=1#entry-${entryHandle("s1e2-the-lie")}`,
      },
    });
    expect(lied.results[0]?.revealedBy).toContain("wn:2-2");
    // Found by the explanation too, with the volume and the chapter it is in, as the book names it.
    const softened = await load(searchLoader, "/search?q=softened&reveal=all");
    expect(softened.results).toContainEqual(
      expect.objectContaining({
        kind: "translation_note",
        content: expect.objectContaining({ subtitle: "Tiny Tale 2, Chapter 1" }),
      }),
    );
  });

  it("finds a unit by its place, a number as a whole word, gated as its title is", async () => {
    const second = await load(searchLoader, "/search?q=episode%202&reveal=all");
    const episodes = second.results.filter((result) => result.kind === "episode");
    // The broadcast's episode 2 and the recut's, and no other; each where its label ranks (the shorter first).
    expect(episodes.map((result) => result.content)).toEqual([
      { title: "The Lie", subtitle: "Season 1 · Episode 2", path: "/anime?season=1#s1e2" },
      { title: "Reprise", subtitle: "Season 1 Recut · Episode 2", path: "/anime?season=1#s1r1e2" },
    ]);
    // Digits of any script are read as digits: Arabic-Indic, Persian, Devanagari and fullwidth.
    for (const words of ["episode ٢", "episode ۲", "episode २", "episode２", "ep٢"]) {
      const found = await load(searchLoader, `/search?q=${encodeURIComponent(words)}&reveal=all&kind=episode`);
      expect(
        found.results.map((result) => result.content?.title),
        words,
      ).toEqual(["The Lie", "Reprise"]);
    }
    // A Break Time short is found by the episode it airs with, which its line names.
    const short = await load(searchLoader, "/search?q=episode%201&reveal=all");
    expect(
      short.results.filter((result) => result.kind === "break_time").map((result) => result.content?.title),
    ).toEqual(["Snack Time"]);
    // Its place is public, its title is not: a requester who has not reached it finds it named by its
    // place (decision 79), and one who has, by its title, once. So too the recut's episode 2 (decision 80).
    for (const reveal of ["", "&reveal=anime:1-1"]) {
      const found = await load(searchLoader, `/search?q=episode%202${reveal}`);
      expect(found.results.map((result) => ({ ref: result.ref, ...result.content }))).toEqual([
        {
          ref: "place:episode:anime:1-2",
          title: "Season 1 · Episode 2",
          subtitle: "Season 1 · Episode 2",
          path: "/anime?season=1#s1e2",
        },
        {
          ref: "place:episode:anime:1r1-2",
          title: "Season 1 Recut · Episode 2",
          subtitle: "Season 1 Recut · Episode 2",
          path: "/anime?season=1#s1r1e2",
        },
      ]);
      expect(JSON.stringify(found)).not.toContain("The Lie");
    }
    const reached = await load(searchLoader, "/search?q=episode%202&reveal=anime:1-2");
    expect(reached.results.map((result) => result.ref)).toContain("episode:anime:1-2");
    expect(reached.results.map((result) => result.ref)).not.toContain("place:episode:anime:1-2");
    expect(titles(reached.results)).toContain("The Lie");
    // A chapter by its arc and number: each word anywhere in its place, so arc 1's chapter 2 and arc 2's
    // chapter 1 are found too.
    const chapter = await load(searchLoader, "/search?q=arc%201%20chapter%201&reveal=all");
    expect(chapter.results.map((result) => result.content?.subtitle).sort()).toEqual([
      "Arc 1 · Chapter 1",
      "Arc 1 · Chapter 2",
      "Arc 2 · Chapter 1",
    ]);
    // The words as typed, side by side, first: arc 1's chapter 2 before arc 2's chapter 1, and the reverse.
    for (const [arc, number] of [
      [1, 1],
      [1, 2],
      [2, 1],
    ]) {
      const found = await load(searchLoader, `/search?q=arc%20${arc}%20chapter%20${number}&reveal=all&kind=chapter`);
      expect(found.results[0]?.content?.subtitle).toBe(`Arc ${arc} · Chapter ${number}`);
    }
    // A place typed by its start and its number, likewise: "ep1" lists episode 1 (the broadcast's, then the
    // recut's) before season 1's episode 2, which holds the words apart; each titled unit where its label
    // ranks, as it is for a newcomer. The short that airs with episode 1 says so in its names, not its title.
    const ep1 = await load(searchLoader, "/search?q=ep1&reveal=all");
    expect(ep1.results.map((result) => result.content?.subtitle)).toEqual([
      "Season 1 · Episode 1",
      "Season 1 Recut · Episode 1",
      "Season 1 · Episode 2",
      "Season 1 Recut · Episode 2",
      "Season 1 · Break Time 1, airs with episode 1",
    ]);
    // Written as readers shorten it, each number beside its word.
    const shortened = await load(searchLoader, "/search?q=arc1%20ch1&reveal=all&kind=chapter");
    expect(shortened.results.map((result) => result.content?.subtitle).sort()).toEqual([
      "Arc 1 · Chapter 1",
      "Arc 1 · Chapter 2",
      "Arc 2 · Chapter 1",
    ]);
    // A place's number is its own, not a number elsewhere in a hit's text: volume 2 ("Volume 2 · Tiny Tale
    // 2") lists its chapters, "Chapter 1: Corridor · Epilogue: Lamp", and is no hit of "vol1", "ep1" or "ch2".
    // Names keep each word anywhere (arc 1's chapter 2 for "ch2", season 1's episode 2 for "ep1"), and
    // other words a number anywhere: "door 2" is chapter 2 of arc 1, "The Door", which its text names.
    for (const [words, found] of [
      ["vol1", ["Tiny Tale 1", "Tiny Tale EX 1"]],
      ["vol 1", ["Tiny Tale 1", "Tiny Tale EX 1"]],
      ["ch2", ["Arc 1 · Chapter 2", "Arc 2 · Chapter 1"]],
      [
        "ep1",
        [
          "Season 1 Recut · Episode 1",
          "Season 1 Recut · Episode 2",
          "Season 1 · Break Time 1, airs with episode 1",
          "Season 1 · Episode 1",
          "Season 1 · Episode 2",
        ],
      ],
      ["door 2", ["Arc 1 · Chapter 2"]],
    ] as const) {
      const hits = await load(searchLoader, `/search?q=${encodeURIComponent(words)}&reveal=all`);
      expect(hits.results.map((result) => result.content?.subtitle).sort(), words).toEqual(found);
    }
    // By its ISBN, written with hyphens or without; its parts are no numbers of their own: volume 1's
    // (978-4-04-000000-8) holds "4" and "8", which find no volume.
    for (const words of ["978-4-04-000000-8", "9784040000008"]) {
      const volumes = await load(searchLoader, `/search?q=${encodeURIComponent(words)}&reveal=all&kind=volume`);
      expect(
        volumes.results.map((result) => result.content?.subtitle),
        words,
      ).toEqual(["Tiny Tale 1"]);
    }
    for (const words of ["vol 4", "volume 8"]) {
      const volumes = await load(searchLoader, `/search?q=${encodeURIComponent(words)}&reveal=all&kind=volume`);
      expect(volumes.results, words).toEqual([]);
    }
    // A volume as readers write it, its collection's name or not, its number apart or not: "volume 2",
    // "vol 2", "Tiny Tale vol 2", "vol2", "tiny tale2".
    for (const words of ["volume 2", "vol 2", "tiny tale vol 2", "vol2", "Vol2", "tiny tale2"]) {
      const volumes = await load(searchLoader, `/search?q=${encodeURIComponent(words)}&reveal=all&kind=volume`);
      expect(
        volumes.results.map((result) => result.content?.subtitle),
        words,
      ).toEqual(["Tiny Tale 2"]);
    }
  });

  it("counts per kind only what the requester knows, and nothing of the rest", async () => {
    const all = await load(searchLoader, "/search?q=knock&reveal=all");
    expect(all.kind).toBeNull();
    // The volume "The Door" holds a chapter called "Knock".
    expect(all.counts).toEqual({ chapter: 1, volume: 1, episode: 1, translation_note: 1 });
    expect(all).toMatchObject({ total: 4 });

    // Without reveal, units found by titles the requester has not reached leave no trace either.
    const sealed = await load(searchLoader, "/search?q=knock");
    expect(sealed.counts).toEqual({});
    expect(sealed).toMatchObject({ total: 0, results: [] });
    expect(Object.keys(sealed).sort()).toEqual(["counts", "kind", "page", "pageCount", "query", "results", "total"]);
    // Choosing to see titles of what they have not reached, the mistake still leaves no trace: not its kind, not a count.
    const titlesShown = await load(searchLoader, "/search?q=knock&reveal=titles");
    expect(titlesShown.counts).toEqual({ chapter: 1, volume: 1, episode: 1 });
    expect(titlesShown).toMatchObject({ total: 3 });
    // Knowing the first chapter reveals the mistake, and that chapter's title; the volume and the episode
    // that reach further are not reached yet.
    const first = await load(searchLoader, "/search?q=knock&reveal=wn:1-1");
    expect(first.counts).toEqual({ chapter: 1, translation_note: 1 });
    expect(first).toMatchObject({ total: 2 });
  });

  it("narrows to one kind; paging keeps the kind; an unknown kind is ignored", async () => {
    const episodes = await load(searchLoader, "/search?q=knock&kind=episode&reveal=all");
    expect(episodes.kind).toBe("episode");
    expect(titles(episodes.results)).toEqual(["Knock Knock"]);
    expect(episodes.total).toBe(1);
    expect(await status(searchLoader, "/search?q=knock&kind=episode&page=2")).toBe(404);
    // A kind whose only hit is gated finds nothing for a requester who does not know it, as a kind without hits.
    expect(await load(searchLoader, "/search?q=knock&kind=translation_note")).toMatchObject({
      kind: "translation_note",
      results: [],
      total: 0,
    });

    const none = await load(searchLoader, "/search?q=knock&kind=side_story");
    expect(none).toMatchObject({ kind: "side_story", results: [], total: 0 });

    for (const odd of ["Episode", "everything", "", "__proto__"]) {
      const ignored = await load(searchLoader, `/search?q=knock&kind=${encodeURIComponent(odd)}&reveal=all`);
      expect(ignored).toMatchObject({ kind: null, total: 4 });
    }
  });

  it("carries no gated hit (title, link, key) without reveal, and exactly the known ones with it", async () => {
    const entries = await gatedEntries();
    expect(entries.length).toBeGreaterThanOrEqual(5);
    for (const reveal of [
      null,
      "wn:1-1",
      "wn:1-3",
      "anime:1-1",
      "bt:1-1",
      "ln:main-2",
      "wn:2-2,anime:1-2",
      "all",
      "junk",
    ]) {
      const knowledge = parseKnowledge(reveal);
      for (const entry of entries) {
        const query = encodeURIComponent(entry.title);
        const data = await load(searchLoader, `/search?q=${query}${reveal ? `&reveal=${reveal}` : ""}`);
        const suggestions = await load(
          searchLoader,
          `/search?q=${query}&suggest=1${reveal ? `&reveal=${reveal}` : ""}`,
        );
        const known = knowledge !== null && knows(knowledge, readRevealers(entry.revealed_by));
        for (const answer of [data, suggestions]) {
          const text = JSON.stringify(answer);
          const where = `${entry.ref} for reveal=${reveal}`;
          expect(
            answer.results.some((result) => result.ref === entry.ref),
            where,
          ).toBe(known);
          if (known) expect(text, where).toContain(entry.title);
          else for (const gated of [entry.ref, entry.path, entry.revealed_by]) expect(text, where).not.toContain(gated);
        }
      }
    }
    // A hit the requester does not know is never in the answer, so no gated content is left to seal in one.
    const sealed = await load(searchLoader, "/search?q=knock&reveal=wn:1-1");
    expect(sealed.results.every((result) => result.content !== null)).toBe(true);
  });

  it("renders chips with what everyone may see, the same line on what is left out for any words, and no gated text in the server's HTML", async () => {
    const visible = async (address: string) =>
      (await (await visitor.fetch(address)).text())
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
        .replace(/<!-- -->/g, "");
    // A first visit is shown no title of what it has not reached: "knock" finds the chapter, the volume and
    // the episode only by their titles, so nothing is found, counted or named.
    const knock = await visible("/search?q=knock");
    for (const gated of ["Knock", "The Door", "Knock on the door once.", "main-1-knock-twice", "kind=chapter"])
      expect(knock).not.toContain(gated);
    expect(knock).not.toMatch(/beyond what you have read or watched|beyond the first chapter/);
    // The chips count what everyone may see: Mira Hale, by her alias, arc 1 and the manga's series by their
    // public names, and not the titles of units that hold "door".
    const door = await visible("/search?q=door");
    expect(door).toMatch(/>Mira Hale</);
    expect(door).not.toContain("If the Door Stayed Shut");
    expect(door).not.toContain("kind=volume");
    expect(door).toMatch(/aria-current="page"[^>]*>All\s*<span[^>]*>3</);
    for (const words of ["knock", "qqzzxv"]) {
      const page = await (await visitor.fetch(`/search?q=${words}`)).text();
      expect(
        page.match(/Results that would give away something you have not read or watched yet are left out\./g),
        words,
      ).toHaveLength(1);
    }
  });

  it("answers a requester who knows nothing the same for words only gated text holds as for words nothing holds", async () => {
    // Words of gated titles that no hit everyone may see holds (each found, with reveal=all, only in gated entries).
    const secrets: string[] = [];
    for (const entry of await gatedEntries()) {
      for (const word of entry.title
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((each) => each.length > 3)) {
        if (secrets.includes(word)) continue;
        const everything = await load(searchLoader, `/search?q=${encodeURIComponent(word)}&reveal=all`);
        if (everything.results.length && everything.results.every((result) => result.revealedBy !== null))
          secrets.push(word);
      }
    }
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    const nothing = ["qqzzxv", "wwjjkk"];
    for (const word of nothing) expect((await load(searchLoader, `/search?q=${word}&reveal=all`)).total).toBe(0);

    // Every way a visitor can ask: the page, its data, the suggestions, one kind, a second page.
    const asks = (word: string) => [
      `/search?q=${word}`,
      `/search.data?q=${word}`,
      `/search.data?q=${word}&suggest=1`,
      `/search?q=${word}&kind=translation_note`,
      `/search?q=${word}&kind=chapter&page=2`,
      `/search.data?q=${word}&page=2`,
      `/search?q=${word}&reveal=junk`,
    ];
    const answer = async (path: string, word: string) => {
      const response = await visitor.fetch(path);
      // Each response has its own script nonce; everything else must match.
      const body = (await response.text()).replaceAll(word, "WORDS").replace(/nonce="[^"]*"/g, 'nonce=""');
      return { status: response.status, body };
    };
    const [blank] = nothing;
    const expected = await Promise.all(asks(blank!).map((path) => answer(path, blank!)));
    // Only words the pages do not hold anyway, so the echoed words are all that is set aside.
    const rare = secrets.filter((word) => expected.every(({ body }) => !body.toLowerCase().includes(word)));
    expect(rare.length, secrets.join(", ")).toBeGreaterThanOrEqual(3);
    for (const word of [...rare, ...nothing.slice(1)]) {
      for (const [index, path] of asks(word).entries()) expect(await answer(path, word), path).toEqual(expected[index]);
    }
  });

  it("orders what a requester sees by those hits alone: gated entries holding the words change nothing", async () => {
    const paths = ["/search?q=door", "/search?q=the%20door", "/search?q=knock%20door", "/search?q=door&suggest=1"];
    const before = await Promise.all(paths.map((path) => load(searchLoader, path)));
    // Entries only a reader far ahead may see, heavy with one of the words and not the other.
    await addTestEntries(
      Array.from(
        { length: 40 },
        (_, index) => [`test:gated-${index}`, index % 2 ? "door door door" : "the knock the", "wn:9-9"] as const,
      ),
      "door the knock",
    );
    try {
      const after = await Promise.all(paths.map((path) => load(searchLoader, path)));
      expect(after).toEqual(before);
    } finally {
      await removeTestEntries();
    }
  });

  it("pages and counts a search for a requester who knows nothing in the database as searchResultsFor does over every hit", async () => {
    const { results } = await env.DB.prepare(`SELECT title, aliases FROM search_entries`).all<{
      title: string;
      aliases: string;
    }>();
    const words = new Set(["the door", "knock door", "a", "qqzzxv"]);
    for (const { title, aliases } of results)
      for (const word of `${title} ${aliases}`.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word) words.add(word);
    expect(words.size).toBeGreaterThan(40);
    const pages = [
      ...[null, ...searchKinds].map((kind) => ({ kind, limit: 20, offset: 0 })),
      { kind: null, limit: 8, offset: 0 },
      { kind: null, limit: 2, offset: 1 },
      { kind: null, limit: 3, offset: 4 },
      { kind: "chapter" as const, limit: 1, offset: 2 },
    ];
    for (const word of words) {
      const every = await searchHits(env.DB, word);
      for (const page of pages) {
        const where = `"${word}" ${JSON.stringify(page)}`;
        expect(await searchSite(env.DB, word, noKnowledge, page), where).toEqual(
          searchResultsFor(every, noKnowledge, page),
        );
      }
    }
  });

  it("stops counting at the same thousand hits either way, whatever gated hits there are", async () => {
    await addTestEntries([
      ...Array.from({ length: 1030 }, (_, index) => [`test:many-${index}`, `Door ${index}`, null] as const),
      ...Array.from({ length: 30 }, (_, index) => [`test:many-gated-${index}`, "Door", "wn:9-9"] as const),
    ]);
    try {
      const page = { kind: null, limit: 20, offset: 990 };
      const shown = await searchSite(env.DB, "door", noKnowledge, page);
      expect(shown.total).toBe(1000);
      expect(shown.results).toHaveLength(10);
      expect(shown).toEqual(searchResultsFor(await searchHits(env.DB, "door"), noKnowledge, page));
    } finally {
      await removeTestEntries();
    }
  });

  it("finds a Japanese name or line by any part of it, not only its start, gated as before", async () => {
    // Mira Hale is ミラ・ヘイル; the first translation note's Japanese is 扉は二度叩け (one run of letters).
    expect(titles((await load(searchLoader, `/search?q=${encodeURIComponent("イル")}`)).results)).toEqual([
      "Mira Hale",
    ]);
    const twice = await load(searchLoader, `/search?q=${encodeURIComponent("二度叩")}&reveal=all`);
    expect(twice.results.map((result) => result.ref)).toEqual(["translation_note:main-1-knock-twice"]);
    // The note is gated where its passage is: a requester who knows nothing is told nothing of it.
    expect((await load(searchLoader, `/search?q=${encodeURIComponent("二度叩")}`)).total).toBe(0);
    // Its start still finds it, and letters in another order do not.
    expect((await load(searchLoader, `/search?q=${encodeURIComponent("扉")}&reveal=all`)).total).toBe(1);
    expect((await load(searchLoader, `/search?q=${encodeURIComponent("度二")}&reveal=all`)).total).toBe(0);
    // Words side by side, in any script: each must match.
    for (const [words, found] of [
      ["ミラ ヘイル", ["Mira Hale"]],
      ["mira ヘイル", ["Mira Hale"]],
      ["ヘイル door", ["Mira Hale"]],
      ["ヘイル 扉", []],
      // Katakana typed as hiragana, as a reader may type a name, whole or by one letter.
      ["へいる", ["Mira Hale"]],
      ["みら へいる", ["Mira Hale"]],
      ["へ", ["Mira Hale"]],
    ] as const) {
      const search = await load(searchLoader, `/search?q=${encodeURIComponent(words)}&suggest=1`);
      expect(titles(search.results), words).toEqual(found);
    }
  });

  it("finds a volume by its original title and number, that number only, and ranks a hit holding the words whole above one they start", async () => {
    // Volumes as a pack with numbered titles stores them: the tenth's English title is the shorter.
    await env.DB.batch(
      [
        ["test:volume-1", "Wendmark 1: The Long Road Out of Town", "ウェンドマーク1　長い道"],
        ["test:volume-10", "Wendmark 10: Home", "ウェンドマーク10　家"],
        ["test:volume-11", "Wendmark 11: Away", "ウェンドマーク11　旅"],
        ["test:volume-ex", "Wendmark EX: The Letters Left Behind", "ウェンドマークEX　手紙"],
        ["test:volume-ex-2", "Wendmark EX 2: Ink", "ウェンドマークEX2　墨"],
      ].map(([ref, title, original]) =>
        env.DB.prepare(
          `INSERT INTO search_entries (ref, kind, title, subtitle, path, original_title, aliases, body, revealed_by) VALUES (?1, 'volume', ?2, '', '/light_novels', ?3, ?4, '', NULL)`,
        ).bind(ref, title, original, `${original} ${unspacedPairs(original!)}`),
      ),
    );
    const refs = async (words: string) =>
      (await load(searchLoader, `/search?q=${encodeURIComponent(words)}`)).results.map((result) => result.ref);
    try {
      // A title and a number mean that number, whole, as "episode 8" is not episode 80: in the original
      // title typed as one word, in part of it, and in English.
      for (const [words, found] of [
        ["ウェンドマーク10", ["test:volume-10"]],
        // Digits of another script are those digits.
        ["ウェンドマーク١٠", ["test:volume-10"]],
        ["ウェンドマーク1", ["test:volume-1"]],
        ["マーク10", ["test:volume-10"]],
        ["ウェンドマークEX2", ["test:volume-ex-2"]],
        ["wendmark 10", ["test:volume-10"]],
      ] as const)
        expect(await refs(words), words).toEqual(found);
      // Words ending in letters are still prefixes, in part of a run too; the first EX volume's title is the
      // longer, but it holds "ウェンドマークEX" whole and the second only starts so.
      expect(await refs("ウェンドマークEX")).toEqual(["test:volume-ex", "test:volume-ex-2"]);
      expect(await refs("マークE")).toEqual(["test:volume-ex-2", "test:volume-ex"]);
      const japanese = await load(searchLoader, `/search?q=${encodeURIComponent("ウェンドマーク1")}`);
      expect(japanese.results.map((result) => result.content?.originalTitle)).toEqual(["ウェンドマーク1　長い道"]);
      // Any part of the original finds it, shown with it.
      const part = await load(searchLoader, `/search?q=${encodeURIComponent("い道")}`);
      expect(part.results.map((result) => result.content?.originalTitle)).toEqual(["ウェンドマーク1　長い道"]);
      // Shorter titles first where both hold the words alike, and no original titles for English words.
      const english = await load(searchLoader, "/search?q=wendmark%201");
      expect(english.results.map((result) => result.ref)).toEqual(["test:volume-1"]);
      expect(english.results.map((result) => result.content?.originalTitle)).toEqual([undefined]);
      expect(await refs("wendmark")).toEqual([
        "test:volume-10",
        "test:volume-11",
        "test:volume-ex-2",
        "test:volume-ex",
        "test:volume-1",
      ]);
    } finally {
      await removeTestEntries();
    }
  });

  it("never repeats a result's kind in the line under it (the suggestions put the kind first)", async () => {
    const door = await load(searchLoader, "/search?q=door&reveal=all");
    const story = door.results.find((result) => result.kind === "side_story");
    expect(story?.content?.subtitle).toBe("Tiny Tale EX 1");
    for (const result of door.results)
      expect(result.content?.subtitle.startsWith(searchKindLabels[result.kind]), result.content?.subtitle).toBe(false);
  });
});

describe("the header's suggestions", () => {
  const suggestions = (words: string, reveal: string | null) =>
    load(searchLoader, `/search?q=${encodeURIComponent(words)}&suggest=1${reveal ? `&reveal=${reveal}` : ""}`);
  /** The words a marked text shows found (every second piece). */
  const found = (pieces: string[] | undefined) => pieces?.filter((_, at) => at % 2 === 1);

  it("show the words each hit was found by, from its own entry, and nothing of an entry the requester does not know", async () => {
    await addTestEntries([["test:harbor", "Quiet Harbor", null]], "where the ember warden keeps watch over the quay");
    await addTestEntries([["test:sealed", "Ember Warden of Qqsealed", "wn:9-9"]], "the ember warden qqsealedtext");
    try {
      for (const reveal of [null, "wn:1-1", "all"]) {
        const answer = await suggestions("ember ward", reveal);
        const harbor = answer.results.find((result) => result.ref === "test:harbor")?.content;
        // Not in its title: a few words of its text around them, the words found marked as one.
        expect(harbor?.matched?.title, `${reveal}`).toBeUndefined();
        expect(found(harbor?.matched?.around), `${reveal}`).toEqual(["ember warden"]);
        expect(harbor?.matched?.around?.join(""), `${reveal}`).toContain("the ember warden keeps");
        const sealed = answer.results.find((result) => result.ref === "test:sealed")?.content;
        if (reveal === "all") expect(sealed?.matched).toEqual({ title: ["", "Ember Warden", " of Qqsealed"] });
        else expect(JSON.stringify(answer).toLowerCase(), `${reveal}`).not.toContain("qqsealed");
      }
      // The results page shows its hits as they are.
      const page = await load(searchLoader, "/search?q=ember%20ward&reveal=all");
      expect(page.results.every((result) => result.content?.matched === undefined)).toBe(true);
    } finally {
      await removeTestEntries();
    }
  });

  it("mark only text of the hit's own entry, for every word of a gated title and every reader", async () => {
    const { results: entries } = await env.DB.prepare(`SELECT ref, title, aliases, body FROM search_entries`).all<{
      ref: string;
      title: string;
      aliases: string;
      body: string;
    }>();
    const byRef = new Map(entries.map((entry) => [entry.ref, entry]));
    const words = new Set(["arc 1 chapter 2", "ep1", "door", "knock"]);
    for (const entry of await gatedEntries())
      for (const word of entry.title.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word.length > 2) words.add(word);
    let marked = 0;
    for (const reveal of [null, "wn:1-1", "anime:1-1", "wn:2-2,anime:1-2", "titles"]) {
      const knowledge = parseKnowledge(reveal)!;
      for (const word of words) {
        for (const result of (await suggestions(word, reveal)).results) {
          const where = `"${word}" reveal=${reveal}: ${result.ref}`;
          expect(knows(knowledge, result.revealedBy), where).toBe(true);
          const { title, around } = result.content?.matched ?? {};
          if (title) expect(title.join(""), where).toBe(result.content?.title);
          const own = byRef.get(result.ref)!;
          if (around) {
            const text = around.join("").replace(/^…|…$/g, "");
            expect(
              [own.aliases, own.body].some((each) => each.includes(text)),
              where,
            ).toBe(true);
          }
          if (title || around) marked += 1;
        }
      }
    }
    expect(marked).toBeGreaterThan(20);
  });
});
