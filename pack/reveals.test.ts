import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { knowledgeOfUnits, knows, readRevealers } from "../app/lib/shield/knowledge";
import { parsePack, resolvePack } from "./index";

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
    for (const skipped of ["wn:2-23", "wn:2-24"])
      expect(revealersOf(skipped).filter((unit) => unit.startsWith("anime:"))).toEqual([]);
  });

  it("an episode reveals what its last adapted chapter reveals, to readers of the web novel too", () => {
    expect(revealersOf("anime:1-5")).toEqual(expect.arrayContaining(["anime:1-5", "wn:1-28"]));
  });

  it("a scene the light novels moved is read in the volume it moved to, not the one that cut it", () => {
    expect(revealersOf("wn:2-16")).not.toContain("ln:main-3");
    expect(revealersOf("wn:2-16")).toContain("ln:main-4");
    expect(revealersOf("wn:2-15")).toContain("ln:main-3");
  });

  it("a side story reveals only to its readers, a Break Time short to those who watched it or the episode it aired with", () => {
    // A store bonus no book reprints and no episode tells.
    expect(revealersOf("ss:ln-5-melonbooks-bonus")).toEqual(["ss:ln-5-melonbooks-bonus"]);
    expect(revealersOf("bt:1-1")).toEqual(["bt:1-1", "anime:1-1"]);
    // Short 6 of season 1 aired with episode 7: that episode's viewers watched it, not the chapters it adapts' readers.
    expect(revealersOf("bt:1-6")).toEqual(["bt:1-6", "anime:1-7"]);
  });

  it("a side story a light novel volume prints is read by the volume's readers; the volume is not read by the story's", () => {
    // The side volume ln:ex-1 is the story ss:ex-1; ln:ssc-2 collects short-stories-2-1.
    expect(revealersOf("ss:ex-1")).toEqual(expect.arrayContaining(["ss:ex-1", "ln:ex-1"]));
    expect(revealersOf("ss:short-stories-2-1")).toEqual(
      expect.arrayContaining(["ss:short-stories-2-1", "ln:ssc-2", "anime:2-11"]),
    );
    expect(revealersOf("ss:short-stories-2-1")).not.toContain("ln:ssc-1");
    expect(revealersOf("ln:ssc-2")).not.toContain("ss:short-stories-2-1");
    // What is revealed at the story reaches the collection's readers, and no one who read only the collection before it.
    const fact = rows.character_facts.find((row) => row.label === "The festival he remembers")!;
    expect(knows(knowledgeOfUnits(["ln:ssc-2"]), readRevealers(fact.revealed_by))).toBe(true);
    expect(knows(knowledgeOfUnits(["ln:ssc-1"]), readRevealers(fact.revealed_by))).toBe(false);
  });

  it("an anime-only viewer of season 1 does not know a title revealed in a chapter the season skipped; a web novel reader past it does", () => {
    const title = rows.chapters.find((chapter) => chapter.key === "wn:2-24");
    expect(title?.title_revealed_by).not.toBeNull();
    expect(knows(knowledgeOfUnits(["anime:1-12"]), readRevealers(title!.title_revealed_by))).toBe(false);
    expect(knows(knowledgeOfUnits(["wn:2-30"]), readRevealers(title!.title_revealed_by))).toBe(true);
  });

  it("every gated row names what reveals it; nothing gated is left revealed by nothing", () => {
    const gatedRows = [
      ...rows.character_facts.filter((row) => row.reveal_position !== null),
      ...rows.character_relationships.filter((row) => row.reveal_position !== null),
      ...rows.ln_mistakes,
      ...rows.anime_mistakes,
    ];
    for (const row of gatedRows) expect(row.revealed_by).toMatch(/\S/);
    for (const row of rows.character_facts.filter((each) => each.reveal_position === null))
      expect(row.revealed_by).toBeNull();
  });

  it("a light novel entry is revealed by its own volume and by its passage's web novel chapter", () => {
    const entry = rows.ln_mistakes.find((each) => each.web_novel_chapter);
    expect(entry?.revealed_by.split(" ")).toEqual(
      expect.arrayContaining([entry!.volume_key, entry!.web_novel_chapter]),
    );
  });

  it("a side story that gives a fate away is gated with its title and summary, in its row and in search", () => {
    const story = rows.side_stories.find((each) => each.slug === "blog-2020-04-if")!;
    expect(story.revealed_by?.split(" ")).toContain("wn:6-28");
    expect(rows.search_entries.find((entry) => entry.ref === `side_story:${story.slug}`)?.revealed_by).toBe(
      story.revealed_by,
    );
    expect(rows.side_stories.find((each) => each.slug === "ln-1-animate-bonus")?.revealed_by).toBeNull();
  });

  it("a light novel chapter titled after a flagged web novel chapter is gated like it, and left out of the volume's search text", () => {
    const volume = rows.ln_volumes.find((each) => each.key === "ln:main-14")!;
    const titles: string[] = JSON.parse(volume.chapter_titles);
    const revealedBy: (string | null)[] = JSON.parse(volume.chapter_titles_revealed_by);
    // Stored apart from the book's label, which spoils nothing.
    expect(titles[2]).toBe("Ambrose");
    expect(JSON.parse(volume.chapter_labels)[2]).toBe("Chapter 2");
    expect(revealedBy[2]).toBe(rows.chapters.find((chapter) => chapter.key === "wn:7-20")!.title_revealed_by);
    expect(revealedBy[3]).toBeNull(); // "Chapter 3: Lanternfall", titled after an unflagged chapter
    expect(rows.search_entries.find((entry) => entry.ref === "volume:ln:main-14")?.body).not.toContain("Ambrose");
  });

  it("the demo pack declares its secrets and passes its own spoiler lint", () => {
    expect(parsed.pack!.series.secrets.length).toBeGreaterThan(10);
    expect(problems.filter((problem) => problem.message.includes("names the secret"))).toEqual([]);
  });
});

