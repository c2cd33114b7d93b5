import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { searchKindLabels } from "~/lib/search-query";
import { loader as searchLoader } from "~/routes/search";
import { visitor } from "../support/readers";
import { load, status } from "../support/workers-context";

/** Where the timeline placed a unit: the reveal point of what is gated with it. */
async function positionOf(key: string) {
  const row = await env.DB.prepare(`SELECT position FROM story_units WHERE key = ?1`).bind(key).first<{ position: number }>();
  if (!row) throw new Error(`no story unit ${key}`);
  return row.position;
}

describe("site search against the imported tiny pack", () => {
  it("puts a character whose name or alias matches first, above titles that match better by text", async () => {
    // "The Door" (a volume) and "If the Door Stayed Shut" match "door" in their titles; Mira Hale by her alias.
    const door = await load(searchLoader, "/search?q=door");
    expect(door.results[0]).toMatchObject({ kind: "character", title: "Mira Hale", path: "/characters/mira-hale", revealAt: null });
    expect(door.results.map((result) => result.title)).toEqual(expect.arrayContaining(["The Door", "If the Door Stayed Shut"]));
    const oren = await load(searchLoader, "/search?q=oren");
    expect(oren.results[0]).toMatchObject({ kind: "character", title: "Oren Vale" });
    // A summary that mentions a word is not a name: "keeper" finds the chapter title before Mira Hale's summary.
    const keeper = await load(searchLoader, "/search?q=keeper");
    expect(keeper.results[0]).toMatchObject({ kind: "chapter", title: "The Keeper Lied" });
  });

  it("finds anime episodes, Break Time shorts and translation notes, each gated as the page it links to", async () => {
    const knock = await load(searchLoader, "/search?q=knock");
    expect(knock.results).toContainEqual(
      expect.objectContaining({ kind: "episode", title: "Knock Knock", subtitle: "Season 1 · Episode 1", path: "/anime?season=1#s1e1", revealAt: await positionOf("anime:1-1") }),
    );
    // An LN note at its web novel chapter, linked to its entry on the volume's page.
    expect(knock.results).toContainEqual(
      expect.objectContaining({
        kind: "translation_note",
        title: "Knock on the door once.",
        path: "/translation_meta/ln_mistls/main_v1#entry-main-1-knock-twice",
        revealAt: await positionOf("wn:1-1"),
      }),
    );
    const snack = await load(searchLoader, "/search?q=snack");
    expect(snack.results).toEqual([
      expect.objectContaining({
        kind: "break_time",
        title: "Snack Time",
        subtitle: "With Season 1 · Episode 1",
        path: expect.stringMatching(/^\/break_time\b.*#bt-1-1$/),
        revealAt: await positionOf("anime:1-1"),
      }),
    ]);
    // An anime note at its explicit reveal point, found by the suggested wording.
    const lied = await load(searchLoader, "/search?q=lied%20to%20you");
    expect(lied.results[0]).toMatchObject({
      kind: "translation_note",
      title: "I never lied.",
      path: "/translation_meta/anime_mistls?season=1#entry-s1e2-the-lie",
      revealAt: await positionOf("wn:2-2"),
    });
    // Found by the explanation too, with the volume and chapter it is in.
    const softened = await load(searchLoader, "/search?q=softened");
    expect(softened.results).toContainEqual(expect.objectContaining({ kind: "translation_note", subtitle: "Tiny Tale 2, chapter 1" }));
  });

  it("narrows to one kind with counts per kind; paging keeps the kind; an unknown kind is ignored", async () => {
    const all = await load(searchLoader, "/search?q=knock");
    expect(all.kind).toBeNull();
    // The volume "The Door" holds a chapter called "Knock".
    expect(all.counts).toEqual({ chapter: 1, volume: 1, episode: 1, translation_note: 1 });
    expect(all.total).toBe(4);

    const episodes = await load(searchLoader, "/search?q=knock&kind=episode");
    expect(episodes.kind).toBe("episode");
    expect(episodes.results.map((result) => result.title)).toEqual(["Knock Knock"]);
    expect(episodes.total).toBe(1);
    expect(episodes.counts).toEqual(all.counts);
    expect(await status(searchLoader, "/search?q=knock&kind=episode&page=2")).toBe(404);

    const none = await load(searchLoader, "/search?q=knock&kind=side_story");
    expect(none).toMatchObject({ kind: "side_story", results: [], total: 0 });

    for (const odd of ["Episode", "everything", "", "__proto__"]) {
      const ignored = await load(searchLoader, `/search?q=knock&kind=${encodeURIComponent(odd)}`);
      expect(ignored).toMatchObject({ kind: null, total: 4 });
    }
  });

  it("renders chips with counts and no gated text in the server's HTML", async () => {
    const response = await visitor.fetch("/search?q=knock");
    expect(response.status).toBe(200);
    const html = await response.text();
    const rendered = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "");
    for (const gated of ["Knock Knock", "Knock on the door once.", "Knock on the door twice."]) expect(rendered).not.toContain(gated);
    // The chapter "Knock" is public; the chips say how many of each kind there are.
    expect(rendered).toMatch(/>Knock</);
    expect(rendered).toMatch(/href="\/search\?q=knock&amp;kind=episode"[^>]*>Anime episodes\s*<span[^>]*>1</);
    expect(rendered).toMatch(/aria-current="page"[^>]*>All\s*<span[^>]*>4</);
    expect(rendered.match(/1 result beyond your reading progress/g)).toHaveLength(2);
  });

  it("never repeats a result's kind in the line under it (the suggestions put the kind first)", async () => {
    const door = await load(searchLoader, "/search?q=door");
    const story = door.results.find((result) => result.kind === "side_story");
    expect(story?.subtitle).toBe("Tiny Tale EX 1");
    for (const result of door.results) expect(result.subtitle.startsWith(searchKindLabels[result.kind]), result.subtitle).toBe(false);
  });
});
