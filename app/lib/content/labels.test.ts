import { describe, expect, it } from "vitest";
import {
  arcTitleAfter,
  mediumAndPlace,
  placeWithinMedium,
  breakTimeAiring,
  episodeName,
  episodeNumberName,
  episodeRunName,
  breakTimeLabel,
  labelWithTitle,
  lightNovelChapterLabel,
  placeName,
  lightNovelChapterName,
  lightNovelChapterOf,
  lightNovelPlace,
  titleAfterLabel,
  titleBesideLabel,
  volumeName,
  volumeNumberName,
  webNovelChapterName,
  webNovelEntryNames,
  wrappingLabel,
} from "./labels";

describe("labelWithTitle", () => {
  it("joins a label and a title that do not overlap", () => {
    expect(labelWithTitle("Chapter 14", "The Ash Warden")).toBe("Chapter 14: The Ash Warden");
    expect(labelWithTitle("Season 1", "Lanternfall")).toBe("Season 1: Lanternfall");
    expect(labelWithTitle("Chapter 14", "The Ash Warden", " · ")).toBe("Chapter 14 · The Ash Warden");
  });

  it("never says the demo pack's names twice", () => {
    expect(labelWithTitle("Season 2", "Lanternfall Season 2: Cinder Academy")).toBe("Season 2: Cinder Academy");
    expect(labelWithTitle("Lanternfall EX 1", "Lanternfall EX: The Ash Warden's Apprentice Days")).toBe(
      "Lanternfall EX 1: The Ash Warden's Apprentice Days",
    );
    expect(labelWithTitle("Lanternfall EX 2", "Lanternfall EX 2: Moth Letters")).toBe("Lanternfall EX 2: Moth Letters");
    expect(labelWithTitle("Interlude", "Interlude: Letters to Lowwick")).toBe("Interlude: Letters to Lowwick");
    expect(labelWithTitle("Interlude 17", "Interlude: Letters to Lowwick", " · ")).toBe(
      "Interlude 17 · Letters to Lowwick",
    );
    expect(labelWithTitle("Arc 7 · Interlude 11", "Interlude: Meanwhile, on the Lantern Line")).toBe(
      "Arc 7 · Interlude 11: Meanwhile, on the Lantern Line",
    );
    expect(labelWithTitle("Lanternfall 1", "Lanternfall 1: The Unburnt Wick")).toBe("Lanternfall 1: The Unburnt Wick");
    expect(labelWithTitle("Prologue", "Prologue")).toBe("Prologue");
  });

  it("keeps a colon that belongs to the title", () => {
    expect(labelWithTitle("Chapter 3", "Ilse: A Name Written Twice")).toBe("Chapter 3: Ilse: A Name Written Twice");
  });

  it("gives what a title adds beside its label", () => {
    expect(titleAfterLabel("Interlude", "Interlude: Letters to Lowwick")).toBe("Letters to Lowwick");
    expect(titleAfterLabel("Lanternfall EX 1", "Lanternfall EX: The Ash Warden's Apprentice Days")).toBe(
      "The Ash Warden's Apprentice Days",
    );
    expect(titleAfterLabel("Epilogue", "Epilogue")).toBe("");
    expect(titleAfterLabel("Season 2", "Lanternfall Season 2")).toBeNull();
    expect(labelWithTitle("Season 2", "Lanternfall Season 2")).toBe("Lanternfall Season 2");
  });

  it("reads a withheld title as the label alone", () => {
    expect(labelWithTitle("Chapter 14", null)).toBe("Chapter 14");
    expect(labelWithTitle("Chapter 14", "  ")).toBe("Chapter 14");
  });
});

describe("titleBesideLabel", () => {
  it("gives every row its label as a second line, and the title only what it adds to the label", () => {
    expect(titleBesideLabel("Lanternfall 14", "Lanternfall 14: The Lamps of Morning")).toEqual({
      title: "The Lamps of Morning",
      label: "Lanternfall 14",
    });
    expect(titleBesideLabel("Arc 7 · Interlude 11", "Interlude: Meanwhile")).toEqual({
      title: "Meanwhile",
      label: "Arc 7 · Interlude 11",
    });
    expect(titleBesideLabel("Arc 3 · Chapter 14", "The Ash Warden")).toEqual({
      title: "The Ash Warden",
      label: "Arc 3 · Chapter 14",
    });
  });

  it("shows a title that is only its label alone, and one that holds it in the middle whole", () => {
    expect(titleBesideLabel("Arc 7 · Chapter 31 · Epilogue", "Epilogue")).toEqual({
      title: "Arc 7 · Chapter 31 · Epilogue",
      label: null,
    });
    expect(titleBesideLabel("Season 2", "Lanternfall Season 2")).toEqual({
      title: "Lanternfall Season 2",
      label: null,
    });
  });
});

