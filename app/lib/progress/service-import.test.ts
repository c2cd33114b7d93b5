import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chapterKey, episodeKey, volumeKey } from "../content/units";
import type { ExternalId } from "./external-ids";
import { mergeProgress } from "./changes";
import { emptyProgress, type Progress } from "./record";
import type { TrackerUnit } from "./tracker-units";
import { parseRelease } from "./novel-updates-page";
import { readServiceExport } from "./service-exports";
import { planServiceImport } from "./service-import";

const exportFile = (name: string) => readFileSync(`tests/fixtures/exports/${name}`, "utf8");

/**
 * A timeline shaped like the demo pack's: two arcs, two collections, two seasons, in story order enough
 * for these tests. The web novel's entries carry their serial site's numbers, `serialNumber` gives
 * (by default, their place in reading order; null: the pack does not know them).
 */
function timeline(serialNumber: ((place: number) => number) | null = (place) => place): TrackerUnit[] {
  const units: TrackerUnit[] = [];
  let position = 0;
  const add = (
    key: string,
    medium: TrackerUnit["medium"],
    label: string,
    group: string,
    collection: string | null = null,
    serial: number | null = null,
  ) =>
    units.push({
      key,
      medium,
      position: ++position,
      label,
      title: { revealedBy: null, content: `${label} title` },
      group,
      collection,
      coveredBy: [key],
      ...(serial !== null && { serialNumber: serial }),
    });
  let place = 0;
  for (const [arc, chapters] of [
    [1, 30],
    [2, 25],
  ] as const)
    for (let chapter = 1; chapter <= chapters; chapter++)
      add(
        chapterKey(arc, chapter),
        "web_novel",
        `Arc ${arc} · Chapter ${chapter}`,
        `Arc ${arc}`,
        null,
        serialNumber ? serialNumber(++place) : null,
      );
  for (let volume = 1; volume <= 14; volume++)
    add(volumeKey("main", volume), "light_novels", `Lanternfall ${volume}`, "Lanternfall", "main");
  for (let volume = 1; volume <= 4; volume++)
    add(volumeKey("ex", volume), "light_novels", `Lanternfall EX ${volume}`, "Lanternfall EX", "ex");
  for (const [season, episodes] of [
    [1, 12],
    [2, 13],
  ] as const)
    for (let episode = 1; episode <= episodes; episode++)
      add(episodeKey(season, episode), "anime", `Season ${season} · Episode ${episode}`, `Season ${season}`);
  // Season 1's recut: its twelve episodes in six.
  for (let episode = 1; episode <= 6; episode++)
    add(`anime:1r1-${episode}`, "anime", `Season 1 Recut · Episode ${episode}`, "Lanternfall: Recut");
  return units;
}

const externalIds: ExternalId[] = [
  { service: "myanimelist", list: "anime", id: "9900101", target: { medium: "anime", season: 1 } },
  { service: "myanimelist", list: "anime", id: "9900102", target: { medium: "anime", season: 2 } },
  { service: "myanimelist", list: "manga", id: "9900200", target: { medium: "web_novel" } },
  { service: "myanimelist", list: "manga", id: "9900201", target: { medium: "light_novels", collection: "main" } },
  { service: "myanimelist", list: "manga", id: "9900202", target: { medium: "light_novels", collection: "ex" } },
  { service: "novelupdates", list: "series", id: "lanternfall", target: { medium: "web_novel" } },
  {
    service: "novelupdates",
    list: "series",
    id: "lanternfall-light-novel",
    target: { medium: "light_novels", collection: "main" },
  },
];

const plan = (file: string, current: Progress = emptyProgress) =>
  planServiceImport(exportFile(file), externalIds, timeline(), current);

