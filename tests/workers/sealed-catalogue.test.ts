/**
 * The catalogue pages (home, web novel, light novels, side stories, anime, Break Time, characters)
 * sealed for their requester,
 * over the demo pack: without a `reveal` parameter no loader, HTML page or `.data` answer carries a
 * gated text, and with one exactly the texts that knowledge reveals are in the loader's data. The
 * gated texts and what reveals each are read from D1, as the importer stored them.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  knows,
  noKnowledge,
  parseKnowledge,
  readRevealers,
  REVEAL_PARAMETER,
  titleRevealers,
} from "~/lib/shield/knowledge";
import { LN_VOLUMES_PER_PAGE } from "~/lib/content/units";
import { SIDE_STORIES_PER_PAGE } from "~/models/side-stories.server";
import { loader as lightNovelsLoader } from "~/routes/light-novels";
import { loader as sideStoriesLoader } from "~/routes/side-stories";
import { loader as translationNotesLoader } from "~/routes/translation-meta.ln";
import { loader as animeNotesLoader } from "~/routes/translation-meta.anime";
import { loader as animeLoader } from "~/routes/anime";
import { loader as breakTimeLoader } from "~/routes/break-time";
import { loader as charactersLoader } from "~/routes/characters";
import { loader as homeLoader } from "~/routes/home";
import { loader as webNovelLoader } from "~/routes/web-novel";
import { importTestPack } from "../support/packs";
import { fetchSite } from "../support/site";
import { type DataFunction, load } from "../support/workers-context";

interface GatedText {
  text: string;
  revealedBy: readonly string[];
  where: string;
}

let gatedTexts: GatedText[] = [];
let pages: Array<[path: string, loader: DataFunction]> = [];

beforeAll(async () => {
  await importTestPack("demo");

  const [titles, notes, shorts, portraits, arcs, seasons, characters, unflagged, collections, sideStories, ...rest] =
    await env.DB.batch<Record<string, string | number | null>>([
      env.DB.prepare(
        `SELECT key, title, original_title, title_revealed_by FROM chapters WHERE title_revealed_by IS NOT NULL`,
      ),
      env.DB.prepare(
        // Chapters an episode skipped are told of to those who know them, not to its viewers.
        `SELECT c.episode_key, c.note, CASE WHEN c.kind = 'skipped' AND t.revealed_by IS NOT NULL THEN t.revealed_by ELSE u.revealed_by END AS revealed_by
         FROM adaptation_changes c JOIN story_units u ON u.key = c.episode_key LEFT JOIN story_units t ON t.key = c.chapters_to
         WHERE c.note IS NOT NULL`,
      ),
      // A flagged short's title is revealed by the short or by what reveals the episode it accompanies.
      env.DB.prepare(
        `SELECT key, title, title_revealed_by AS revealed_by FROM break_time_episodes WHERE title_revealed_by IS NOT NULL`,
      ),
      env.DB.prepare(
        `SELECT slug, portrait, portrait_alt, portrait_revealed_by FROM characters WHERE portrait_revealed_by IS NOT NULL`,
      ),
      env.DB.prepare(`SELECT number FROM arcs ORDER BY number`),
      env.DB.prepare(`SELECT number FROM anime_seasons ORDER BY number`),
      env.DB.prepare(`SELECT COUNT(*) AS count FROM characters`),
      // Every title the pack does not flag, with the units that reach its unit: held back until the
      // reader reaches it, or chooses to see titles of what they have not reached (`titleRevealers`).
      // A volume's title in each of its editions is held back as its own title is. What reaches a unit's
      // place (`title_reached_by`) is more than its revealers: a short's episode's place, the manga
      // chapters that cover the chapter an episode or a volume reaches.
      env.DB.prepare(
        `SELECT u.key, u.title_reached_by AS revealed_by, t.title, t.original_title FROM story_units u JOIN (
         SELECT key, title, original_title FROM chapters WHERE title_revealed_by IS NULL
         UNION ALL SELECT * FROM (SELECT key, title, original_title FROM ln_volumes
           UNION ALL SELECT v.key, e.value ->> '$.title', NULL FROM ln_volumes v, json_each(v.editions) e
           WHERE e.value ->> '$.title' IS NOT NULL)
         UNION ALL SELECT key, title, original_title FROM anime_episodes
         UNION ALL SELECT key, title, NULL FROM break_time_episodes WHERE title_revealed_by IS NULL
         UNION ALL SELECT key, title, original_title FROM side_stories WHERE revealed_by IS NULL
       ) t ON t.key = u.key`,
      ),
      env.DB.prepare(
        `SELECT code, (SELECT MAX(number) FROM ln_volumes v WHERE v.collection_code = c.code) AS highest FROM ln_collections c`,
      ),
      env.DB.prepare(`SELECT COUNT(*) AS count FROM side_stories`),
      // What the pack shows everyone, which a title may repeat: an arc or a phase of it named after a
      // chapter, a chapter named after a character, the series' own name.
      env.DB.prepare(
        `SELECT title AS text FROM series UNION ALL SELECT synopsis FROM series UNION ALL SELECT title FROM arcs
         UNION ALL SELECT summary FROM arcs WHERE summary_revealed_by IS NULL UNION ALL SELECT title FROM anime_seasons`,
      ),
      env.DB.prepare(
        `SELECT name AS text FROM ln_collections UNION ALL SELECT description FROM ln_collections
         UNION ALL SELECT label FROM story_units UNION ALL SELECT published_in FROM side_stories`,
      ),
      env.DB.prepare(
        `SELECT name AS text FROM characters WHERE revealed_by IS NULL
         UNION ALL SELECT summary FROM characters WHERE revealed_by IS NULL
         UNION ALL SELECT original_title FROM series UNION ALL SELECT original_title FROM arcs`,
      ),
      // A side story's summary tells the story: it waits for the reader to reach the story.
      env.DB.prepare(
        `SELECT s.key, s.summary, u.revealed_by FROM side_stories s JOIN story_units u ON u.key = s.key
         WHERE s.revealed_by IS NULL AND s.summary IS NOT NULL`,
      ),
    ]);
  const text = (value: unknown) => (typeof value === "string" && value ? [value] : []);
  const summaries = rest.pop()!;
  const publicTexts = rest.flatMap((statement) => statement.results.flatMap((row) => text(row.text)));
  gatedTexts = [
    ...titles!.results.flatMap((row) =>
      [...text(row.title), ...text(row.original_title)].map((title) => ({
        text: title,
        revealedBy: readRevealers(String(row.title_revealed_by)),
        where: `title of ${row.key}`,
      })),
    ),
    ...notes!.results.flatMap((row) =>
      text(row.note).map((note) => ({
        text: note,
        revealedBy: readRevealers(String(row.revealed_by)),
        where: `change note of ${row.episode_key}`,
      })),
    ),
    ...shorts!.results.flatMap((row) =>
      text(row.title).map((title) => ({
        text: title,
        revealedBy: readRevealers(String(row.revealed_by)),
        where: `title of ${row.key}`,
      })),
    ),
    ...portraits!.results.flatMap((row) =>
      [...text(row.portrait), ...text(row.portrait_alt)].map((portrait) => ({
        text: portrait,
        revealedBy: readRevealers(String(row.portrait_revealed_by)),
        where: `portrait of ${row.slug}`,
      })),
    ),
    ...unflagged!.results.flatMap((row) =>
      [...text(row.title), ...text(row.original_title)]
        .filter((title) => !publicTexts.some((shownText) => shownText.includes(title)))
        .map((title) => ({
          text: title,
          revealedBy: titleRevealers(null, readRevealers(String(row.revealed_by))),
          where: `unreached title of ${row.key}`,
        })),
    ),
    ...summaries.results.map((row) => ({
      text: String(row.summary),
      revealedBy: readRevealers(String(row.revealed_by)),
      where: `summary of ${row.key}`,
    })),
  ];
  // A season part's title waits where the pack gates it, else as its first episode's title waits.
  const parts = await env.DB.prepare(
    `SELECT p.season_number, p.number, p.title, p.title_revealed_by, u.revealed_by FROM anime_season_parts p
     JOIN anime_episodes e ON e.season_number = p.season_number AND e.number = p.first_episode
     JOIN story_units u ON u.key = e.key WHERE p.title IS NOT NULL`,
  ).all<Record<string, string | number | null>>();
  expect(parts.results.length).toBeGreaterThan(0);
  gatedTexts.push(
    ...parts.results.map((row) => ({
      text: String(row.title),
      revealedBy: titleRevealers(
        readRevealers(row.title_revealed_by === null ? null : String(row.title_revealed_by)),
        readRevealers(String(row.revealed_by)),
      ),
      where: `title of season ${row.season_number} part ${row.number}`,
    })),
  );
  const characterPages = Math.ceil(Number(characters!.results[0]?.count) / 24);
  pages = [
    ["/", homeLoader],
    ...arcs!.results.map((arc): [string, DataFunction] => [`/web_novel?arc=${arc.number}`, webNovelLoader]),
    ...seasons!.results.flatMap((season): Array<[string, DataFunction]> => [
      [`/anime?season=${season.number}`, animeLoader],
      [`/break_time?season=${season.number}`, breakTimeLoader],
    ]),
    ...collections!.results.flatMap((collection) =>
      Array.from(
        { length: Math.ceil(Number(collection.highest) / LN_VOLUMES_PER_PAGE) },
        (_, index): [string, DataFunction] => [
          `/light_novels?collection=${collection.code}&page=${index + 1}`,
          lightNovelsLoader,
        ],
      ),
    ),
    ...Array.from(
      { length: Math.ceil(Number(sideStories!.results[0]?.count) / SIDE_STORIES_PER_PAGE) },
      (_, index): [string, DataFunction] => [`/side_stories?page=${index + 1}`, sideStoriesLoader],
    ),
    // The translation notes name the volumes and episodes they are about.
    ["/translation_meta/ln_mistls", translationNotesLoader],
    ...seasons!.results.map((season): [string, DataFunction] => [
      `/translation_meta/anime_mistls?season=${season.number}`,
      animeNotesLoader,
    ]),
    // Its pages list the characters the requester has met, so they are read whole (gatedIn).
    ["/characters", charactersLoader],
  ];
  expect(characterPages).toBeGreaterThan(1);
});

/** How a text reads inside JSON (quotes and backslashes escaped). */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