describe("an episode's number", () => {
  it("is its label where the series writes one, else its place in its season", () => {
    expect(episodeNumberName({ number: 14, label: "13.5" })).toBe("13.5");
    expect(episodeNumberName({ number: 3, label: null })).toBe("3");
    expect(episodeName({ number: 14, label: "13.5" })).toBe("Episode 13.5");
    expect(episodeName({ number: 1, label: "0" })).toBe("Episode 0");
    expect(episodeName({ number: 3 })).toBe("Episode 3");
    expect(placeName({ medium: "anime", season: 2, episode: 14, label: "13.5" })).toBe("Season 2 · Episode 13.5");
    // A recut numbers its own episodes.
    expect(placeName({ medium: "anime", season: 1, episode: 2, recut: 1 })).toBe("Season 1 Recut · Episode 2");
    expect(breakTimeAiring({ season: 1, number: 7 }, { season: 1, episode: 14, label: "13.5" })).toBe(
      "Season 1 · Break Time 7, airs with episode 13.5",
    );
  });

  it("names a run of episodes (a part) by its two ends, each as it goes by", () => {
    expect(episodeRunName({ number: 13, label: null }, { number: 25, label: "24" })).toBe("Episodes 13–24");
    expect(episodeRunName({ number: 14, label: "13.5" }, { number: 14, label: "13.5" })).toBe("Episode 13.5");
    expect(episodeRunName({ number: 1, label: "0" }, { number: 12, label: null })).toBe("Episodes 0–12");
  });
});

describe("a volume's number", () => {
  it("is its label where the series writes one, else its place in its collection", () => {
    expect(volumeNumberName({ number: 8, label: "7.5" })).toBe("7.5");
    expect(volumeNumberName({ number: 3, label: null })).toBe("3");
    expect(volumeName("Lanternfall", { number: 8, label: "7.5" })).toBe("Lanternfall 7.5");
    expect(volumeName("Lanternfall", { number: 1, label: "0" })).toBe("Lanternfall 0");
    expect(volumeName("Lanternfall", { number: 3 })).toBe("Lanternfall 3");
    expect(placeName({ medium: "light_novels", collectionName: "Lanternfall", volume: 8, label: "7.5" })).toBe(
      "Lanternfall 7.5",
    );
  });

  it("by its label is given up by a title that repeats it", () => {
    expect(labelWithTitle("Lanternfall 7.5", "Lanternfall 7.5: Lamplit Interval")).toBe(
      "Lanternfall 7.5: Lamplit Interval",
    );
    expect(titleAfterLabel("Lanternfall 7.5", "Lanternfall 7.5: Lamplit Interval")).toBe("Lamplit Interval");
  });

  it("is said once, by the label, when the title puts it at the end", () => {
    expect(labelWithTitle("Lanternfall Short Stories 3", "Lanternfall Short Stories: Lamplit Tales 3")).toBe(
      "Lanternfall Short Stories 3: Lamplit Tales",
    );
    expect(labelWithTitle("Lanternfall Short Stories 1", "Lanternfall Short Stories: Lamplit Tales")).toBe(
      "Lanternfall Short Stories 1: Lamplit Tales",
    );
    expect(titleBesideLabel("Lanternfall Short Stories 2", "Lanternfall Short Stories: Lamplit Tales 2")).toEqual({
      title: "Lamplit Tales",
      label: "Lanternfall Short Stories 2",
    });
  });

  it("stays in a title that says it after the shared name, or that is only a number", () => {
    expect(labelWithTitle("Lanternfall EX 2", "Lanternfall EX 2: Moth Letters")).toBe("Lanternfall EX 2: Moth Letters");
    expect(labelWithTitle("Lanternfall 3", "Lanternfall 3: Part 3")).toBe("Lanternfall 3: Part 3");
    expect(labelWithTitle("Lanternfall 3", "Lanternfall: 3")).toBe("Lanternfall 3: 3");
  });
});