describe("reading a MyAnimeList export", () => {
  it("reads every anime entry's id and episodes watched, whatever else the file holds", () => {
    const read = readServiceExport(exportFile("myanimelist-anime.xml"));
    expect(read.error).toBeNull();
    expect(read.entries?.map(({ list, id, episodes }) => [list, id, episodes])).toEqual([
      ["anime", "9900101", 12],
      ["anime", "9900102", 3],
      ["anime", "5114", 64],
      ["anime", "21", 0],
    ]);
  });

  it("reads manga entries' volumes and chapters, and Kitsu's and AniList's shorter entries", () => {
    expect(
      readServiceExport(exportFile("myanimelist-manga.xml")).entries?.map(({ id, volumes, chapters }) => [
        id,
        volumes,
        chapters,
      ]),
    ).toEqual([
      ["9900201", 4, 31],
      ["9900200", 0, 40],
      ["9900202", 0, 0],
      ["2", 41, 380],
    ]);
    expect(
      readServiceExport(exportFile("kitsu-manga.xml")).entries?.map(({ id, volumes, chapters }) => [
        id,
        volumes,
        chapters,
      ]),
    ).toEqual([
      ["9900201", 16, 0],
      ["9900200", 0, 500],
    ]);
    // AniList writes 0 for an entry MyAnimeList does not have: it names nothing and is left out.
    expect(
      readServiceExport(exportFile("anilist-anime.xml")).entries?.map(({ id, episodes }) => [id, episodes]),
    ).toEqual([
      ["9900101", 7],
      ["30", 26],
    ]);
  });

  it("never expands entities: a billion-laughs DOCTYPE stays as small as the file, and an entity is not a number", () => {
    const started = process.cpuUsage();
    const read = readServiceExport(exportFile("billion-laughs.xml"));
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
    expect(read.entries?.map(({ id, episodes }) => [id, episodes])).toEqual([
      ["9900101", 0],
      ["9900102", 2],
    ]);
  });

  it("refuses what is not XML, not well-formed, or not a list export, in words that quote nothing of the file", () => {
    expect(readServiceExport("title,chapter\nLanternfall,c45\n").error).toBe(
      "This file is not a progress export from this site, a MyAnimeList, AniList or Kitsu export, or a saved Novel Updates reading list.",
    );
    expect(readServiceExport(exportFile("not-xml.csv")).error).toMatch(
      /^This file comes from Novel Updates but is not your reading list saved as a page/,
    );
    expect(readServiceExport(exportFile("malformed.xml")).error).toMatch(
      /^This file is not well-formed XML \(the problem is on line \d+\)/,
    );
    expect(readServiceExport("<myanimelist><anime></myanimelist>").error).toMatch(/^This file is not well-formed XML/);
    expect(readServiceExport(exportFile("not-a-list.xml")).error).toBe(
      "This XML file is not a list export this site can read: it reads MyAnimeList's anime and manga list exports, which AniList and Kitsu also make.",
    );
    const hostile = readServiceExport(`<script>alert(1)</script`);
    expect(hostile.error).not.toContain("script");
  });
});