const withReveal = (path: string, reveal: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${REVEAL_PARAMETER}=${reveal}`;

/**
 * The gated texts a loader's data carries for this requester; for the characters, every page of them
 * (its pages list those the requester has met, so a page holds other characters for each requester).
 */
async function gatedIn(path: string, loader: DataFunction, reveal: string | null) {
  const address = reveal === null ? path : withReveal(path, reveal);
  const first = await load(loader, address);
  const rest =
    loader === charactersLoader
      ? await Promise.all(
          Array.from({ length: (first as { pageCount: number }).pageCount - 1 }, (_, index) =>
            load(
              loader,
              reveal === null ? `${path}?page=${index + 2}` : withReveal(`${path}?page=${index + 2}`, reveal),
            ),
          ),
        )
      : [];
  const data = JSON.stringify([first, ...rest]);
  // A title is a whole value ("Dawn"), which a longer one may hold ("Before Dawn").
  return gatedTexts.filter((item) =>
    data.includes(item.where.startsWith("unreached title") ? `"${inJson(item.text)}"` : inJson(item.text)),
  );
}

/**
 * Whether the page lists the unit of an unreached title: elsewhere the same words are another unit's
 * title (a volume's chapter repeats a web novel chapter's, an episode a chapter's) or a character's
 * name, each with its own revealers, so only the unit's own catalogue (or home's releases) can say
 * which it is.
 */
function onItsPage(item: GatedText, path: string) {
  if (!item.where.startsWith("unreached title of ")) return true;
  const medium = item.where.slice("unreached title of ".length).split(":")[0]!;
  const listedOn: Record<string, string[]> = {
    wn: ["/web_novel"],
    ln: ["/light_novels", "/translation_meta/ln_mistls"],
    ss: ["/side_stories"],
    anime: ["/anime", "/break_time", "/translation_meta/anime_mistls"],
    bt: ["/anime", "/break_time"],
  };
  return path.split("?")[0] === "/" || (listedOn[medium] ?? []).some((page) => path.startsWith(page));
}

const describeAll = (items: readonly GatedText[]) => items.map((item) => `${item.where}: ${item.text}`);

/** Readers as their browser states what they know: by the web novel, the light novels, the anime, a short, several. */
const readers = [
  "wn:2-20",
  "ln:main-3",
  "anime:1-6",
  "anime:2-4",
  "bt:1-7",
  "anime:1-6,ln:main-6,wn:5-10",
  "titles",
  "titles,wn:2-20",
  "all",
];

describe("the catalogue pages, sealed for their requester", () => {
  it("the demo pack gates enough on these pages for the checks to mean something, and each gated text is on one of them", async () => {
    const kinds = new Set(gatedTexts.map((item) => item.where.split(" of ")[0]));
    expect([...kinds].sort()).toEqual(["change note", "portrait", "summary", "title", "unreached title"]);
    // The demo flags two Break Time titles; the others spoil nothing and are shown to everyone.
    expect(gatedTexts.filter((item) => item.where.startsWith("title of bt:")).length).toBe(2);
    expect(gatedTexts.filter((item) => item.where.startsWith("title of wn:")).length).toBeGreaterThan(10);
    const found = new Set<string>();
    for (const [path, loader] of pages)
      for (const item of await gatedIn(path, loader, "all")) found.add(item.where + item.text);
    expect(gatedTexts.filter((item) => !found.has(item.where + item.text)).map((item) => item.where)).toEqual([]);
  });

  it("without a reveal parameter, no loader's data holds a gated text", async () => {
    const problems: string[] = [];
    for (const [path, loader] of pages)
      problems.push(...describeAll(await gatedIn(path, loader, null)).map((leak) => `${path}: ${leak}`));
    expect(problems).toEqual([]);
    // A reveal parameter that is not one reveals nothing either.
    expect(describeAll(await gatedIn("/anime?season=1", animeLoader, "everything"))).toEqual([]);
  });

  it("without a reveal parameter, no page's HTML (hydration data included) or .data answer holds a gated text", async () => {
    const problems: string[] = [];
    const decode = (html: string) =>
      html
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&");
    for (const [path] of pages) {
      const [pathname, search = ""] = path.split("?");
      const dataPath = `${pathname === "/" ? "/_root" : pathname}.data${search ? `?${search}` : ""}`;
      for (const address of [path, dataPath]) {
        const response = await fetchSite(address);
        expect(response.status, address).toBe(200);
        const body = decode(await response.text());
        for (const item of gatedTexts)
          if (body.includes(item.text) || body.includes(inJson(item.text))) problems.push(`${address}: ${item.where}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(readers)("with reveal=%s, exactly what that knowledge reveals is in each loader's data", async (reveal) => {
    const knowledge = parseKnowledge(reveal) ?? noKnowledge;
    const revealed = new Set<string>();
    for (const [path, loader] of pages) {
      const mine = (item: GatedText) => onItsPage(item, path);
      const onPage = (await gatedIn(path, loader, "all")).filter(mine);
      const expected = onPage.filter((item) => knows(knowledge, item.revealedBy));
      expect(describeAll((await gatedIn(path, loader, reveal)).filter(mine)), `${path} with reveal=${reveal}`).toEqual(
        describeAll(expected),
      );
      for (const item of expected) revealed.add(item.where + item.text);
    }
    // Each reader knows something here, and (but with the shield off) not everything.
    expect(revealed.size).toBeGreaterThan(0);
    if (reveal !== "all") expect(revealed.size).toBeLessThan(gatedTexts.length);
  });
});
