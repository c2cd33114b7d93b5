import { describe, expect, it } from "vitest";
import { encodeKnowledge, knowledgeOfUnits } from "../shield/knowledge";
import { editedHorizonProblem, editHorizonChoices, horizonChoices, horizonProblem, passesBoth } from "./horizon";
import { horizonsOfRun, knewNoMore, stampAfterEdit } from "./thread";

const writer = knowledgeOfUnits(["wn:3-10", "anime:1-12", "ln:main-2", "ss:short-stories-2-1"]);
/** Every unit revealed by itself alone. */
const alone = (unit: string) => [unit];

describe("a comment's horizon", () => {
  it("may be the thread's unit or anything the writer has seen beyond it, in any medium", () => {
    expect(
      horizonProblem({ unit: "anime:1-11", horizon: "anime:1-11", parentHorizon: null }, writer, alone),
    ).toBeNull();
    expect(horizonProblem({ unit: "anime:1-11", horizon: "wn:2-24", parentHorizon: null }, writer, alone)).toBeNull();
    expect(
      horizonProblem({ unit: "anime:1-11", horizon: "anime:1-12", parentHorizon: null }, writer, alone),
    ).toBeNull();
  });

  it("is seen by whoever saw what reveals it: a viewer of the recut writes under the episodes it holds", () => {
    const recutViewer = knowledgeOfUnits(["anime:1r1-6"]);
    const revealersOf = (unit: string) =>
      ({ "anime:1-11": ["anime:1-11", "anime:1r1-6", "wn:2-28"], "anime:1-12": ["anime:1-12", "anime:1r1-6"] })[unit];
    const post = (horizon: string) =>
      horizonProblem({ unit: "anime:1-11", horizon, parentHorizon: null }, recutViewer, revealersOf);
    expect(post("anime:1-11")).toBeNull();
    expect(post("anime:1-12")).toBeNull();
    expect(post("anime:1-13")).toMatch(/does not reach that far/);
    expect(
      horizonProblem({ unit: "anime:1-11", horizon: "anime:1-11", parentHorizon: null }, recutViewer, alone),
    ).toMatch(/does not include this yet/);
  });

  it("is never below its thread or the comment it answers, never beyond the writer, and needs the thread seen", () => {
    expect(horizonProblem({ unit: "anime:1-11", horizon: "anime:1-3", parentHorizon: null }, writer, alone)).toMatch(
      /at least this thread/,
    );
    expect(
      horizonProblem({ unit: "anime:1-11", horizon: "anime:1-11", parentHorizon: "wn:3-5" }, writer, alone),
    ).toBeNull();
    expect(horizonProblem({ unit: "anime:1-11", horizon: "wn:3-1", parentHorizon: "wn:3-5" }, writer, alone)).toMatch(
      /at least what the comment it answers/,
    );
    expect(horizonProblem({ unit: "anime:1-11", horizon: "wn:4-1", parentHorizon: null }, writer, alone)).toMatch(
      /does not reach that far/,
    );
    expect(horizonProblem({ unit: "anime:2-1", horizon: "anime:2-1", parentHorizon: null }, writer, alone)).toMatch(
      /does not include this yet\. Mark it watched to join/,
    );
    expect(horizonProblem({ unit: "wn:4-1", horizon: "wn:4-1", parentHorizon: null }, writer, alone)).toMatch(
      /does not include this yet\. Mark it read to join/,
    );
    expect(horizonProblem({ unit: "wn:1-1", horizon: "nonsense", parentHorizon: null }, writer, alone)).toMatch(
      /from the list/,
    );
  });

  it("is chosen from the thread's unit and the writer's own furthest places past it", () => {
    const choices = horizonChoices({ key: "anime:1-11", label: "Season 1 · Episode 11" }, writer, null);
    expect(choices.map((choice) => choice.key)).toEqual(["anime:1-11", "wn:3-10", "anime:1-12", "ln:main-2"]);
    expect(choices[0]?.label).toBe("Only Season 1 · Episode 11");
    // Until the thread's data names them, a web novel place gives no number a reader could take for the
    // chapter's own (its tenth entry may be "Chapter 9" after an interlude), nor a volume's place for its
    // number (the eighth may be "7.5"), nor an episode's place for its number (the twelfth may be "11.5").
    expect(choices[1]?.label).toBe("The web novel, into arc 3");
    expect(choices[2]?.label).toBe("The anime, into season 1");
    expect(choices[3]?.label).toBe("The light novels: the collection I am reading, as far as I am");
    const named = horizonChoices({ key: "anime:1-11", label: "Season 1 · Episode 11" }, writer, null, [
      { key: "wn:3-10", label: "Arc 3 · Chapter 9" },
      { key: "ln:main-2", label: "Lanternfall 2" },
    ]);
    expect(named.map((choice) => choice.label)).toEqual([
      "Only Season 1 · Episode 11",
      "The web novel to Arc 3 · Chapter 9",
      "The anime, into season 1",
      "The light novels to Lanternfall 2",
    ]);
    const recap = horizonChoices({ key: "anime:1-11", label: "Season 1 · Episode 11" }, writer, null, [
      { key: "anime:1-12", label: "Season 1 · Episode 11.5" },
    ]);
    expect(recap.map((choice) => choice.label)).toContain("The anime to Season 1 · Episode 11.5");
    // A manga series and a recut are lines of their own, named as such: never as all the writer has seen.
    const wider = knowledgeOfUnits(["wn:2-10", "manga:wick-7", "manga:tallow-3", "anime:1r1-3"]);
    const lines = horizonChoices({ key: "wn:1-3", label: "Arc 1 · Chapter 2" }, wider, null, [
      { key: "manga:wick-7", label: "Manga 1 · Chapter 7" },
    ]).map((choice) => choice.label);
    expect(lines).toEqual(
      expect.arrayContaining([
        "The manga to Manga 1 · Chapter 7",
        "The manga: the series I am reading, as far as I am",
        "The recut of season 1 to episode 3",
      ]),
    );
    expect(lines.join(" ")).not.toContain("Everything");
    // A place before the thread on its own line is no choice.
    expect(
      horizonChoices({ key: "wn:3-12", label: "Arc 3 · Chapter 12" }, writer, null).map((choice) => choice.key),
    ).toEqual(["wn:3-12", "anime:1-12", "ln:main-2"]);
  });
});