describe("what importing a list would do", () => {
  it("sets the furthest episode of the seasons watched, by labels only, and counts the other series", () => {
    const { preview, error } = plan("myanimelist-anime.xml");
    expect(error).toBeNull();
    expect(preview?.imported.anime).toBe("anime:2-3");
    expect(preview?.changes).toEqual([{ medium: "Anime", place: "Season 2 · Episode 3", current: null }]);
    expect(preview?.kept).toEqual([]);
    expect(preview?.otherEntries).toBe(2);
    expect(JSON.stringify(preview)).not.toContain("title");
  });

  it("sets volumes per collection and the web novel's chapter counted in reading order across arcs", () => {
    const { preview } = plan("myanimelist-manga.xml");
    expect(preview?.imported).toMatchObject({ webNovel: "wn:2-10", lightNovels: ["ln:main-4"] });
    expect(preview?.changes).toEqual([
      { medium: "Web novel", place: "Arc 2 · Chapter 10", current: null },
      { medium: "Light novels", place: "Lanternfall 4", current: null },
    ]);
    expect(preview?.notStarted).toBe(1);
    expect(preview?.otherEntries).toBe(1);
  });

  it("maps a count of chapters to the entries the serial site numbers so, never to a count of entries", () => {
    // The story places an entry the serial site published 31st at arc 1's 16th place; the rest follow it
    // one number down.
    const published = timeline((place) => (place < 16 ? place : place === 16 ? 31 : place <= 31 ? place - 1 : place));
    const withCount = (chapters: number) =>
      planServiceImport(
        // The fixture's web novel entry reads 40 chapters.
        exportFile("myanimelist-manga.xml").replace(
          "<my_read_chapters>40</my_read_chapters>",
          `<my_read_chapters>${chapters}</my_read_chapters>`,
        ),
        externalIds,
        published,
        emptyProgress,
      ).preview;
    // Twenty read: numbers 1 to 20, so not the 16th entry (31): the place stops before it, crediting no
    // entry the reader has not read.
    expect(withCount(20)?.imported.webNovel).toBe("wn:1-15");
    // Thirty-one read: every entry through arc 2's first (30), then arc 2's second (32) is not.
    expect(withCount(31)?.imported.webNovel).toBe("wn:2-1");
    expect(withCount(31)?.notes).toEqual([]);
  });

  it("counts entries in reading order only where the pack gives no serial numbers, and says so", () => {
    const { preview } = planServiceImport(
      exportFile("myanimelist-manga.xml"),
      externalIds,
      timeline(null),
      emptyProgress,
    );
    expect(preview?.imported).toMatchObject({ webNovel: "wn:2-10" });
    expect(preview?.notes).toEqual([
      "Your list counts 40 chapters of the web novel. This site does not know the serial site's chapter numbers, so they were counted in reading order, interludes included: check the place before you import.",
    ]);
  });

  it("stops at the last unit the series has when the list counts further", () => {
    const { preview } = plan("kitsu-manga.xml");
    expect(preview?.imported).toMatchObject({ webNovel: "wn:2-25", lightNovels: ["ln:main-14"] });
  });

  it("keeps the reader's place where they are further already, and says so", () => {
    const current: Progress = { ...emptyProgress, anime: "anime:2-8", webNovel: "wn:1-5", lightNovels: ["ln:main-9"] };
    const anime = plan("myanimelist-anime.xml", current).preview;
    expect(anime?.changes).toEqual([]);
    expect(anime?.kept).toEqual([{ medium: "Anime", place: "Season 2 · Episode 3", current: "Season 2 · Episode 8" }]);
    const manga = plan("myanimelist-manga.xml", current).preview;
    expect(manga?.changes).toEqual([
      { medium: "Web novel", place: "Arc 2 · Chapter 10", current: "Arc 1 · Chapter 5" },
    ]);
    expect(manga?.kept).toEqual([{ medium: "Light novels", place: "Lanternfall 4", current: "Lanternfall 9" }]);
    // Applying it is the tracker's merge: furthest wins, nothing lost.
    expect(mergeProgress(current, manga!.imported)).toMatchObject({
      webNovel: "wn:2-10",
      lightNovels: ["ln:main-9"],
      anime: "anime:2-8",
    });
  });

  it("reads AniList's export like MyAnimeList's", () => {
    const { preview } = plan("anilist-anime.xml");
    expect(preview?.changes).toEqual([{ medium: "Anime", place: "Season 1 · Episode 7", current: null }]);
    expect(preview?.otherEntries).toBe(1);
  });

  it("answers an export of other series, or with nothing watched or read yet, with what is wrong", () => {
    expect(plan("other-series.xml").error).toBe(
      "This export has nothing for this series: it lists 2 entries, none of them one of its seasons, collections or the web novel. Nothing was changed.",
    );
    const planned = `<myanimelist><myinfo><user_export_type>2</user_export_type></myinfo><manga><manga_mangadb_id>9900202</manga_mangadb_id><my_read_volumes>0</my_read_volumes><my_status>Plan to Read</my_status></manga></myanimelist>`;
    expect(planServiceImport(planned, externalIds, timeline(), emptyProgress).error).toBe(
      "Your export lists this series, but with nothing watched or read yet, so there is nothing to import. Nothing was changed.",
    );
    expect(planServiceImport("<myanimelist></myanimelist>", externalIds, timeline(), emptyProgress).error).toBe(
      "This export lists nothing: export your list again once it has entries.",
    );
    expect(plan("billion-laughs.xml").preview?.changes).toEqual([
      { medium: "Anime", place: "Season 2 · Episode 2", current: null },
    ]);
  });
});

/** A saved reading-list page with these rows, as Novel Updates writes them. */
const readingList = (...rows: string[]) =>
  `<!DOCTYPE html><html><head><link rel="canonical" href="https://www.novelupdates.com/reading-list/"></head><body><table id="myTable"><tbody>${rows.join("\n")}</tbody></table></body></html>`;
const row = (slug: string, place: string, latest = "c999") =>
  `<tr class="rl_links" data-title="${slug}" data-sid="1"><td><input type="checkbox"></td><td><a href="https://www.novelupdates.com/series/${slug}/">${slug}</a></td><td><a class="chp-release" href="https://www.novelupdates.com/extnu/1/">${place}</a></td><td><a class="chp-release" href="https://www.novelupdates.com/extnu/2/">${latest}</a></td></tr>`;