describe("a Break Time short", () => {
  it("is named as /break_time names it, with the episode it airs with in plain words", () => {
    expect(breakTimeLabel({ season: 1, number: 2 })).toBe("Season 1 · Break Time 2");
    expect(breakTimeAiring({ season: 1, number: 5 }, { season: 1, episode: 5 })).toBe(
      "Season 1 · Break Time 5, airs with episode 5",
    );
    expect(breakTimeAiring({ season: 2, number: 1 }, { season: 1, episode: 12 })).toBe(
      "Season 2 · Break Time 1, airs with season 1, episode 12",
    );
  });

  it("says a short that aired with no episode was released on its own", () => {
    expect(breakTimeAiring({ season: 1, number: 13 }, null)).toBe("Season 1 · Break Time 13, released on its own");
  });
});

describe("a light novel chapter", () => {
  it("keeps the book's own label: a prologue is the Prologue, and chapter 1 is the book's chapter 1", () => {
    const volume = ["Prologue: Before the Lamps Are Lit", "Chapter 1: Lowwick After Dusk", "Interlude", "Epilogue"];
    expect(volume.map((line) => lightNovelChapterName(lightNovelChapterOf(line)))).toEqual(volume);
    expect(lightNovelChapterOf("Chapter 1: Lowwick After Dusk")).toEqual({
      label: "Chapter 1",
      title: "Lowwick After Dusk",
    });
    expect(lightNovelChapterOf("Chapter 123-A: The Split")).toEqual({ label: "Chapter 123-A", title: "The Split" });
    expect(lightNovelChapterOf("Afterword")).toEqual({ label: "Afterword", title: "" });
    // The book's label is the first; a label the title repeats from the web novel is not said twice.
    expect(lightNovelChapterOf("Prologue: Interlude: Ledger of the Forgotten")).toEqual({
      label: "Prologue",
      title: "Ledger of the Forgotten",
    });
    expect(lightNovelChapterOf("Prologue: Interlude")).toEqual({ label: "Prologue", title: "Interlude" });
  });

  it("places an entry by the book's label, else its place in the contents, else the volume alone", () => {
    expect(lightNovelPlace("Lanternfall 3", { number: 4, label: "Chapter 3" })).toBe("Lanternfall 3, Chapter 3");
    expect(lightNovelPlace("Lanternfall 3", { number: 7, label: null })).toBe("Lanternfall 3, chapter 7");
    expect(lightNovelPlace("Lanternfall 3", { number: 0, label: null })).toBe("Lanternfall 3");
  });

  it("makes up no number where the book's label is not known", () => {
    expect(lightNovelChapterOf("Keeper Ansel Dray")).toEqual({ label: null, title: "Keeper Ansel Dray" });
    // A title that only begins with a label's word, or holds a colon of its own, is a title.
    expect(lightNovelChapterOf("Interlude at the Bridge")).toEqual({ label: null, title: "Interlude at the Bridge" });
    expect(lightNovelChapterOf("Ilse: A Name Written Twice")).toEqual({
      label: null,
      title: "Ilse: A Name Written Twice",
    });
    expect(lightNovelChapterName(lightNovelChapterOf("Keeper Ansel Dray"))).toBe("Keeper Ansel Dray");
  });

  it("takes a label the pack gives apart, a bare number as a chapter's", () => {
    expect(lightNovelChapterOf({ label: "123-A", title: "Moth Letters" })).toEqual({
      label: "Chapter 123-A",
      title: "Moth Letters",
    });
    expect(lightNovelChapterOf({ label: "Afterword" })).toEqual({ label: "Afterword", title: "" });
    expect(lightNovelChapterOf({ title: "Keeper Ansel Dray" })).toEqual({ label: null, title: "Keeper Ansel Dray" });
    expect(lightNovelChapterLabel(" 3 ")).toBe("Chapter 3");
    expect(lightNovelChapterLabel("Interlude 2")).toBe("Interlude 2");
  });

  it("is named by the chapter's number a report gave only when nothing else is known", () => {
    expect(lightNovelChapterName({ label: null, title: null }, 3)).toBe("Chapter 3");
    expect(lightNovelChapterName({ label: "Chapter 3", title: null }, 9)).toBe("Chapter 3");
    expect(lightNovelChapterName({ label: null, title: "Keeper Ansel Dray" }, 2)).toBe("Keeper Ansel Dray");
  });
});

