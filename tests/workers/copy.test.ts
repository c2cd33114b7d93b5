/**
 * Copy checks over every public page of the demo pack and of the demo pack told ten times over: no
 * hand-made plural ("storys", "1 chapters"), no wrong article ("a episode") and no name said twice in
 * a page's title, description, headings, options or labels ("Interlude Interlude: …",
 * "Season 2: Lanternfall Season 2: …", "Side story · Side story"), nor by a title beside its link
 * ("Lanternfall 1" beside "Lanternfall 1: The Unburnt Wick").
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { LN_VOLUMES_PER_PAGE } from "~/lib/content/units";
import type { PackRows } from "../../pack/rows";
import { publicPages } from "../support/public-pages";
import { importRows, testPackRows } from "../support/packs";
import { fetchSite } from "../support/site";

vi.setConfig({ testTimeout: 600_000, hookTimeout: 120_000 });

/**
 * Every public page a pack has: the site's pages, then each arc, collection page, season, volume and
 * character. Of a pack told several times over (pack/scale), a volume's or a character's own page is
 * read for the first and the last telling only: the tellings between are the same pages with other
 * numbers, while every list page, whose counts and pages grow with the pack, is read.
 */
function pagesOf(rows: PackRows, scale: number) {
  const pages = (count: number, perPage: number) =>
    Array.from({ length: Math.max(1, Math.ceil(count / perPage)) }, (_, index) => index + 1);
  const firstAndLastTelling = <T>(items: T[]) => {
    const told = Math.ceil(items.length / scale);
    return scale === 1 ? items : [...items.slice(0, told), ...items.slice(-told)];
  };
  const volumesIn = (code: string) => rows.ln_volumes.filter((volume) => volume.collection_code === code);
  return [
    ...publicPages,
    "/reading_tracker",
    "/search?q=side",
    "/search?q=interlude",
    ...rows.arcs.map((arc) => `/web_novel?arc=${arc.number}`),
    ...rows.ln_collections.flatMap((collection) =>
      pages(volumesIn(collection.code).length, LN_VOLUMES_PER_PAGE).map(
        (page) => `/light_novels?collection=${collection.code}&page=${page}`,
      ),
    ),
    ...pages(rows.side_stories.length, 20).map((page) => `/side_stories?page=${page}`),
    ...rows.anime_seasons.flatMap((season) => [
      `/anime?season=${season.number}`,
      `/break_time?season=${season.number}`,
    ]),
    ...rows.ln_collections
      .flatMap((collection) => firstAndLastTelling(volumesIn(collection.code)))
      .map((volume) => `/translation_meta/ln_mistls/${volume.collection_code}_v${volume.number}`),
    // The catalogue lists the characters a reader has met: every one, with the shield off.
    ...pages(rows.characters.length, 24).map((page) => `/characters?page=${page}&reveal=all`),
    // A character not met at the start is a 404 until the reader states they have met them.
    ...firstAndLastTelling(rows.characters).map(
      (character) => `/characters/${character.slug}${character.revealed_by === null ? "" : "?reveal=all"}`,
    ),
  ];
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };
const decode = (text: string) =>
  text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => entities[name.toLowerCase()] ?? whole);
const textOf = (html: string) =>
  decode(html.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

/** The page's own words, one text per element, without scripts and styles (React's <!-- --> between parts of one text kept out). */
function visibleTexts(html: string) {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, "\n")
    .replace(/<!--[\s\S]*?-->/g, "")
    .split(/<[^>]+>/)
    .map((text) => decode(text).replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** The short texts that name things: the title, the description, headings, options, labels, and a kicker with the name under it. */
function labelsOf(html: string) {
  const labels = [...html.matchAll(/<(title|h[1-6]|option|label|dt|legend|summary)\b[^>]*>([\s\S]*?)<\/\1>/gi)].map(
    (match) => textOf(match[2] ?? ""),
  );
  const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1];
  const suggestions = [...html.matchAll(/<option value="([^"]+)"/g)].map((match) => decode(match[1] ?? ""));
  const kickers = [
    ...html
      .replace(/<!--[\s\S]*?-->/g, "")
      .matchAll(/class="[^"]*\buppercase\b[^"]*"[^>]*>([^<]+)<\/(?:span|p)>\s*<(?:span|h[1-6])\b[^>]*>([^<]+)</g),
  ].map((match) => `${decode(match[1] ?? "").trim()}: ${decode(match[2] ?? "").trim()}`);
  return [...labels, ...suggestions, ...kickers, ...(description ? [decode(description)] : [])].filter(Boolean);
}

/** A phrase said twice in a row: "Interlude Interlude", "Side story · Side story". */
const repeated = /(?<![\p{L}\p{N}])(\p{L}[\p{L}\p{N}'’]*(?: [\p{L}\p{N}'’]+)*)(?::| ·|,)? \1(?![\p{L}\p{N}])/iu;
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const holds = (outer: string[], inner: string[]) =>
  inner.length > 0 && outer.some((_, start) => inner.every((word, offset) => outer[start + offset] === word));