const planPage = (html: string, current: Progress = emptyProgress) =>
  planServiceImport(html, externalIds, timeline(), current);

describe("reading a saved Novel Updates reading list", () => {
  it("reads each row's series slug and the reader's place, not the latest release", () => {
    const read = readServiceExport(exportFile("novel-updates-reading-list.html"));
    expect(read.error).toBeNull();
    expect(read.service).toBe("novelupdates");
    expect(read.entries?.map(({ id, place }) => [id, place])).toEqual([
      ["lanternfall", "c45"],
      ["lanternfall-light-novel", "v3c2"],
      ["another-web-novel", "c300"],
    ]);
  });

  it("reads release names: chapters, ranges, volumes, parts; and nothing else", () => {
    expect(parseRelease("c45")).toEqual({ volume: null, chapter: 45, part: false });
    expect(parseRelease("c12-13")).toEqual({ volume: null, chapter: 13, part: false });
    expect(parseRelease("v3c2")).toEqual({ volume: 3, chapter: 2, part: false });
    expect(parseRelease("V3 C2")).toEqual({ volume: 3, chapter: 2, part: false });
    expect(parseRelease("v2")).toEqual({ volume: 2, chapter: null, part: false });
    expect(parseRelease("c12 part2")).toEqual({ volume: null, chapter: 12, part: true });
    for (const other of ["prologue", "ex1", "", "c", "v", "side story 3", "c45 c46", "vol 3"])
      expect(parseRelease(other)).toBeNull();
  });

  it("sets the web novel's Nth chapter in reading order and the collection's volume before the one in progress, by labels", () => {
    const { preview, error } = plan("novel-updates-reading-list.html");
    expect(error).toBeNull();
    expect(preview?.service).toBe("novelupdates");
    expect(preview?.imported).toMatchObject({ webNovel: "wn:2-15", lightNovels: ["ln:main-2"] });
    expect(preview?.changes).toEqual([
      { medium: "Web novel", place: "Arc 2 · Chapter 15", current: null },
      { medium: "Light novels", place: "Lanternfall 2", current: null },
    ]);
    expect(preview?.notes).toEqual([
      "Your list says v3c2: volume 3 is in progress, so it stands for Lanternfall 2 as your last volume read.",
    ]);
    expect(preview?.otherEntries).toBe(1);
    expect(preview?.unrecognised).toEqual([]);
    expect(preview?.summary).toBe("From Novel Updates: Web novel, Arc 2 · Chapter 15; Light novels, Lanternfall 2.");
    expect(JSON.stringify(preview)).not.toContain("Another Web Novel");
  });

  it("reads vN as volume N in progress, a chapter part as the chapter before, and keeps the reader's place when further", () => {
    const { preview } = planPage(readingList(row("lanternfall-light-novel", "v5"), row("lanternfall", "c31 part2")), {
      ...emptyProgress,
      lightNovels: ["ln:main-9"],
    });
    expect(preview?.imported).toMatchObject({ webNovel: "wn:1-30", lightNovels: ["ln:main-4"] });
    expect(preview?.changes).toEqual([{ medium: "Web novel", place: "Arc 1 · Chapter 30", current: null }]);
    expect(preview?.kept).toEqual([{ medium: "Light novels", place: "Lanternfall 4", current: "Lanternfall 9" }]);
    // Past the collection's last volume: it stops there, and the sentence names the volume it sets.
    expect(planPage(readingList(row("lanternfall-light-novel", "v40c1"))).preview?.notes).toEqual([
      "Your list says v40c1: volume 40 is in progress, so it stands for Lanternfall 14 as your last volume read.",
    ]);
    // v1: the first volume is in progress, so nothing is read yet.
    expect(planPage(readingList(row("lanternfall-light-novel", "v1c3"))).error).toMatch(
      /^Your export lists this series, but with nothing watched or read yet/,
    );
  });

  it("lists places of this series it cannot read by their text, as text, and only counts other series", () => {
    const { preview } = planPage(
      readingList(
        row("lanternfall", "prologue"),
        row("lanternfall-light-novel", "c45"),
        row("lanternfall", "&lt;img src=x onerror=alert(1)&gt;"),
        row("lanternfall", "<b>ex1</b>"),
        row("some-other-series", "zzz"),
        row("some-other-series-2", "c4"),
      ),
    );
    expect(preview?.changes).toEqual([]);
    expect(preview?.unrecognised).toEqual([
      { medium: "Web novel", place: "prologue", current: null },
      { medium: "Light novels", place: "c45", current: null },
      { medium: "Web novel", place: "<img src=x onerror=alert(1)>", current: null },
      { medium: "Web novel", place: "ex1", current: null },
    ]);
    expect(preview?.otherEntries).toBe(2);
    expect(JSON.stringify(preview)).not.toContain("some-other-series");
  });

  it("skips malformed rows: no series link, no place, tags cut short, a row that never ends", () => {
    const read = readServiceExport(
      readingList(
        `<tr class="rl_links"><td>no link at all</td></tr>`,
        `<tr class="rl_links"><td><a href="https://www.novelupdates.com/series/lanternfall/">Lanternfall</a></td></tr>`,
        `<tr class="rl_links"><td><a href="/series/">empty</a><a class="chp-release"`,
        `<tr class='other rl_links'><td><a href='https://www.novelupdates.com/series/lanternfall-light-novel/'>LN</a><a class='chp-release'>v4</a>`,
      ),
    );
    expect(read.entries?.map(({ id, place }) => [id, place])).toEqual([
      ["lanternfall", ""],
      ["lanternfall-light-novel", "v4"],
    ]);
    const { preview } = planPage(
      readingList(
        `<tr class="rl_links"><td><a href="https://www.novelupdates.com/series/lanternfall/">Lanternfall</a></td></tr>`,
        row("lanternfall-light-novel", "v4"),
      ),
    );
    expect(preview?.unrecognised).toEqual([{ medium: "Web novel", place: "no place given", current: null }]);
    expect(preview?.imported.lightNovels).toEqual(["ln:main-3"]);
  });

  it("refuses a Novel Updates page that is not the reading list, and a reading list of other series", () => {
    expect(plan("novel-updates-series-page.html").error).toBe(
      "This file comes from Novel Updates but is not your reading list saved as a page. Open novelupdates.com/reading-list/ while signed in, save it with your browser (Save page as…, HTML) and pick that file. Nothing was changed.",
    );
    expect(planPage(readingList(row("a", "c1"), row("b", "v2"))).error).toMatch(
      /^This export has nothing for this series: it lists 2 entries/,
    );
  });

  it("never throws on any page made of its own markup pieces, and every place it keeps is short", () => {
    const piece = fc.constantFrom(
      "<tr",
      ' class="rl_links"',
      "<a",
      ' class="chp-release"',
      ' href="/series/lanternfall/"',
      ">",
      "</a>",
      "</tr>",
      "<",
      "&lt;",
      "c45",
      "v3c2",
      " ",
      "'",
      '"',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const read = readServiceExport(`<html>novelupdates.com ${pieces.join("")}`);
        for (const entry of read.entries ?? []) {
          expect(entry.place!.length).toBeLessThanOrEqual(40);
          expect(entry.id).toMatch(/^[a-z0-9-]+$/);
        }
      }),
    );
  });

  it("reads a 10 MB pathological page quickly", () => {
    const patterns = [
      "<tr class=rl_links ",
      "<tr<tr<a<a",
      `<tr class="rl_links"><a class="chp-release" href="/series/`,
      "<tr class='rl_links'><td><a class='chp-release' href='/series/lanternfall/'>c1",
      "<",
      "v1c1 part",
    ];
    for (const pattern of patterns) {
      const html =
        `<html><link href="https://www.novelupdates.com/reading-list/">${pattern.repeat(Math.ceil(10_000_000 / pattern.length))}`.slice(
          0,
          10_000_000,
        );
      // CPU time, not the clock: other work on the machine (tests run side by side) does not count.
      const started = process.cpuUsage();
      readServiceExport(html);
      const used = process.cpuUsage(started);
      expect((used.user + used.system) / 1000, pattern).toBeLessThan(1500);
    }
  });
});