describe("webNovelEntryNames", () => {
  it("numbers an arc's chapters among its chapters only, so a prologue or an interlude moves no chapter's number", () => {
    const arc = [
      { kind: "prologue", ordinal: 1 },
      { kind: "chapter", ordinal: 2 },
      { kind: "chapter", ordinal: 3 },
      { kind: "interlude", ordinal: 4 },
      { kind: "chapter", ordinal: 5 },
      { kind: "epilogue", ordinal: 6 },
    ] as const;
    expect([...webNovelEntryNames(arc).values()]).toEqual([
      "Prologue",
      "Chapter 1",
      "Chapter 2",
      "Interlude",
      "Chapter 3",
      "Epilogue",
    ]);
  });

  it("numbers interludes among themselves only where the arc has several", () => {
    const arc = [
      { kind: "chapter", ordinal: 1 },
      { kind: "interlude", ordinal: 2 },
      { kind: "chapter", ordinal: 3 },
      { kind: "interlude", ordinal: 4 },
    ] as const;
    expect([...webNovelEntryNames(arc).values()]).toEqual(["Chapter 1", "Interlude 1", "Chapter 2", "Interlude 2"]);
  });

  it("names extras and afterwords by their kind, outside the chapters' count", () => {
    const arc = [
      { kind: "chapter", ordinal: 1 },
      { kind: "extra", ordinal: 2 },
      { kind: "chapter", ordinal: 3 },
      { kind: "extra", ordinal: 4, label: "Extra 7" },
      { kind: "chapter", ordinal: 5 },
      { kind: "afterword", ordinal: 6 },
    ] as const;
    expect([...webNovelEntryNames(arc).values()]).toEqual([
      "Chapter 1",
      "Extra 1",
      "Chapter 2",
      "Extra 7",
      "Chapter 3",
      "Afterword",
    ]);
  });

  it("names an entry by the number the series gives it, and counts on from it", () => {
    const arc = [
      { kind: "chapter", ordinal: 1, label: "26" },
      { kind: "chapter", ordinal: 2, label: "123-A" },
      { kind: "chapter", ordinal: 3, label: "124-B" },
      { kind: "interlude", ordinal: 4, label: "4" },
      { kind: "chapter", ordinal: 5 },
      { kind: "interlude", ordinal: 6 },
    ] as const;
    expect(webNovelEntryNames(arc)).toEqual(
      new Map([
        [1, "Chapter 26"],
        [2, "Chapter 123-A"],
        [3, "Chapter 124-B"],
        [4, "Interlude 4"],
        [5, "Chapter 125"],
        [6, "Interlude 5"],
      ]),
    );
  });

  it("numbers a chapter after a split or an extra as the series does: no number skipped, none taken twice", () => {
    const arc = (...labels: (string | null)[]) => [
      ...webNovelEntryNames(labels.map((label, index) => ({ kind: "chapter", ordinal: index + 1, label }))).values(),
    ];
    // 8, 123-A, 10, 11, EX-2, 13 was what a chapter numbered by its place among the arc's chapters read.
    expect(arc(null, null, null, null, null, null, null, null, "8-A", null, null, "EX-2", null)).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((number) => `Chapter ${number}`),
      "Chapter 8-A",
      "Chapter 9",
      "Chapter 10",
      "Chapter EX-2",
      "Chapter 11",
    ]);
    expect(arc("19-A", "19-B", "20-A", "20-B", null)).toEqual([
      "Chapter 19-A",
      "Chapter 19-B",
      "Chapter 20-A",
      "Chapter 20-B",
      "Chapter 21",
    ]);
    expect(arc("226.5", null)).toEqual(["Chapter 226.5", "Chapter 227"]);
    expect(arc("45 (Part 1)", "45 (Part 2)", null)).toEqual([
      "Chapter 45 (Part 1)",
      "Chapter 45 (Part 2)",
      "Chapter 46",
    ]);
  });

  it("says the kind once where the label is written with it", () => {
    const arc = [
      { kind: "chapter", ordinal: 1, label: "chapter 26" },
      { kind: "interlude", ordinal: 2, label: "Interlude 4" },
    ] as const;
    expect([...webNovelEntryNames(arc).values()]).toEqual(["Chapter 26", "Interlude 4"]);
  });

  it("gives an entry's name within its arc from its full label", () => {
    expect(webNovelChapterName("Arc 3 · Chapter 123-A")).toBe("Chapter 123-A");
    expect(webNovelChapterName("Arc 1 · Prologue")).toBe("Prologue");
  });

  it("does not say a prologue's kind twice when its title is only that word", () => {
    expect(labelWithTitle("Arc 1 · Prologue", "Prologue")).toBe("Arc 1 · Prologue");
    expect(titleAfterLabel("Arc 7 · Epilogue", "Epilogue: Lamps at Morning")).toBe("Lamps at Morning");
  });
});

