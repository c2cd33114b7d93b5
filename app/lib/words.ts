import { formatNumber } from "./format";
import type { SideStoryKind } from "./vocabulary";

/**
 * Counts and articles, in one place. A noun's two forms are written out once here; which one a count
 * takes is decided by the locale's plural rules, never by adding an "s".
 */

const pluralRules = new Intl.PluralRules("en-GB");

export interface Noun {
  one: string;
  other: string;
}

export const nouns = {
  arc: { one: "arc", other: "arcs" },
  breakTimeShort: { one: "Break Time short", other: "Break Time shorts" },
  chapter: { one: "chapter", other: "chapters" },
  character: { one: "character", other: "characters" },
  comment: { one: "comment", other: "comments" },
  commentOrReply: { one: "comment or reply", other: "comments and replies" },
  chibiShort: { one: "chibi short", other: "chibi shorts" },
  entry: { one: "entry", other: "entries" },
  fact: { one: "fact", other: "facts" },
  gameStory: { one: "game story", other: "game stories" },
  episode: { one: "episode", other: "episodes" },
  ifRoute: { one: "IF route", other: "IF routes" },
  recut: { one: "recut", other: "recuts" },
  relationship: { one: "relationship", other: "relationships" },
  result: { one: "result", other: "results" },
  season: { one: "season", other: "seasons" },
  short: { one: "short", other: "shorts" },
  animeSpecial: { one: "OVA, special or film", other: "OVAs, specials and films" },
  mangaChapter: { one: "manga chapter", other: "manga chapters" },
  mangaSeries: { one: "manga series", other: "manga series" },
  shortStory: { one: "short story", other: "short stories" },
  sideStory: { one: "side story", other: "side stories" },
  sideVolume: { one: "side volume", other: "side volumes" },
  storeBonus: { one: "store bonus", other: "store bonuses" },
  translationNote: { one: "translation note", other: "translation notes" },
  volume: { one: "volume", other: "volumes" },
  word: { one: "word", other: "words" },
  reader: { one: "reader", other: "readers" },
  release: { one: "release", other: "releases" },
  report: { one: "report", other: "reports" },
  reply: { one: "reply", other: "replies" },
  percent: { one: "%", other: "%" },
  webNovelChapter: { one: "web novel chapter", other: "web novel chapters" },
  /** Phrases that carry their verb. */
  reportMatches: { one: "report matches", other: "reports match" },
  sideStoryComes: { one: "side story comes", other: "side stories come" },
  smallerGroupIsNotShown: { one: "smaller group is not shown", other: "smaller groups are not shown" },
  /** "it" or "them", for one thing or several. */
  it: { one: "it", other: "them" },
  itReveals: { one: "it reveals", other: "they reveal" },
  itStays: { one: "It stays", other: "They stay" },
} as const satisfies Record<string, Noun>;

/** What each kind of side story is called. */
export const sideStoryKindNouns: Record<SideStoryKind, Noun> = {
  side_volume: nouns.sideVolume,
  short_story: nouns.shortStory,
  store_bonus: nouns.storeBonus,
  if_route: nouns.ifRoute,
  game_story: nouns.gameStory,
};

/** The form of `noun` that goes with `count`: "chapter" for 1, "chapters" for 0 or 2. */
export function nounFor(count: number, noun: Noun) {
  return pluralRules.select(count) === "one" ? noun.one : noun.other;
}

/** "1 chapter", "1,204 chapters". */
export function countOf(count: number, noun: Noun) {
  return `${formatNumber(count)} ${nounFor(count, noun)}`;
}

const andList = new Intl.ListFormat("en-GB", { type: "conjunction" });

/** "A", "A and B", "A, B and C". */
export function listOf(items: readonly string[]) {
  return andList.format(items);
}

/**
 * Chapters' summed words, and how many chapters the sum lacks: "84,000 words (3 chapters without a word
 * count)", or "word count unknown" where no chapter has one (never "0 words").
 */
export function wordsOf({
  chapterCount,
  wordCount,
  withoutWordCount,
}: {
  chapterCount: number;
  wordCount: number;
  withoutWordCount: number;
}) {
  if (wordCountUnknown({ chapterCount, withoutWordCount })) return "word count unknown";
  const lacking = withoutWordCount ? ` (${countOf(withoutWordCount, nouns.chapter)} without a word count)` : "";
  return `${formatNumber(wordCount)} words${lacking}`;
}

/** Whether none of the chapters has a word count, so their sum says nothing. */
export const wordCountUnknown = ({
  chapterCount,
  withoutWordCount,
}: {
  chapterCount: number;
  withoutWordCount: number;
}) => chapterCount > 0 && withoutWordCount === chapterCount;

const ordinalRules = new Intl.PluralRules("en-GB", { type: "ordinal" });
const ordinalEndings: Partial<Record<Intl.LDMLPluralRule, string>> = { one: "st", two: "nd", few: "rd" };

/** A place in a row as a word says it: "1st", "2nd", "13th", "22nd". */
export function ordinal(place: number) {
  return `${place}${ordinalEndings[ordinalRules.select(place)] ?? "th"}`;
}

// Words that start with a vowel letter but a consonant sound, and the reverse.
const consonantSound = /^(?:one\b|once\b|uni|use|usu|uto|eu)/i;
const vowelSound = /^(?:hour|honou?r|honest|heir)/i;

/** The phrase with "a" or "an" in front, by the sound it starts with: "an arc", "a season", "an IF route". */
export function withArticle(phrase: string) {
  const startsWithVowelSound = vowelSound.test(phrase) || (/^[aeiou]/i.test(phrase) && !consonantSound.test(phrase));
  return `${startsWithVowelSound ? "an" : "a"} ${phrase}`;
}

export { beyondWhatYouKnow } from "./shield/words";
