import { describe, expect, it } from "vitest";
import { type ContentPack, packFiles, parsePackFolder, scalePack } from "../index";
import { isbn } from "../schema/isbn";

/** A pack small enough to check every rewritten reference by hand. */
function smallPack(): ContentPack {
  return {
    series: packFiles["series.json"].parse({
      title: "Small",
      originalTitle: "スモール",
      synopsis: "A test story.",
      media: ["web_novel"],
      secrets: [{ id: "the-hero-was-the-villain", words: ["was the villain"], revealAt: "wn:1-2" }],
    }),
    webNovel: packFiles["web-novel.json"].parse({
      arcs: [
        {
          number: 1,
          title: "Opening",
          chapters: [
            { ordinal: 1, title: "Start", publishedOn: "2020-01-04", wordCount: 3000 },
            { ordinal: 2, title: "Twist", publishedOn: "2020-01-11", wordCount: 3200, titleIsSpoiler: true },
          ],
        },
        {
          number: 2,
          title: "Closing",
          chapters: [{ ordinal: 1, title: "End", publishedOn: "2020-01-18", wordCount: 2900 }],
        },
      ],
    }),
    lightNovels: packFiles["light-novels.json"].parse({
      collections: [
        {
          code: "main",
          name: "Small",
          kind: "main",
          volumes: [
            {
              number: 1,
              title: "Small 1",
              releasedJp: "2020-06-25",
              isbn: "978-4-86716-101-2",
              chapters: ["Prologue", "Chapter 1: The Twist"],
              adapts: { from: "wn:1-1", to: "wn:1-2" },
            },
          ],
        },
        {
          code: "ssc",
          name: "Small Stories",
          kind: "short_stories",
          volumes: [
            {
              number: 1,
              title: "Tales",
              releasedJp: "2020-09-25",
              chapters: ["A Tale", { label: "123-A", title: "Split" }, { label: "Afterword" }],
              readAfter: "ln:main-1",
            },
          ],
        },
      ],
    }),
    sideStories: packFiles["side-stories.json"].parse({
      sideStories: [
        {
          slug: "after-hours",
          kind: "short_story",
          title: "After Hours",
          publishedIn: "Blog",
          readAfter: "wn:2-1",
          canon: true,
        },
      ],
    }),
    anime: packFiles["anime.json"].parse({
      seasons: [
        {
          number: 1,
          title: "Small",
          episodes: [
            {
              number: 1,
              title: "Pilot",
              airedOn: "2021-04-03",
              adapts: { from: "wn:1-1", to: "wn:1-2" },
              volumes: ["ln:main-1"],
            },
          ],
        },
      ],
      breakTime: [{ season: 1, number: 1, title: "Chibi", airedOn: "2021-04-03", accompanies: "anime:1-1" }],
    }),
    manga: packFiles["manga.json"].parse(undefined),
    characters: packFiles["characters.json"].parse({
      characters: [
        {
          slug: "hero",
          name: "Hero",
          portrait: { src: "images/portraits/hero.svg", alt: "Hero", revealAt: "wn:2-1" },
          firstAppearances: { webNovel: "wn:1-1", lightNovel: "ln:main-1", anime: "anime:1-1" },
          facts: [{ label: "Secret", value: "Was the villain", revealAt: "wn:1-2" }],
          relationships: [{ to: "sidekick", kind: "friend", description: "Best friends", revealAt: "ss:after-hours" }],
        },
        {
          slug: "sidekick",
          name: "Sidekick",
          trueName: { name: "Lost Prince", revealAt: "wn:1-2", revealIn: { anime: "anime:1-1" } },
          mediumNames: [
            { medium: "anime", name: "Sidekicker" },
            { medium: "webNovel", translation: "fan translation", name: "Lost Sidekick", revealAt: "wn:1-2" },
          ],
          relationships: [{ to: "hero", kind: "friend", description: "Follows the hero" }],
        },
      ],
    }),
    mistakes: packFiles["mistranslations.json"].parse({
      lightNovel: [
        {
          id: "main-1-twist",
          volume: "ln:main-1",
          chapter: 2,
          webNovelChapter: "wn:1-2",
          page: 40,
          edition: "1st printing (2021)",
          japanese: "彼こそが黒幕だった。",
          official: "He was behind some of it.",
          suggested: "He was the one behind it all.",
          explanation: "黒幕 is the mastermind, not an accomplice.",
          category: "mistranslation",
          severity: "plot_relevant",
          status: "fixed_in_later_printing",
          revealAt: "wn:2-1",
          credits: ["tester"],
          addedOn: "2021-01-09",
          updatedOn: "2021-03-06",
        },
        {
          id: "ssc-1-typo",
          volume: "ln:ssc-1",
          chapter: 1,
          ebookPosition: "12%",
          edition: "ebook 1.0",
          japanese: "おやすみ。",
          official: "Good nihgt.",
          suggested: "Good night.",
          explanation: "A typo.",
          category: "typo",
          severity: "minor",
          status: "confirmed",
          credits: ["tester"],
          addedOn: "2021-01-16",
        },
      ],
      anime: [
        {
          id: "pilot-twist",
          episode: "anime:1-1",
          start: "12:34",
          end: "12:39",
          platform: "Streamer",
          track: "subtitles",
          official: "He helped.",
          suggested: "He planned it all.",
          explanation: "The subtitle undersells the twist.",
          category: "softened",
          severity: "meaning_changing",
          status: "disputed",
          revealAt: "wn:1-2",
          credits: ["tester", "second-opinion"],
          addedOn: "2021-04-10",
        },
      ],
    }),
  };
}