describe("mediumAndPlace", () => {
  it("says the medium once, over the place within it", () => {
    expect(mediumAndPlace({ medium: "side_stories", label: "Side story · Lanternfall EX 1" })).toEqual({
      medium: "Side story",
      place: "Lanternfall EX 1",
    });
    expect(mediumAndPlace({ medium: "anime_specials", label: "Anime · OVA 2" })).toEqual({
      medium: "Anime",
      place: "OVA 2",
    });
    expect(mediumAndPlace({ medium: "web_novel", label: "Arc 1 · Chapter 7" })).toEqual({
      medium: "Web novel",
      place: "Arc 1 · Chapter 7",
    });
    expect(mediumAndPlace({ medium: "manga", label: "Manga 2 · Chapter 12.5" })).toEqual({
      medium: "Manga 2",
      place: "Chapter 12.5",
    });
  });

  it("keeps a label whole where it does not start with its medium", () => {
    expect(placeWithinMedium({ medium: "side_stories", label: "Side storybook" })).toBe("Side storybook");
    expect(placeWithinMedium({ medium: "light_novels", label: "Lanternfall 3" })).toBe("Lanternfall 3");
  });
});

describe("placeName", () => {
  it("names every medium's unit by its place, never its title", () => {
    expect(placeName({ medium: "web_novel", arc: 6, name: "Chapter 24" })).toBe("Arc 6 · Chapter 24");
    expect(placeName({ medium: "web_novel", arc: 2, name: "Interlude" })).toBe("Arc 2 · Interlude");
    expect(placeName({ medium: "light_novels", collectionName: "Lanternfall", volume: 3 })).toBe("Lanternfall 3");
    expect(placeName({ medium: "side_stories", publishedIn: "Lanternfall EX 1" })).toBe(
      "Side story · Lanternfall EX 1",
    );
    expect(placeName({ medium: "side_stories", publishedIn: "Author's blog", among: "Jan 2015" })).toBe(
      "Side story · Author's blog, Jan 2015",
    );
    expect(placeName({ medium: "anime", season: 2, episode: 3 })).toBe("Season 2 · Episode 3");
    expect(placeName({ medium: "break_time", season: 1, number: 2 })).toBe("Season 1 · Break Time 2");
  });
});

describe("arcTitleAfter", () => {
  it("gives what an arc's title adds to its number, and the whole title where it adds no more", () => {
    expect(arcTitleAfter(8, "Arc 8: The Ash Crown")).toBe("The Ash Crown");
    expect(arcTitleAfter(3, "The Lantern Fair")).toBe("The Lantern Fair");
    expect(arcTitleAfter(8, "Arc 8")).toBe("Arc 8");
    // A title that holds the label inside it is said whole.
    expect(arcTitleAfter(2, "Before Arc 2 Begins")).toBe("Before Arc 2 Begins");
  });

  it("says the number once where the title sets it off by a dash, as wikis write arcs", () => {
    expect(arcTitleAfter(2, "Arc 2 – Velvet Stair")).toBe("Velvet Stair");
    expect(arcTitleAfter(2, "Arc 2 - Velvet Stair")).toBe("Velvet Stair");
    expect(arcTitleAfter(2, "arc 2 — Velvet Stair")).toBe("Velvet Stair");
    // A dash inside a number, or another arc's number, is no separator.
    expect(arcTitleAfter(2, "Arc 2-3 Interlude")).toBe("Arc 2-3 Interlude");
    expect(arcTitleAfter(2, "Arc 20 – Ashes")).toBe("Arc 20 – Ashes");
  });
});

describe("wrappingLabel", () => {
  it("holds each separator to the word before it, so a line may break after it and never before", () => {
    expect(wrappingLabel("Season 1 Recut · Episode 3")).toBe("Season 1 Recut\u00a0· Episode 3");
    expect(wrappingLabel("Arc 7 · Interlude · Part 2")).toBe("Arc 7\u00a0· Interlude\u00a0· Part 2");
    expect(wrappingLabel("Episode 3")).toBe("Episode 3");
  });
});