describe("what reaches a unit's place, which shows its title where the pack does not flag it", () => {
  const titleReachedBy = new Map(rows.story_units.map((unit) => [unit.key, unit.title_reached_by]));
  const reachOf = (key: string) => readRevealers(titleReachedBy.get(key) ?? "");
  const entryOf = (ref: string) => readRevealers(rows.search_entries.find((entry) => entry.ref === ref)!.revealed_by);
  /** Someone whose only progress is these units, who hides titles of what they have not reached. */
  const reader = (...units: string[]) => knowledgeOfUnits(units);

  it("counts the manga chapter that adapts the chapter an episode, a recut's episode or a volume reaches", () => {
    // anime:1-3 and ln:main-1 reach wn:1-16, which manga:wick-6 adapts (with wn:1-17 and wn:1-19);
    // anime:1r1-1 holds anime:1-2, which reaches wn:1-11, in manga:wick-4.
    for (const [unit, manga] of [
      ["anime:1-3", "manga:wick-6"],
      ["ln:main-1", "manga:wick-6"],
      ["anime:1r1-1", "manga:wick-4"],
      ["anime:1-8", "manga:tallow-4"],
    ] as const) {
      expect([unit, revealersOf(unit)]).not.toEqual([unit, expect.arrayContaining([manga])]);
      expect([unit, reachOf(unit)]).toEqual([unit, expect.arrayContaining([...revealersOf(unit), manga])]);
      // A reader of that manga chapter, or of a later one of its series, finds the title; one before it does not.
      expect([unit, knows(reader(manga), reachOf(unit))]).toEqual([unit, true]);
    }
    expect(knows(reader("manga:wick-10"), reachOf("ln:main-1"))).toBe(true);
    expect(knows(reader("manga:wick-5"), reachOf("ln:main-1"))).toBe(false);
  });

  it("finds the episode's entry in search for the manga reader, as the title's reach", () => {
    expect(knows(reader("manga:wick-6"), entryOf("episode:anime:1-3"))).toBe(true);
    expect(knows(reader("manga:wick-5"), entryOf("episode:anime:1-3"))).toBe(false);
    // What the unit itself reveals still waits for its revealers: the manga left wn:1-18 out.
    expect(knows(reader("manga:wick-6"), revealersOf("anime:1-3"))).toBe(false);
  });

  it("finds a side story by its title alone, never by words of its summary, which waits for its readers", () => {
    const stories = rows.search_entries.filter((entry) => entry.kind === "side_story");
    expect(stories.length).toBeGreaterThan(0);
    for (const entry of stories) expect([entry.ref, entry.body]).toEqual([entry.ref, ""]);
    expect(rows.side_stories.some((story) => story.summary)).toBe(true);
  });

  it("finds a volume's entry, which its chapters' titles find too, only as those titles are shown: not by the reach", () => {
    // ln:main-1's entry holds its chapters' titles, shown to whoever the volume reveals to (or who shows
    // titles): the manga reader who reached its place may have skipped a chapter one of them names.
    expect(knows(reader("manga:wick-6"), entryOf("volume:ln:main-1"))).toBe(false);
    expect(knows(reader("manga:wick-6"), reachOf("ln:main-1"))).toBe(true);
    expect(knows(reader("ln:main-1"), entryOf("volume:ln:main-1"))).toBe(true);
  });

  it("does not count the viewer of an OVA or special that covers that chapter on its own", () => {
    // sp:special-1 adapts wn:1-16 alone, the chapter ln:main-1 reaches: a glimpse is no place reached.
    expect(reachOf("ln:main-1")).not.toContain("sp:special-1");
    expect(knows(reader("sp:special-1"), reachOf("ln:main-1"))).toBe(false);
    // The special's own title is reached where its last chapter is, by the manga's reader too.
    expect(reachOf("sp:special-1")).toEqual(expect.arrayContaining([...revealersOf("sp:special-1"), "manga:tallow-4"]));
  });

  it("counts a season's viewer past the episode an OVA, special or film is watched after, for its title only", () => {
    // sp:ova-1 is anime-original, watched after anime:1-6; sp:film-1 tells a side story, watched after anime:1-12.
    for (const [special, episode] of [
      ["sp:ova-1", "anime:1-6"],
      ["sp:film-1", "anime:1-12"],
    ] as const) {
      expect([special, reachOf(special)]).toEqual([
        special,
        expect.arrayContaining([...revealersOf(special), ...reachOf(episode)]),
      ]);
      // Whoever watched the season on, or read as far, sees its title; what it tells still waits for its own viewers.
      expect([special, knows(reader("anime:1-12"), reachOf(special))]).toEqual([special, true]);
      expect([special, knows(reader("anime:1-12"), revealersOf(special))]).toEqual([special, false]);
    }
    expect(knows(reader("anime:1-5"), reachOf("sp:ova-1"))).toBe(false);
  });

  it("is a web novel chapter's or a side story's revealers, and a short's what reaches its episode", () => {
    for (const unit of ["wn:1-16", "wn:2-24", "ss:ex-1"]) expect(reachOf(unit)).toEqual(revealersOf(unit));
    expect(reachOf("bt:1-6")).toEqual(expect.arrayContaining([...revealersOf("bt:1-6"), ...reachOf("anime:1-7")]));
    expect(reachOf("bt:1-6")).toContain("manga:tallow-2");
  });

  it("leaves a flagged title behind what reveals it: a short's flagged title is not the manga reader's", () => {
    // bt:1-7 aired with anime:1-8, whose place manga:tallow-4 reaches; its title is flagged.
    const short = rows.break_time_episodes.find((row) => row.key === "bt:1-7")!;
    expect(short.title_revealed_by).not.toBeNull();
    expect(reachOf("bt:1-7")).toContain("manga:tallow-4");
    expect(readRevealers(short.title_revealed_by)).not.toContain("manga:tallow-4");
    expect(entryOf("break_time:bt:1-7")).toEqual(readRevealers(short.title_revealed_by));
    expect(knows(reader("manga:tallow-4"), entryOf("break_time:bt:1-7"))).toBe(false);
    expect(knows(reader("anime:1-8"), entryOf("break_time:bt:1-7"))).toBe(true);
  });
});