const isbnIsValid = (isbn: string) =>
  [...isbn.replace(/-/g, "")].reduce((sum, digit, index) => sum + Number(digit) * (index % 2 === 0 ? 1 : 3), 0) % 10 ===
  0;

describe("scalePack", () => {
  it("numbers each cycle on from the last and points every reference into its own cycle", () => {
    const scaled = scalePack(smallPack(), 3);

    expect(scaled.webNovel.arcs.map((arc) => arc.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(scaled.webNovel.arcs[4]!.chapters[1]).toMatchObject({
      ordinal: 2,
      title: "Twist (cycle 3)",
      titleIsSpoiler: true,
    });
    const [main, ssc] = scaled.lightNovels.collections;
    expect(main!.volumes.map((volume) => [volume.number, volume.adapts])).toEqual([
      [1, { from: "wn:1-1", to: "wn:1-2" }],
      [2, { from: "wn:3-1", to: "wn:3-2" }],
      [3, { from: "wn:5-1", to: "wn:5-2" }],
    ]);
    expect(ssc!.volumes.map((volume) => volume.readAfter)).toEqual(["ln:main-1", "ln:main-2", "ln:main-3"]);
    // A chapter's own label stays as its book prints it; its title is told again like the others.
    expect(ssc!.volumes[2]!.chapters).toEqual([
      "A Tale (cycle 3)",
      { label: "123-A", title: "Split (cycle 3)" },
      { label: "Afterword" },
    ]);
    expect(scaled.sideStories.sideStories.map((story) => [story.slug, story.readAfter])).toEqual([
      ["after-hours", "wn:2-1"],
      ["after-hours-2", "wn:4-1"],
      ["after-hours-3", "wn:6-1"],
    ]);
    expect(scaled.anime.seasons[2]).toMatchObject({
      number: 3,
      title: "Small (cycle 3)",
      episodes: [{ adapts: { from: "wn:5-1", to: "wn:5-2" }, volumes: ["ln:main-3"] }],
    });
    expect(scaled.anime.breakTime[2]).toMatchObject({ season: 3, number: 1, accompanies: "anime:3-1" });

    const hero3 = scaled.characters.characters.find((character) => character.slug === "hero-3");
    expect(hero3).toMatchObject({
      name: "Hero (cycle 3)",
      portrait: { src: "images/portraits/hero.svg", revealAt: "wn:6-1" },
      firstAppearances: { webNovel: "wn:5-1", lightNovel: "ln:main-3", anime: "anime:3-1" },
      facts: [{ revealAt: "wn:5-2" }],
      relationships: [{ to: "sidekick-3", revealAt: "ss:after-hours-3" }],
    });
    const sidekick3 = scaled.characters.characters.find((character) => character.slug === "sidekick-3");
    expect(sidekick3?.trueName).toEqual({
      name: "Lost Prince",
      revealAt: "wn:5-2",
      revealIn: { anime: "anime:3-1" },
    });
    // A name a medium says openly is each cycle's own; one it says later is told again, at its cycle's chapter.
    expect(sidekick3?.mediumNames).toEqual([
      { medium: "anime", name: "Sidekicker (cycle 3)" },
      { medium: "webNovel", translation: "fan translation", name: "Lost Sidekick", revealAt: "wn:5-2" },
    ]);
  });

  it("copies an intercut episode's runs and side stories into its cycle, and an anime-original one as it is", () => {
    const pack = smallPack();
    const [season] = pack.anime.seasons;
    season!.episodes = [
      { ...season!.episodes[0]!, adapts: [{ from: "wn:1-1", to: "wn:1-1" }, "wn:1-2", "ss:after-hours"] },
      {
        number: 2,
        title: "Between",
        titleIsSpoiler: false,
        original: "A recap.",
        changes: [],
      },
    ];
    const scaled = scalePack(pack, 3);
    expect(scaled.anime.seasons[2]!.episodes.map((episode) => [episode.adapts, episode.original])).toEqual([
      [[{ from: "wn:5-1", to: "wn:5-1" }, "wn:5-2", "ss:after-hours-3"], undefined],
      [undefined, "A recap."],
    ]);
  });

  it("tells each secret again in every cycle, under its id and words, at its cycle's copy of the chapter", () => {
    expect(scalePack(smallPack(), 3).series.secrets).toEqual([
      { id: "the-hero-was-the-villain", words: ["was the villain"], revealAt: "wn:1-2" },
      { id: "the-hero-was-the-villain", words: ["was the villain"], revealAt: "wn:3-2" },
      { id: "the-hero-was-the-villain", words: ["was the villain"], revealAt: "wn:5-2" },
    ]);
  });

  it("copies mistake entries into every cycle, with ids, unit keys and dates moved and the quoted lines kept", () => {
    const small = smallPack();
    const scaled = scalePack(small, 3);
    const [twist, typo] = small.mistakes.lightNovel;
    const [pilot] = small.mistakes.anime;

    expect(
      scaled.mistakes.lightNovel.map((mistake) => [
        mistake.id,
        mistake.volume,
        mistake.chapter,
        mistake.webNovelChapter,
        mistake.revealAt,
      ]),
    ).toEqual([
      ["main-1-twist", "ln:main-1", 2, "wn:1-2", "wn:2-1"],
      ["ssc-1-typo", "ln:ssc-1", 1, undefined, undefined],
      ["main-1-twist-2", "ln:main-2", 2, "wn:3-2", "wn:4-1"],
      ["ssc-1-typo-2", "ln:ssc-2", 1, undefined, undefined],
      ["main-1-twist-3", "ln:main-3", 2, "wn:5-2", "wn:6-1"],
      ["ssc-1-typo-3", "ln:ssc-3", 1, undefined, undefined],
    ]);
    expect(scaled.mistakes.anime.map((mistake) => [mistake.id, mistake.episode, mistake.revealAt])).toEqual([
      ["pilot-twist", "anime:1-1", "wn:1-2"],
      ["pilot-twist-2", "anime:2-1", "wn:3-2"],
      ["pilot-twist-3", "anime:3-1", "wn:5-2"],
    ]);

    // Everything that is not a key, an id or a date is copied as it is.
    const twist3 = scaled.mistakes.lightNovel[4]!;
    expect(twist3).toEqual({
      ...twist,
      id: "main-1-twist-3",
      volume: "ln:main-3",
      webNovelChapter: "wn:5-2",
      revealAt: "wn:6-1",
      addedOn: twist3.addedOn,
      updatedOn: twist3.updatedOn,
    });
    expect(scaled.mistakes.lightNovel[3]).toEqual({
      ...typo,
      id: "ssc-1-typo-2",
      volume: "ln:ssc-2",
      addedOn: scaled.mistakes.lightNovel[3]!.addedOn,
    });
    const pilot3 = scaled.mistakes.anime[2]!;
    expect(pilot3).toEqual({
      ...pilot,
      id: "pilot-twist-3",
      episode: "anime:3-1",
      revealAt: "wn:5-2",
      addedOn: pilot3.addedOn,
    });

    // Dates move by the same whole number of weeks as the chapters of their cycle.
    const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
    const chapterShift = days(
      scaled.webNovel.arcs[0]!.chapters[0]!.publishedOn!,
      scaled.webNovel.arcs[4]!.chapters[0]!.publishedOn!,
    );
    expect(chapterShift % 7).toBe(0);
    expect(days(twist!.addedOn, scaled.mistakes.lightNovel[4]!.addedOn)).toBe(chapterShift);
    expect(days(twist!.updatedOn!, scaled.mistakes.lightNovel[4]!.updatedOn!)).toBe(chapterShift);
    expect(days(pilot!.addedOn, scaled.mistakes.anime[2]!.addedOn)).toBe(chapterShift);
    expect(scaled.mistakes.lightNovel[5]!.updatedOn).toBeUndefined();
    // A later cycle starts after every date of the one before, mistake entries included.
    expect(scaled.webNovel.arcs[2]!.chapters[0]!.publishedOn! > pilot!.addedOn).toBe(true);
  });

  it("dates each cycle after the one before, on the same weekdays, with fresh valid ISBNs", () => {
    const scaled = scalePack(smallPack(), 3);
    const firstChapters = scaled.webNovel.arcs
      .filter((arc) => arc.number % 2 === 1)
      .map((arc) => arc.chapters[0]!.publishedOn!);
    const lastBreakTime = scaled.anime.breakTime.map((short) => short.airedOn!);
    for (let cycle = 1; cycle < 3; cycle++) expect(firstChapters[cycle]! > lastBreakTime[cycle - 1]!).toBe(true);
    for (const date of firstChapters) expect(new Date(date).getUTCDay()).toBe(new Date("2020-01-04").getUTCDay());

    const isbns = scaled.lightNovels.collections[0]!.volumes.map((volume) => volume.isbn!);
    expect(new Set(isbns).size).toBe(3);
    for (const isbn of isbns) {
      expect(isbn).toMatch(/^978-4-\d{5}-\d{3}-\d$/);
      expect(isbnIsValid(isbn)).toBe(true);
    }
  });

  it("keeps a date known to a quarter a quarter in every cycle: the one its moved first day falls in", () => {
    const pack = smallPack();
    pack.lightNovels.collections[0]!.volumes[0]!.releasedEn = "2020-Q4";
    const scaled = scalePack(pack, 3);
    const quarters = scaled.lightNovels.collections[0]!.volumes.map((volume) => volume.releasedEn);
    expect(quarters[0]).toBe("2020-Q4");
    for (const quarter of quarters) expect(quarter).toMatch(/^\d{4}-Q[1-4]$/);
    // Each cycle's quarter comes after the one before, as its days do.
    const days = scaled.webNovel.arcs.filter((arc) => arc.number % 2 === 1).map((arc) => arc.chapters[0]!.publishedOn!);
    expect(new Set(quarters).size).toBe(3);
    for (let cycle = 1; cycle < 3; cycle++) {
      expect(quarters[cycle]! > quarters[cycle - 1]!).toBe(true);
      expect(quarters[cycle]!.slice(0, 4) >= days[cycle]!.slice(0, 4)).toBe(true);
    }
  });

  it("moves an ISBN-10 to another valid ISBN-10, keeping its hyphens and a check digit of X", () => {
    const pack = smallPack();
    pack.lightNovels.collections[0]!.volumes[0]!.isbn = "0-8044-2957-X";
    const isbns = scalePack(pack, 3).lightNovels.collections[0]!.volumes.map((volume) => volume.isbn!);
    expect(isbns[0]).toBe("0-8044-2957-X");
    expect(new Set(isbns).size).toBe(3);
    for (const moved of isbns) {
      expect(moved).toMatch(/^\d-\d{4}-\d{4}-[\dX]$/);
      expect(isbn.safeParse(moved).success).toBe(true);
    }
  });

  it("moves a Japanese and an English edition within their own ISBN groups, so ten cycles fit", () => {
    const pack = smallPack();
    pack.lightNovels.collections[0]!.volumes[0]!.editions = [
      { language: "ja", publisher: "Hoshikuzu Bunko", isbn: "978-4-86716-101-2", releasedOn: "2016-04-25" },
      { language: "en", publisher: "Cinderlight Press", isbn: "978-1-98765-101-0", title: "The Wick" },
    ];
    const editions = scalePack(pack, 10).lightNovels.collections[0]!.volumes.map((volume) => volume.editions);
    const [japanese, english] = [0, 1].map((index) => editions.map((listed) => listed[index]!.isbn!));
    expect(new Set([...japanese!, ...english!]).size).toBe(20);
    for (const moved of japanese!) expect(moved).toMatch(/^978-4-/);
    for (const moved of english!) expect(moved).toMatch(/^978-1-/);
    for (const moved of [...japanese!, ...english!]) expect(isbnIsValid(moved)).toBe(true);
    expect(editions[1]![1]!.title).toBe("The Wick (cycle 2)");
    expect(editions[1]![0]!.releasedOn! > "2016-04-25").toBe(true);
  });

  it("numbers a labelled volume's label on as its number, so no two volumes of a collection share a name", () => {
    const pack = smallPack();
    pack.lightNovels.collections[0]!.volumes[0]!.label = "0.5";
    pack.lightNovels.collections[1]!.volumes[0]!.label = "EX";
    const [main, ssc] = scalePack(pack, 3).lightNovels.collections;
    expect(main!.volumes.map((volume) => [volume.number, volume.label])).toEqual([
      [1, "0.5"],
      [2, "1.5"],
      [3, "2.5"],
    ]);
    expect(ssc!.volumes.map((volume) => volume.label)).toEqual(["EX", "EX-2", "EX-3"]);
  });

  it("moves a manga volume's English date with its cycle, and keeps a stated lack of one", () => {
    const demo = parsePackFolder("content/demo").pack!;
    const english = (pack: typeof demo) =>
      pack.manga.series.flatMap((series) => series.volumes.map((volume) => volume.releasedEn));
    const [first, second] = [english(demo), english(scalePack(demo, 2)).slice(english(demo).length)];
    expect(second.map((date) => date === null)).toEqual(first.map((date) => date === null));
    expect(second.map((date) => date === undefined)).toEqual(first.map((date) => date === undefined));
    first.forEach((date, index) => {
      if (typeof date === "string") expect(second[index]! > date).toBe(true);
    });
  });

  it("leaves a pack as it is at scale 1", async () => {
    const demo = parsePackFolder("content/demo").pack!;
    expect(scalePack(demo, 1)).toEqual(demo);
  });

  it("refuses a scale that is not a whole number of at least 1", () => {
    expect(() => scalePack(smallPack(), 0)).toThrow("at least 1");
    expect(() => scalePack(smallPack(), 1.5)).toThrow("at least 1");
  });
});