const begins = (outer: string[], inner: string[]) =>
  inner.length > 0 && inner.every((word, index) => outer[index] === word);

/** The demo pack's name for the site (series.json `site`). */
const SITE_NAME = "Lanternfall Companion";

/**
 * Where a label says a name twice: a phrase repeated, or a part (between ": " and " · ") that holds the
 * part before it or begins it: "Season 2: Lanternfall Season 2: …", "Interlude (17) · Interlude: …",
 * "Lanternfall EX 1: Lanternfall EX: …". The site's name after a page title is not part of the label.
 */
function saysTwice(label: string): string | null {
  const own = label.endsWith(` · ${SITE_NAME}`) ? label.slice(0, -` · ${SITE_NAME}`.length) : label;
  const phrase = own.match(repeated);
  if (phrase) return phrase[0];
  const parts = own.split(/: | · /);
  for (let index = 1; index < parts.length; index++) {
    const before = wordsOf(parts[index - 1] ?? "");
    const after = wordsOf(parts[index] ?? "");
    if (holds(after, before) || begins(before, after)) return `${parts[index - 1]} … ${parts[index]}`;
  }
  return null;
}
/**
 * A link's text and the title a reader takes in with it as one name: the link and the element right
 * after it ("Lanternfall 1" beside "Lanternfall 1: The Unburnt Wick"), and the parts of a link that
 * holds several, as a card does (its label, then its title).
 */
function linkPairsOf(html: string): Array<[string, string]> {
  const plain = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, "").replace(/<!--[\s\S]*?-->/g, "");
  const pairs: Array<[string, string]> = [];
  for (const match of plain.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>(?:(?:\s*<(?!\/)[^>]+>)+([^<]*))?/gi)) {
    const parts = visibleTexts(match[1] ?? "");
    const link = textOf(match[1] ?? "");
    const beside = decode(match[2] ?? "")
      .replace(/\s+/g, " ")
      .trim();
    if (link && beside) pairs.push([link, beside]);
    parts.slice(1).forEach((part, index) => pairs.push([parts[index] ?? "", part]));
  }
  return pairs;
}

/** Where a title begins with the name its link has just said: "Lanternfall 1" and "Lanternfall 1: The Unburnt Wick". */
function repeatsLink([link, title]: [string, string]): string | null {
  return begins(wordsOf(title), wordsOf(link)) ? `${link} | ${title}` : null;
}

/** Plurals made by adding an s, a count of one with a plural, and "a" before a vowel. */
const handMade = [
  /\b\p{L}+[^aeiou\W]ys\b/iu,
  // "Discuss" (a unit's link to its thread) is a word of its own, not "discus" made plural.
  /\b(?!discuss\b)\p{L}+(?:uss|xs|chs|shs|sss)\b/iu,
  /(?<![\d.,])1 (?:\p{L}+ ){0,2}(?:chapters|volumes|episodes|entries|results|seasons|arcs|shorts|notes|stories|bonuses|routes|characters|words|reports)\b/iu,
  /\ba (?:[aei]\p{L}+|o(?!ne\b|nce\b)\p{L}+|u(?!n[iu]|s[eu])\p{L}+)\b/u,
];

/**
 * Words a reader walk found confusing: an interlude's number in brackets, a chapter given a second
 * number or label ("Chapter 3: Chapter 2: …", "Prologue: Interlude: …", "· ch. 3"), a Break Time
 * short named by its season's number or "With" an episode's label, "reading progress" said to a
 * viewer, a kind that says nothing, a volume's number said twice ("Short Stories 3: Lamplit Tales 3").
 */
const confusing = [
  /\bInterlude \(\d+\)/u,
  /\b(?:Prologue|Epilogue|Interlude|Chapter \d+): (?:Prologue|Epilogue|Interlude|Chapter \d+)\b/u,
  /· ch\. \d/u,
  /\bBreak Time \d+ · Episode\b/u,
  /\bWith Season \d+ · Episode\b/u,
  /\bbeyond your reading progress\b/u,
  /^other$/u,
  /\b(\d+): [^:·\d]+ \1$/u,
];