describe("who may read a unit's thread: who has been through all it tells (decision 58)", () => {
  const toldBy = new Map(rows.story_units.map((unit) => [unit.key, unit.told_by]));
  const toldTo = (thread: string, ...units: string[]) =>
    knows(knowledgeOfUnits(units), readRevealers(toldBy.get(thread) ?? ""));

  it("a volume's thread is not opened by an anime that skipped chapters the volume prints", () => {
    // Volume main 4 prints wn:2-23 and wn:2-24, which season 1 skipped; episode 1-12 reaches past the volume.
    expect(revealersOf("ln:main-4")).toContain("anime:1-12");
    expect(toldTo("ln:main-4", "anime:1-12")).toBe(false);
    expect(toldTo("ln:main-4", "anime:1r1-6")).toBe(false);
    expect(toldTo("ln:main-4", "ln:main-4")).toBe(true);
    // A web novel reader past the volume may have crossed from the anime, which records the chapters it
    // skipped: no place stands for the chapters behind it, so the volume's own readers alone read its thread.
    expect(toldTo("ln:main-4", "wn:2-32")).toBe(false);
    expect(knows(knowledgeOfUnits(["wn:2-32"], ["wn:2-23", "wn:2-24"]), readRevealers(toldBy.get("ln:main-4")!))).toBe(
      false,
    );
  });

  it("a recut's episode with a scene brought forward is told only to who saw that scene's chapters too", () => {
    // Recut episode 3 holds season 1's episodes 5 and 6 and a scene from wn:2-10.
    expect(revealersOf("anime:1r1-3")).toEqual(expect.arrayContaining(["anime:1-6", "wn:2-4"]));
    expect(toldTo("anime:1r1-3", "anime:1-6")).toBe(false);
    expect(toldTo("anime:1r1-3", "wn:2-4")).toBe(false);
    expect(toldTo("anime:1r1-3", "anime:1r1-3")).toBe(true);
    expect(toldTo("anime:1r1-3", "anime:1r1-6")).toBe(true);
    expect(toldTo("anime:1r1-3", "wn:2-10")).toBe(false);
  });

  it("a recut's episode with a scene drawn for the recut alone is told only along the recut", () => {
    const pack = structuredClone(parsed.pack!);
    const recut = pack.anime.seasons[0]!.recuts[0]!;
    // The recut's first episode, which holds the season's episodes 1 and 2, adds a scene of its own.
    recut.episodes[0]!.newScenes = [{ note: "The lamplighters' round at dusk, drawn for the recut." }];
    const units = new Map(resolvePack(pack, "demo").rows.story_units.map((unit) => [unit.key, unit]));
    const toldTo = (...seen: string[]) =>
      knows(knowledgeOfUnits(seen), readRevealers(units.get("anime:1r1-1")!.told_by));
    // The season's viewers and the readers of the volume that prints its chapters have been through all
    // it holds but that scene.
    expect(toldTo("ln:main-1")).toBe(false);
    expect(toldTo("anime:1-12")).toBe(false);
    expect(toldTo("wn:2-40")).toBe(false);
    expect(toldTo("anime:1r1-1")).toBe(true);
    expect(toldTo("anime:1r1-4")).toBe(true);
  });

  it("the threads of what a unit holds whole stay open to its readers and viewers", () => {
    // The recut's viewers have watched the season's episodes it holds; a volume's readers its chapters.
    expect(toldTo("anime:1-5", "anime:1r1-3")).toBe(true);
    expect(toldTo("anime:1-6", "anime:1r1-3")).toBe(true);
    expect(toldTo("wn:2-24", "ln:main-4")).toBe(true);
    expect(toldTo("wn:2-24", "anime:1-12")).toBe(false);
    // A skipped chapter's thread stays with those who read it, however far past it the reader stands.
    expect(knows(knowledgeOfUnits(["wn:2-32"], ["wn:2-24"]), readRevealers(toldBy.get("wn:2-24")!))).toBe(false);
  });

  it("a recut's episode that holds a season's episode in part is told only to its own viewers", () => {
    const pack = structuredClone(parsed.pack!);
    const recut = pack.anime.seasons[0]!.recuts[0]!;
    // The recut's first episode holds the season's episode 1 and the first of episode 2's two parts.
    const first = recut.episodes[0]!;
    const second = recut.episodes[1]!;
    first.contains = [{ episode: 1 }, { episode: 2, part: 1, of: 2 }];
    second.contains = [{ episode: 2, part: 2, of: 2 }, ...second.contains.slice(1)];
    const units = new Map(resolvePack(pack, "demo").rows.story_units.map((unit) => [unit.key, unit]));
    const toldByPart = readRevealers(units.get("anime:1r1-1")!.told_by);
    expect(knows(knowledgeOfUnits(["anime:1-1"]), toldByPart)).toBe(false);
    expect(knows(knowledgeOfUnits(["anime:1r1-1"]), toldByPart)).toBe(true);
  });

  it("every unit's thread is told to its own readers, and only to readers who know what the unit reveals", () => {
    for (const unit of rows.story_units) {
      expect(readRevealers(unit.told_by)).toContain(unit.key);
      for (const key of readRevealers(unit.told_by))
        expect(knows(knowledgeOfUnits([key]), readRevealers(unit.revealed_by))).toBe(true);
    }
  });
});