describe("strict mode", () => {
  it("keeps a comment whose writer knew no more than the reader, in every medium", () => {
    const reader = knowledgeOfUnits(["wn:3-12", "anime:1-12"]);
    expect(knewNoMore(encodeKnowledge(knowledgeOfUnits(["wn:3-10", "anime:1-5"])), reader)).toBe(true);
    expect(knewNoMore(encodeKnowledge(knowledgeOfUnits(["wn:3-10", "ln:main-1"])), reader)).toBe(false);
    expect(knewNoMore(encodeKnowledge(knowledgeOfUnits(["ss:short-stories-2-1"])), reader)).toBe(false);
    expect(knewNoMore("all", reader)).toBe(false);
    expect(knewNoMore("", reader)).toBe(true);
    expect(knewNoMore("not a reveal", reader)).toBe(false);
  });

  it("reads an edited comment as written by its writer as they edit it, never as knowing less than its words did", () => {
    const posted = encodeKnowledge(knowledgeOfUnits(["wn:1-3"]));
    // Read on since: what they know now.
    const readOn = stampAfterEdit(posted, knowledgeOfUnits(["wn:2-2", "anime:1-2"]));
    expect(readOn?.places).toEqual(["wn:2-2", "anime:1-2"]);
    expect(knewNoMore(encodeKnowledge(readOn!.knew), knowledgeOfUnits(["wn:2-1", "anime:1-2"]))).toBe(false);
    // Set back since: what the comment said stays.
    expect(stampAfterEdit(posted, knowledgeOfUnits(["wn:1-2"]))).toBeNull();
    // A comment said to know nothing takes what its writer knows now; one whose stamp cannot be read keeps it.
    expect(stampAfterEdit("", knowledgeOfUnits(["wn:1-1"]))?.places).toEqual(["wn:1-1"]);
    expect(stampAfterEdit("not a reveal", knowledgeOfUnits(["wn:1-1"]))).toBeNull();
  });
});