describe("importing a season's parts", () => {
  // Season 2 aired in two parts, each its own MyAnimeList entry numbering its episodes from 1.
  const partIds: ExternalId[] = [
    {
      service: "myanimelist",
      list: "anime",
      id: "9900102",
      target: { medium: "anime", season: 2, episodes: { from: 1, to: 7 } },
    },
    {
      service: "myanimelist",
      list: "anime",
      id: "9900103",
      target: { medium: "anime", season: 2, episodes: { from: 8, to: 13 } },
    },
  ];
  const list = (...entries: [string, number][]) =>
    `<?xml version="1.0" encoding="UTF-8" ?><myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>${entries
      .map(
        ([id, watched]) =>
          `<anime><series_animedb_id>${id}</series_animedb_id><my_watched_episodes>${watched}</my_watched_episodes></anime>`,
      )
      .join("")}</myanimelist>`;
  const imported = (...entries: [string, number][]) =>
    planServiceImport(list(...entries), partIds, timeline(), emptyProgress).preview?.imported.anime;

  it("maps part 2's episode 1 to the season's episode where part 2 begins, by its number", () => {
    expect(imported(["9900103", 1])).toBe("anime:2-8");
    expect(imported(["9900103", 4])).toBe("anime:2-11");
  });

  it("stops at the part's own last episode, never in the next part, and keeps the furthest of two parts", () => {
    expect(imported(["9900102", 13])).toBe("anime:2-7");
    expect(imported(["9900103", 40])).toBe("anime:2-13");
    expect(imported(["9900102", 7], ["9900103", 2])).toBe("anime:2-9");
  });
});

