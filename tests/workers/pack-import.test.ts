import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { contentVersionOf } from "../../pack";
import { noKnowledge } from "~/lib/shield/knowledge";
import { searchHits, searchSite } from "~/models/search.server";
import { importRows, testPackRows } from "../support/packs";

/** The tiny pack with a chapter renamed, one added, and a character's last fact gone. */
const editedTiny = () =>
  testPackRows("tiny", {
    edit: (files) => {
      files["web-novel.json"].arcs[1].chapters[0].title = "The Long Corridor";
      files["web-novel.json"].arcs[1].chapters.push({
        ordinal: 3,
        title: "Afterword",
        publishedOn: "2015-02-15",
        wordCount: 1200,
      });
      files["characters.json"].characters[0].facts.pop();
    },
  });

// What `npm run content:import` writes into D1 (the setup imported the tiny pack already).
describe("importing a pack into D1", () => {
  it("finds nothing to change when the same pack is imported again", async () => {
    expect(await importRows(testPackRows("tiny"))).toEqual([]);
  });

  it("writes exactly what changed, and a new content version", async () => {
    const tiny = testPackRows("tiny");
    const edited = editedTiny();
    expect(await importRows(edited)).toEqual([
      { table: "story_units", added: 1, updated: 0, removed: 0 },
      // Arc 2's totals (its chapters, words and last date), counted again at import.
      { table: "arcs", added: 0, updated: 1, removed: 0 },
      { table: "chapters", added: 1, updated: 1, removed: 0 },
      { table: "character_facts", added: 0, updated: 0, removed: 1 },
      // The new chapter's entry and its place's (decision 80).
      { table: "search_entries", added: 2, updated: 1, removed: 0 },
      // Arc 2's chapters and words, its month's chapters, and the chapter and word totals, computed again at import.
      { table: "content_statistics", added: 0, updated: 5, removed: 0 },
    ]);
    expect(await importRows(editedTiny())).toEqual([]);
    // Pages cached at the edge under the old content are no longer served.
    expect(contentVersionOf(edited)).not.toBe(contentVersionOf(tiny));
    expect(contentVersionOf(editedTiny())).toBe(contentVersionOf(edited));

    await importRows(tiny);
    expect(await importRows(testPackRows("tiny"))).toEqual([]);
  });

  it("keeps an extra and an afterword as their kinds, named by them and outside the chapters' count", async () => {
    const withExtras = testPackRows("tiny", {
      edit: (files) => {
        const { chapters } = files["web-novel.json"].arcs[1];
        const last = Math.max(...chapters.map((chapter: { ordinal: number }) => chapter.ordinal));
        chapters.push(
          { ordinal: last + 1, kind: "extra", title: "A Day Off", publishedOn: "2015-02-20" },
          { ordinal: last + 2, kind: "chapter", title: "Back to Work", publishedOn: "2015-02-27" },
          { ordinal: last + 3, kind: "afterword", title: "Thank You for Reading", publishedOn: "2015-02-28" },
        );
      },
    });
    try {
      await importRows(withExtras);
      const { results } = await env.DB.prepare(
        `SELECT c.kind, u.label FROM chapters c JOIN story_units u ON u.key = c.key WHERE c.arc_number = 2 ORDER BY c.ordinal DESC LIMIT 3`,
      ).all<{ kind: string; label: string }>();
      const chapters = withExtras.chapters.filter((chapter) => chapter.arc_number === 2 && chapter.kind === "chapter");
      expect(results.reverse()).toEqual([
        { kind: "extra", label: "Arc 2 · Extra" },
        { kind: "chapter", label: `Arc 2 · Chapter ${chapters.length}` },
        { kind: "afterword", label: "Arc 2 · Afterword" },
      ]);
    } finally {
      await importRows(testPackRows("tiny"));
    }
    expect(await importRows(testPackRows("tiny"))).toEqual([]);
  });

  it("names a volume, a film and a short by their places in search when they lose their titles, and gates their titles again when they are given", async () => {
    // Announced by number after all (decisions 75 and 76): the titles the pack gave before are gone.
    const untitled = testPackRows("tiny", {
      edit: (files) => {
        delete files["light-novels.json"].collections[0].volumes[1].title;
        delete files["anime.json"].specials[0].title;
        // The short's title was flagged: its flag goes with it.
        delete files["anime.json"].breakTime[0].title;
        delete files["anime.json"].breakTime[0].titleIsSpoiler;
      },
    });
    const refs = ["volume:ln:main-2", "anime_special:sp:film-1", "break_time:bt:1-1"];
    const entries = async () =>
      (
        await env.DB.prepare(
          `SELECT ref, title, revealed_by FROM search_entries WHERE ref IN (?1, ?2, ?3) ORDER BY ref`,
        )
          .bind(...refs)
          .all<{ ref: string; title: string; revealed_by: string | null }>()
      ).results;
    const found = async (words: string) =>
      (await searchHits(env.DB, words)).map((hit) => hit.ref).filter((ref) => refs.includes(ref));
    // What a newcomer is shown: the first load's answer, counted in the database.
    const foundByNewcomer = async (words: string) =>
      (await searchSite(env.DB, words, noKnowledge, { kind: null, limit: 20, offset: 0 })).results
        .map((hit) => hit.ref)
        .filter((ref) => refs.includes(ref));
    const places = ["Tiny Tale 2", "Anime Film", "Season 1 Break Time 1"];
    const titled = await entries();
    expect(titled.map((entry) => entry.ref)).toEqual([...refs].sort());
    expect(titled.every((entry) => entry.revealed_by !== null)).toBe(true);
    try {
      // Their place's entries go: each is its place's now.
      expect(await importRows(untitled)).toContainEqual({ table: "search_entries", added: 0, updated: 3, removed: 3 });
      // Each named by its place, for everyone.
      expect(await entries()).toEqual([
        { ref: "anime_special:sp:film-1", title: "Anime · Film", revealed_by: null },
        { ref: "break_time:bt:1-1", title: "Season 1 · Break Time 1", revealed_by: null },
        { ref: "volume:ln:main-2", title: "Tiny Tale 2", revealed_by: null },
      ]);
      for (const [at, words] of places.entries()) {
        expect(await found(words), words).toContain(refs[at]);
        expect(await foundByNewcomer(words), words).toContain(refs[at]);
      }
      // Nothing in the index still finds them by the titles they had.
      for (const title of ["The Hall", "Lamp Oil The Film", "Snack Time"])
        expect(await found(title), title).toEqual([]);
    } finally {
      await importRows(testPackRows("tiny"));
    }
    // Their titles back, gated as before: found by them, and by a newcomer by their places' entries alone.
    expect(await entries()).toEqual(titled);
    expect(await found("Snack Time")).toEqual(["break_time:bt:1-1"]);
    for (const [at, words] of places.entries()) {
      expect(await foundByNewcomer(words), words).toEqual([]);
      const newcomer = await searchSite(env.DB, words, noKnowledge, { kind: null, limit: 20, offset: 0 });
      expect(
        newcomer.results.map((hit) => hit.ref),
        words,
      ).toContain(`place:${refs[at]}`);
    }
    expect(await importRows(testPackRows("tiny"))).toEqual([]);
  });
});