describe("an edited comment's stamp, written back on one line and further on another", () => {
  it("says what its writer knew then and knows now, never that they knew everything", () => {
    const posted = encodeKnowledge(knowledgeOfUnits(["wn:1-3"]));
    // Back in the web novel since posting, on in the anime.
    const both = stampAfterEdit(posted, knowledgeOfUnits(["wn:1-2", "anime:1-2"]));
    expect(both?.knew.everything).toBe(false);
    expect(both?.places).toEqual(["wn:1-3", "anime:1-2"]);
    expect(encodeKnowledge(both!.knew)).toBe("anime:1-2,wn:1-3");
    // Strict mode shows it to a reader who has seen both places, and to no one short of either.
    const stamp = encodeKnowledge(both!.knew);
    expect(knewNoMore(stamp, knowledgeOfUnits(["wn:1-3", "anime:1-2"]))).toBe(true);
    expect(knewNoMore(stamp, knowledgeOfUnits(["wn:1-3", "anime:1-1"]))).toBe(false);
    expect(knewNoMore(stamp, knowledgeOfUnits(["wn:1-2", "anime:1-2"]))).toBe(false);
  });

  it("keeps what it said its writer skipped only where they have not read it since", () => {
    // Posted having crossed from the anime past chapters 7 to 12 of arc 1; since then, back in the
    // web novel to chapter 9 of arc 1 (read from the start) and on to light novel volume 1.
    const posted = encodeKnowledge(
      knowledgeOfUnits(["wn:2-3"], ["wn:1-7", "wn:1-8", "wn:1-9", "wn:1-10", "wn:1-11", "wn:1-12"]),
    );
    const both = stampAfterEdit(posted, knowledgeOfUnits(["wn:1-9", "ln:main-1"]));
    expect(encodeKnowledge(both!.knew)).toBe("-wn:1-10..12,ln:main-1,wn:2-3");
  });
});

describe("a reply under a comment moved since: what its comment touched then is a gate of its own", () => {
  it("is needed only where the comment's gate now lets in readers short of what it touched then", () => {
    // Lowered from chapter 3 to chapter 1: the anime's viewers of chapter 1 never saw chapter 3.
    expect(passesBoth(["wn:1-1", "anime:1-1"], ["wn:1-3"])).toBe(false);
    // Raised from chapter 1 to chapter 3: whoever read chapter 3 read chapter 1.
    expect(passesBoth(["wn:1-3"], ["wn:1-1", "anime:1-1"])).toBe(true);
  });
});

describe("what a run of folded comments touches", () => {
  it("names each part of the story once, the nearest on each line first", () => {
    const place = (key: string) => ({ key, label: key });
    expect(
      horizonsOfRun(["wn:3-10", "wn:1-12", "anime:1-12", "wn:3-10", "wn:2-3"].map(place)).map(({ key }) => key),
    ).toEqual(["wn:1-12", "anime:1-12", "wn:2-3", "wn:3-10"]);
  });
});