describe("importing a recut's entry", () => {
  const recutIds: ExternalId[] = [
    { service: "myanimelist", list: "anime", id: "9900101", target: { medium: "anime", season: 1 } },
    { service: "myanimelist", list: "anime", id: "9900104", target: { medium: "anime", season: 1, recut: 1 } },
  ];
  const list = (...entries: [string, number][]) =>
    `<?xml version="1.0" encoding="UTF-8" ?><myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>${entries
      .map(
        ([id, watched]) =>
          `<anime><series_animedb_id>${id}</series_animedb_id><my_watched_episodes>${watched}</my_watched_episodes></anime>`,
      )
      .join("")}</myanimelist>`;
  const imported = (...entries: [string, number][]) =>
    planServiceImport(list(...entries), recutIds, timeline(), emptyProgress).preview?.imported;

  it("sets the recut's episode of that number, never the season's, and stops at the recut's last", () => {
    expect(imported(["9900104", 2])).toMatchObject({ anime: null, recuts: ["anime:1r1-2"] });
    expect(imported(["9900104", 40])).toMatchObject({ anime: null, recuts: ["anime:1r1-6"] });
    expect(imported(["9900101", 3], ["9900104", 1])).toMatchObject({ anime: "anime:1-3", recuts: ["anime:1r1-1"] });
  });
});

describe("importing a film's or an OVA's own entry", () => {
  // The timeline with a film and a two-part OVA, each listed on MyAnimeList under its own id.
  const withSpecials = (): TrackerUnit[] => [
    ...timeline(),
    ...["sp:the-film", "sp:two-part-ova"].map((key, index) => ({
      key,
      medium: "anime_specials" as const,
      position: 1000 + index,
      label: index ? "Anime · OVA" : "Anime · Film",
      title: { revealedBy: null, content: key },
      group: "OVAs, specials and films",
      collection: null,
      coveredBy: [key],
    })),
  ];
  const ids: ExternalId[] = [
    ...externalIds,
    {
      service: "myanimelist",
      list: "anime",
      id: "9900150",
      target: { medium: "anime_specials", special: "sp:the-film" },
    },
    {
      service: "myanimelist",
      list: "anime",
      id: "9900151",
      target: { medium: "anime_specials", special: "sp:two-part-ova" },
    },
  ];
  const entry = (id: string, watched: number, total: number, status: string) =>
    `<anime><series_animedb_id>${id}</series_animedb_id><series_episodes>${total}</series_episodes><my_watched_episodes>${watched}</my_watched_episodes><my_status>${status}</my_status></anime>`;
  const planOf = (...entries: string[]) =>
    planServiceImport(`<myanimelist>${entries.join("")}</myanimelist>`, ids, withSpecials(), emptyProgress);

  it("ticks the film alone, crediting no episode with it", () => {
    const { preview } = planOf(entry("9900150", 1, 1, "Completed"));
    expect(preview?.imported).toMatchObject({ anime: null, animeSpecials: ["sp:the-film"], webNovel: null });
    expect(preview?.changes).toEqual([{ medium: "OVAs, specials and films", place: "Anime · Film", current: null }]);
  });

  it("leaves an OVA watched halfway unwatched, and takes a completed one however its episodes are counted", () => {
    expect(planOf(entry("9900151", 1, 2, "Watching")).error).toMatch(/nothing watched or read yet/);
    expect(planOf(entry("9900151", 0, 0, "Completed")).preview?.imported.animeSpecials).toEqual(["sp:two-part-ova"]);
    expect(
      planOf(
        entry("9900150", 1, 1, "Completed"),
        entry("9900151", 2, 2, "Watching"),
        entry("9900101", 3, 12, "Watching"),
      ).preview?.imported,
    ).toMatchObject({ anime: "anime:1-3", animeSpecials: ["sp:the-film", "sp:two-part-ova"] });
  });
});

