import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { knowledgeOfUnits, knows } from "../knowledge";
import { parsePack, resolvePack } from "./resolve-pack";

const parsed = parsePack((file) => ({ json: JSON.parse(readFileSync(`content/demo/${file}`, "utf8")) }));
if (!parsed.pack) throw new Error("The demo pack does not parse");
const { rows, problems } = resolvePack(parsed.pack, "demo");
const revealedBy = new Map(rows.story_units.map((unit) => [unit.key, unit.revealed_by]));
const revealersOf = (key: string) => revealedBy.get(key)?.split(" ") ?? [];

describe("what reveals what the story reveals at a unit", () => {
  it("resolves the demo pack without problems", () => {
    expect(problems).toEqual([]);
  });

  it("a web novel chapter is revealed by itself, the volume that adapts it and the episode that adapts it", () => {
    // Episode 1-5 adapts wn:1-23 to wn:1-28; volume main 1 covers arc 1's start.
    expect(revealersOf("wn:1-28")).toContain("wn:1-28");
    expect(revealersOf("wn:1-28")).toContain("anime:1-5");
    expect(revealersOf("wn:1-28").some((unit) => unit.startsWith("ln:main-"))).toBe(true);
  });

  it("a chapter the anime skipped is revealed by no episode", () => {
    // Season 1's episode 10 ends at wn:2-22 and episode 11 starts at wn:2-25.
    for (const skipped of ["wn:2-23", "wn:2-24"]) expect(revealersOf(skipped).filter((unit) => unit.startsWith("anime:"))).toEqual([]);
  });

  it("an episode reveals what its last adapted chapter reveals, to readers of the web novel too", () => {
    expect(revealersOf("anime:1-5")).toEqual(expect.arrayContaining(["anime:1-5", "wn:1-28"]));
  });

  it("a side story or a Break Time short reveals only to those who consumed it", () => {
    const story = rows.side_stories[0]!;
    expect(revealersOf(story.key)).toEqual([story.key]);
    expect(revealersOf("bt:1-1")).toEqual(["bt:1-1"]);
  });

  it("an anime-only viewer of season 1 does not know a title revealed in a chapter the season skipped; a web novel reader past it does", () => {
    const title = rows.chapters.find((chapter) => chapter.key === "wn:2-24");
    expect(title?.title_revealed_by).not.toBeNull();
    expect(knows(knowledgeOfUnits(["anime:1-12"]), title!.title_revealed_by)).toBe(false);
    expect(knows(knowledgeOfUnits(["wn:2-30"]), title!.title_revealed_by)).toBe(true);
  });

  it("every gated row names what reveals it; nothing gated is left revealed by nothing", () => {
    const gatedRows = [
      ...rows.character_facts.filter((row) => row.reveal_position !== null),
      ...rows.character_relationships.filter((row) => row.reveal_position !== null),
      ...rows.ln_mistakes,
      ...rows.anime_mistakes,
    ];
    for (const row of gatedRows) expect(row.revealed_by).toMatch(/\S/);
    for (const row of rows.character_facts.filter((each) => each.reveal_position === null)) expect(row.revealed_by).toBeNull();
  });

  it("a light novel entry is revealed by its own volume and by its passage's web novel chapter", () => {
    const entry = rows.ln_mistakes.find((each) => each.web_novel_chapter);
    expect(entry?.revealed_by.split(" ")).toEqual(expect.arrayContaining([entry!.volume_key, entry!.web_novel_chapter]));
  });
});