/** A volume named "Lanternfall Volume 1" where the site's labels say "Lanternfall 1". */
const volumeNamedTwoWays = (collectionNames: readonly string[]) =>
  collectionNames.map(
    (name) => new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} Vol(?:ume|\\.) \\d`, "u"),
  );

async function readPages(rows: PackRows, scale: number) {
  await importRows(rows);
  const problems: string[] = [];
  for (const path of pagesOf(rows, scale)) {
    const response = await fetchSite(path);
    const html = await response.text();
    if (response.status !== 200 && path !== "/no-such-page") problems.push(`${path}: status ${response.status}`);
    for (const label of labelsOf(html)) {
      const twice = saysTwice(label);
      if (twice) problems.push(`${path}: “${twice}” in “${label}”`);
    }
    for (const pair of linkPairsOf(html)) {
      const twice = repeatsLink(pair);
      if (twice) problems.push(`${path}: link and title say “${twice}”`);
    }
    for (const text of visibleTexts(html)) {
      for (const pattern of [
        ...handMade,
        ...confusing,
        ...volumeNamedTwoWays(rows.ln_collections.map((collection) => collection.name)),
      ]) {
        const match = text.match(pattern);
        if (match) problems.push(`${path}: “${match[0]}” in “${text.slice(0, 120)}”`);
      }
    }
  }
  return problems;
}

describe.each([
  ["the demo pack", 1],
  ["the demo pack told ten times over", 10],
])("every public page of %s", (_, scale) => {
  let rows: PackRows;
  beforeAll(() => {
    rows = testPackRows("demo", { scale });
  });

  it("reads right: no hand-made plural, no wrong article, no name said twice, not even by a link and its title", async () => {
    expect(await readPages(rows, scale)).toEqual([]);
  });
});

describe("the copy checks", () => {
  it("catch the mistakes they are there for", () => {
    for (const label of [
      "Season 2: Lanternfall Season 2: Cinder Academy",
      "Interlude Interlude: Letters",
      "Interlude (17) · Interlude: Letters",
      "Side story · Side story · EX 1",
      "Lanternfall EX 1: Lanternfall EX: Moth Letters",
    ]) {
      expect(saysTwice(label), label).not.toBeNull();
    }
    for (const label of [
      "Season 2: Cinder Academy",
      "Interlude 17 · Letters to Lowwick",
      "Lanternfall EX 1: Moth Letters",
      "Arc 1: The Unburnt Wick",
      `Anime · Season 1: Lanternfall · ${SITE_NAME}`,
    ]) {
      expect(saysTwice(label), label).toBeNull();
    }
    expect(
      linkPairsOf('<a href="/v1">Lanternfall 1</a><span class="block">Lanternfall 1: The Unburnt Wick</span>').map(
        repeatsLink,
      ),
    ).toEqual(["Lanternfall 1 | Lanternfall 1: The Unburnt Wick"]);
    expect(
      linkPairsOf(
        '<a href="/v1"><span>Light novel</span><span>Lanternfall 1</span><span><!-- -->Lanternfall 1: The Unburnt Wick</span></a>',
      ).map(repeatsLink),
    ).toEqual([null, "Lanternfall 1 | Lanternfall 1: The Unburnt Wick"]);
    expect(
      linkPairsOf('<a href="/v1">Lanternfall 1</a><span class="block">The Unburnt Wick</span>').map(repeatsLink),
    ).toEqual([null]);
    expect(
      linkPairsOf(
        '<a href="/v1"><span>Light novel</span><span>Lanternfall 1</span><span>The Unburnt Wick</span></a>',
      ).map(repeatsLink),
    ).toEqual([null, null]);
    for (const text of ["5 short storys", "4 store bonuss", "1 chapters", "Choose a episode", "a arc"]) {
      expect(
        handMade.some((pattern) => pattern.test(text)),
        text,
      ).toBe(true);
    }
    for (const text of [
      "5 short stories",
      "4 store bonuses",
      "1 chapter",
      "Choose an episode",
      "a unit",
      "a one-off",
      "the days",
    ]) {
      expect(
        handMade.some((pattern) => pattern.test(text)),
        text,
      ).toBe(false);
    }
    for (const text of [
      "Arc 7 · Interlude (11)",
      "Prologue: Interlude: Ledger",
      "A Choir Without Faces · ch. 3",
      "Break Time 1 · Episode 2",
      "With Season 1 · Episode 5",
      "This note is beyond your reading progress.",
      "other",
      "Lanternfall Short Stories 3: Lamplit Tales 3",
    ]) {
      expect(
        confusing.some((pattern) => pattern.test(text)),
        text,
      ).toBe(true);
    }
    for (const text of [
      "Arc 7 · Interlude 11",
      "Chapter 1: Ledger of the Forgotten",
      "Chapter 3: Ilse: A Name",
      "Season 1 · Break Time 2",
      "Season 1 · Break Time 5, airs with episode 5",
      "Each other",
      "Lanternfall Short Stories 3: Lamplit Tales",
    ]) {
      expect(
        confusing.some((pattern) => pattern.test(text)),
        text,
      ).toBe(false);
    }
    const named = (text: string) =>
      volumeNamedTwoWays(["Lanternfall", "Lanternfall EX"]).some((pattern) => pattern.test(text));
    expect(["Lanternfall Volume 1 (Animate bonus)", "Lanternfall EX Vol. 2"].map(named)).toEqual([true, true]);
    expect(["Lanternfall 1 (Animate bonus)", "Lanternfall anime Blu-ray Vol. 2 booklet"].map(named)).toEqual([
      false,
      false,
    ]);
  });
});