describe("importing a manga series' entry", () => {
  // Two series as the demo has them: "wick" with an extra "6.5" between chapters 6 and 7 (its place 7),
  // volume 2 holding places 5 to 8; "tallow" numbered from 1 again.
  const wick = [
    ["1", 1],
    ["2", 1],
    ["3", 1],
    ["4", 1],
    ["5", 2],
    ["6", 2],
    ["6.5", 2],
    ["7", 2],
    ["8", 3],
    ["9", 3],
  ] as const;
  const withManga = (): TrackerUnit[] => [
    ...timeline(),
    ...wick.map(([number, volume], index) => ({
      key: `manga:wick-${index + 1}`,
      medium: "manga" as const,
      position: 2000 + index,
      label: `Manga 1 · Chapter ${number}`,
      title: { revealedBy: null, content: `Chapter ${number}` },
      group: "Manga 1",
      collection: null,
      coveredBy: [`manga:wick-${index + 1}`],
      mangaNumber: number,
      mangaVolume: volume,
    })),
    ...[1, 2, 3].map((number) => ({
      key: `manga:tallow-${number}`,
      medium: "manga" as const,
      position: 3000 + number,
      label: `Manga 2 · Chapter ${number}`,
      title: { revealedBy: null, content: `Chapter ${number}` },
      group: "Manga 2",
      collection: null,
      coveredBy: [`manga:tallow-${number}`],
      mangaNumber: String(number),
      mangaVolume: 1,
    })),
  ];
  const ids: ExternalId[] = [
    ...externalIds,
    { service: "myanimelist", list: "manga", id: "9900301", target: { medium: "manga", series: "wick" } },
    { service: "myanimelist", list: "manga", id: "9900302", target: { medium: "manga", series: "tallow" } },
  ];
  const list = (...entries: [string, number, number][]) =>
    `<?xml version="1.0" encoding="UTF-8" ?><myanimelist><myinfo><user_export_type>2</user_export_type></myinfo>${entries
      .map(
        ([id, volumes, chapters]) =>
          `<manga><manga_mangadb_id>${id}</manga_mangadb_id><my_read_volumes>${volumes}</my_read_volumes><my_read_chapters>${chapters}</my_read_chapters></manga>`,
      )
      .join("")}</myanimelist>`;
  const plan = (...entries: [string, number, number][]) =>
    planServiceImport(list(...entries), ids, withManga(), emptyProgress).preview;

  it("maps chapters read by the series' own numbers, never by counting its chapters", () => {
    // Seven chapters read is chapter 7, the eighth listed (the extra 6.5 is not the seventh).
    expect(plan(["9900301", 0, 7])?.imported.manga).toEqual(["manga:wick-8"]);
    // Six is chapter 6: the extra after it is not read yet.
    expect(plan(["9900301", 0, 6])?.imported.manga).toEqual(["manga:wick-6"]);
    expect(plan(["9900301", 0, 40])?.imported.manga).toEqual(["manga:wick-10"]);
  });

  it("maps volumes read to the last chapter of the last volume read, whichever goes further", () => {
    expect(plan(["9900301", 2, 3])?.imported.manga).toEqual(["manga:wick-8"]);
    expect(plan(["9900301", 1, 9])?.imported.manga).toEqual(["manga:wick-10"]);
  });

  it("keeps each series apart, each by its own numbers, and names the places by their labels", () => {
    const preview = plan(["9900301", 0, 2], ["9900302", 0, 3]);
    expect(preview?.imported).toMatchObject({ manga: ["manga:tallow-3", "manga:wick-2"], webNovel: null });
    expect(preview?.changes).toEqual([
      { medium: "Manga", place: "Manga 2 · Chapter 3", current: null },
      { medium: "Manga", place: "Manga 1 · Chapter 2", current: null },
    ]);
  });

  it("counts an entry with nothing read as not started", () => {
    expect(plan(["9900301", 0, 0], ["9900302", 0, 1])?.notStarted).toBe(1);
  });
});