describe("a special that tells a side story", () => {
  const withAdapts = (adapts: object) => {
    const pack = structuredClone(parsed.pack!);
    const special = pack.anime.specials.find((each) => each.slug === "film-1")!;
    Object.assign(special, { adapts });
    const units = new Map(resolvePack(pack, "demo").rows.story_units.map((unit) => [unit.key, unit]));
    return (key: string) => units.get(key)!;
  };

  it("and nothing else shares its reveals with the story's readers", () => {
    const unit = withAdapts({ sideStories: ["ss:blog-2015-01"] });
    expect(readRevealers(unit("sp:film-1").revealed_by)).toContain("ss:blog-2015-01");
  });

  it("and adapts chapters too reveals what those chapters do, which the story's readers have not read", () => {
    const unit = withAdapts({
      chapters: [{ from: "wn:6-27", to: "wn:6-28" }],
      sideStories: ["ss:blog-2015-01"],
    });
    const special = unit("sp:film-1");
    expect(readRevealers(special.revealed_by)).not.toContain("ss:blog-2015-01");
    expect(knows(knowledgeOfUnits(["ss:blog-2015-01"]), readRevealers(special.told_by))).toBe(false);
    expect(knows(knowledgeOfUnits(["sp:film-1"]), readRevealers(special.told_by))).toBe(true);
  });
});