describe("a comment's horizon as its writer edits it", () => {
  const edit = (current: string, horizon: string, parentHorizon: string | null = null) =>
    editedHorizonProblem({ unit: "wn:1-5", horizon, parentHorizon, current }, writer, alone);

  it("may be raised to anything the writer has seen, from the thread's unit or the comment answered", () => {
    expect(edit("wn:1-5", "wn:3-10")).toBeNull();
    expect(edit("wn:1-5", "anime:1-12")).toBeNull();
    expect(edit("wn:2-2", "anime:1-12", "wn:2-2")).toBeNull();
    expect(edit("wn:2-2", "wn:3-10")).toBeNull();
  });

  it("is never lowered, nor moved from a raised place to another line, nor past the writer's saved progress", () => {
    expect(edit("wn:3-10", "wn:2-2")).toMatch(/never lower it/);
    expect(edit("wn:3-10", "wn:1-5")).toMatch(/never lower it/);
    expect(edit("wn:2-2", "anime:1-12")).toMatch(/never lower it/);
    expect(edit("wn:1-5", "wn:4-1")).toMatch(/does not reach that far/);
    expect(edit("wn:1-5", "wn:1-2")).toMatch(/at least this thread/);
  });

  it("is not raised from a chapter another medium left out to a place that medium reaches, whose readers never saw it", () => {
    // Arc 2's chapter 23 is in the light novels, not the anime; chapters 25 and 30 are in both.
    const revealers: Record<string, string[]> = {
      "wn:2-23": ["wn:2-23", "ln:main-4"],
      "wn:2-25": ["wn:2-25", "anime:1-11", "ln:main-5"],
      "wn:2-30": ["wn:2-30", "anime:1-12", "ln:main-5"],
    };
    const told = (key: string) => revealers[key];
    const raise = (current: string, horizon: string) =>
      editedHorizonProblem({ unit: "wn:2-21", horizon, parentHorizon: null, current }, writer, told);
    expect(raise("wn:2-23", "wn:2-30")).toMatch(/have not seen what your comment touches now/);
    expect(raise("wn:2-25", "wn:2-30")).toBeNull();
    // From the thread's own chapter, whoever reads it has read that chapter whatever it is raised to.
    expect(raise("wn:2-21", "wn:2-30")).toBeNull();
    // The edit form offers what the action takes, and nothing it refuses.
    const reader = knowledgeOfUnits(["wn:2-30"]);
    const places = [{ key: "wn:2-30", label: "Arc 2 · Chapter 28", readBy: revealers["wn:2-30"] }];
    const offered = (current: string) =>
      editHorizonChoices(
        { key: "wn:2-21", label: "Arc 2 · Chapter 20" },
        reader,
        null,
        { key: current, label: current, readBy: revealers[current] },
        places,
      ).map((choice) => choice.key);
    expect(offered("wn:2-23")).toEqual(["wn:2-23"]);
    expect(offered("wn:2-25")).toEqual(["wn:2-25", "wn:2-30"]);
    // Until the page knows who reads the writer's place, a raise that needs it is not offered.
    expect(
      editHorizonChoices(
        { key: "wn:2-21", label: "Arc 2 · Chapter 20" },
        reader,
        null,
        { key: "wn:2-25", label: "Arc 2 · Chapter 23", readBy: revealers["wn:2-25"] },
        [],
      ).map((choice) => choice.key),
    ).toEqual(["wn:2-25"]);
  });

  it("stays as it is whatever the writer's progress now", () => {
    expect(edit("wn:8-1", "wn:8-1")).toBeNull();
  });

  it("is offered as it is, then the writer's places that raise it", () => {
    const unit = { key: "wn:1-5", label: "Arc 1 · Chapter 4" };
    const places = [
      { key: "wn:3-10", label: "Arc 3 · Chapter 9", readBy: ["wn:3-10"] },
      { key: "anime:1-12", label: "Season 1 · Episode 12", readBy: ["anime:1-12"] },
      { key: "ln:main-2", label: "Lanternfall 2", readBy: ["ln:main-2"] },
    ];
    const keys = (current: { key: string; label: string }) =>
      editHorizonChoices(unit, writer, null, current, places).map(({ key, label }) => `${key} ${label}`);
    expect(keys(unit)).toEqual([
      "wn:1-5 Only Arc 1 · Chapter 4",
      "wn:3-10 The web novel to Arc 3 · Chapter 9",
      "anime:1-12 The anime to Season 1 · Episode 12",
      "ln:main-2 The light novels to Lanternfall 2",
    ]);
    expect(keys({ key: "wn:2-2", label: "Arc 2 · Chapter 1" })).toEqual([
      "wn:2-2 Arc 2 · Chapter 1 (as now)",
      "wn:3-10 The web novel to Arc 3 · Chapter 9",
    ]);
  });
});