describe("where a medium reveals something differently, in the demo pack", () => {
  const factRevealedBy = (slug: string, label: string) =>
    rows.character_facts.find((fact) => fact.character_slug === slug && fact.label === label)!.revealed_by;
  const knownAfter = (slug: string, label: string, ...units: string[]) =>
    knows(knowledgeOfUnits(units), readRevealers(factRevealedBy(slug, label)));

  it("a fact revealed only in the web novel: the light novels cut the scene", () => {
    // The Archprelate's secret, wn:5-5; volume 9 (wn:5-1 to wn:5-16) left the scene out, and no season adapts arc 5.
    expect(knownAfter("benedikt-solm", "Secret", "wn:5-5")).toBe(true);
    expect(knownAfter("benedikt-solm", "Secret", "ln:main-14")).toBe(false);
  });

  it("an anime-original reveal: season 2 episode 12 shows the Saint is Corvin's sister, long before wn:5-16", () => {
    for (const [slug, label] of [
      ["corvin-hale", "Birth name"],
      ["maelis-ashgrave", "Relation"],
    ] as const) {
      expect(knownAfter(slug, label, "anime:2-12")).toBe(true);
      expect(knownAfter(slug, label, "anime:2-11")).toBe(false);
      expect(knownAfter(slug, label, "wn:5-15")).toBe(false);
      expect(knownAfter(slug, label, "wn:5-16")).toBe(true);
    }
  });

  it("a fact the anime reveals later than the web novel: held back from episode 5 to the season's finale", () => {
    // Otto Penn's secret, wn:3-26, which episode 2-5 adapts.
    expect(knownAfter("otto-penn", "Secret", "wn:3-26")).toBe(true);
    expect(knownAfter("otto-penn", "Secret", "anime:2-5")).toBe(false);
    expect(knownAfter("otto-penn", "Secret", "anime:2-6")).toBe(true);
  });

  it("a scene the light novels moved: the archive scene of wn:5-18 is in volume 9, not volume 10", () => {
    expect(knownAfter("elowen-pryce", "Find", "ln:main-9")).toBe(true);
    expect(knownAfter("elowen-pryce", "Find", "ln:main-8")).toBe(false);
    expect(knownAfter("elowen-pryce", "Find", "wn:5-17")).toBe(false);
  });
});

describe("meeting a character", () => {
  const character = (slug: string) => rows.characters.find((row) => row.slug === slug)!;

  it("those met where the story opens (the first chapter, the first episode) are no spoiler", () => {
    expect(character("lanthe").revealed_by).toBeNull();
    expect(character("ilse-marrow").revealed_by).toBeNull();
  });

  it("anyone else is met at any of their first appearances, and found in search only then", () => {
    const maelis = character("maelis-ashgrave").revealed_by!.split(" ");
    expect(maelis).toEqual(expect.arrayContaining(["wn:4-29", "ln:main-8", "anime:2-12"]));
    expect(knows(knowledgeOfUnits(["wn:4-28"]), readRevealers(character("maelis-ashgrave").revealed_by))).toBe(false);
    expect(rows.search_entries.find((entry) => entry.ref === "character:maelis-ashgrave")?.revealed_by).toBe(
      character("maelis-ashgrave").revealed_by,
    );
  });

  it("a relationship the pack does not gate is gated with meeting the other character", () => {
    const toUnmet = rows.character_relationships.find(
      (row) => character(row.related_slug).revealed_by !== null && row.reveal_position === null,
    );
    expect(toUnmet?.revealed_by).toBe(character(toUnmet!.related_slug).revealed_by);
  });
});

describe("what a light novel volume changed", () => {
  const tinyPack = (change?: (lightNovels: any) => void) => {
    const tiny = parsePack((file) => {
      const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
      if (file === "light-novels.json") change?.(json);
      return { json };
    });
    if (!tiny.pack) throw new Error("The tiny pack does not parse");
    return resolvePack(tiny.pack, "tiny");
  };

  it("a scene the volume cut is not read by reading the volume", () => {
    const { rows: tiny } = tinyPack((json) => {
      json.collections[0].volumes[0].changes = [
        { kind: "cut", chapters: { from: "wn:1-2", to: "wn:1-2" }, note: "The hinge scene is left out." },
      ];
    });
    const revealers = new Map(tiny.story_units.map((unit) => [unit.key, unit.revealed_by.split(" ")]));
    expect(revealers.get("wn:1-2")).not.toContain("ln:main-1");
    expect(revealers.get("wn:1-1")).toContain("ln:main-1");
    expect(tiny.ln_volume_changes).toEqual([
      expect.objectContaining({ volume_key: "ln:main-1", kind: "cut", chapters_from: "wn:1-2", chapters_to: "wn:1-2" }),
    ]);
  });

  it("a scene moved to a later volume is read there", () => {
    const { rows: tiny, problems: found } = tinyPack((json) => {
      json.collections[0].volumes[1].changes = [
        { kind: "reordered", chapters: { from: "wn:1-2", to: "wn:1-2" }, note: "The hinge scene opens this volume." },
      ];
    });
    expect(found).toEqual([]);
    expect(tiny.story_units.find((unit) => unit.key === "wn:1-2")?.revealed_by.split(" ")).toContain("ln:main-2");
  });

  it("a volume's chapter title that repeats a title the web novel flags is gated like it, and kept out of search", () => {
    const { rows: tiny } = tinyPack((json) => {
      json.collections[0].volumes[0].chapters.push("The Keeper Lied");
    });
    const volume = tiny.ln_volumes.find((each) => each.key === "ln:main-1")!;
    const gatedTitles = JSON.parse(volume.chapter_titles_revealed_by) as (string | null)[];
    expect(gatedTitles.slice(0, 2)).toEqual([null, null]);
    expect(gatedTitles[2]?.split(" ")).toEqual(expect.arrayContaining(["ln:main-1", "wn:1-3"]));
    expect(tiny.search_entries.find((entry) => entry.ref === "volume:ln:main-1")?.body).not.toContain("Keeper");
  });

  it("a cut scene must lie among the chapters the volume adapts, and name them", () => {
    const { problems: outside } = tinyPack((json) => {
      json.collections[0].volumes[0].changes = [
        { kind: "cut", chapters: { from: "wn:2-1", to: "wn:2-1" }, note: "Not here." },
      ];
    });
    expect(outside).toEqual([
      expect.objectContaining({ file: "light-novels.json", path: "collections[0].volumes[0].changes[0].chapters" }),
    ]);
    const { problems: unnamed } = tinyPack((json) => {
      json.collections[0].volumes[0].changes = [{ kind: "cut", note: "Something." }];
    });
    expect(unnamed).toEqual([expect.objectContaining({ path: "collections[0].volumes[0].changes[0].chapters" })]);
  });
});
