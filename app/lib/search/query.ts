import { oneOf } from "../http/params";
/**
 * The longest word, in UTF-8 bytes, that a search keeps. D1 refuses a LIKE pattern over 50 bytes, and
 * a word is matched as `%word%`; FTS queries use the same words so both kinds of search agree.
 */
export const SEARCH_WORD_MAX_BYTES = 48;

const utf8 = new TextEncoder();

/** The word cut to SEARCH_WORD_MAX_BYTES, never inside a character, nor after a number's dot. */
function boundedWord(word: string) {
  if (utf8.encode(word).length <= SEARCH_WORD_MAX_BYTES) return word;
  let kept = "";
  let bytes = 0;
  for (const character of word) {
    bytes += utf8.encode(character).length;
    if (bytes > SEARCH_WORD_MAX_BYTES) break;
    kept += character;
  }
  return kept.replace(/\.$/, "");
}

/** An ISBN written with hyphens (978-4-04-000000-8, 0-8044-2957-X): ten or thirteen digits, the last maybe X. */
const HYPHENATED_ISBN = /(?<![\p{L}\p{N}-])\d(?:-?\d){8}(?:(?:-?\d){3})?-?[\dx](?![\p{L}\p{N}-])/giu;

/**
 * An ISBN as the search index holds it and finds it: one word of its digits. Split at its hyphens, its
 * parts would be numbers of their own, and every volume whose ISBN holds "-4-" (each of Japan's) would be
 * found by "volume 4".
 */
export const isbnAsWord = (isbn: string) => isbn.replace(/-/g, "").toLowerCase();

/** A number as search reads it: digits, or digits with dots between them, as a volume's label "7.5". */
const NUMBER = String.raw`\p{N}+(?:\.\p{N}+)*`;

/**
 * What parts words: anything but a letter or a digit, save a dot between two digits, so a number such as
 * a volume's "7.5" (decision 70) stays one word, that number, and is not "5.7" nor "5" (decision 80).
 */
const BETWEEN_WORDS = /(?:[^\p{L}\p{N}.]|(?<!\p{N})\.|\.(?!\p{N}))+/u;

/** A dot that is no number's, not between two digits: it parts words (BETWEEN_WORDS). */
const WORDS_DOT = /(?<!\p{N})\.|\.(?!\p{N})/gu;

/**
 * A text as the search index is to read it: its words as search reads them (wordsIn), a dot between two
 * digits inside a number ("Volume 7.5") and every other dot a space ("Vol. 2", "chapter 5."). The index
 * keeps a dot inside a word (migration 0067), so a number with a dot is one word there too, "7.5", which
 * "5" does not find; a dot that parts words must be gone from what it reads, or "5." would be a word "5"
 * does not find either.
 */
export const asSearchedText = (text: string) => text.replace(WORDS_DOT, " ");

/** A decimal digit of a script other than ASCII's: Arabic-Indic "٣", Devanagari "३", fullwidth "３" … */
const OTHER_DIGIT = /(?![0-9])\p{Nd}/gu;

/**
 * The digit `digit` is, 0 to 9. Unicode gives each script's digits ten code points of their own, 0 to 9
 * in order, and a run of such code points is whole sets of ten, so a digit's value is how far it is from
 * the start of its run, counted in tens.
 */
function digitValue(digit: string) {
  const at = digit.codePointAt(0)!;
  let start = at;
  while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start -= 1;
  return String((at - start) % 10);
}

/**
 * A text's words as search reads them, typed or indexed: normalized, every script's digits as ASCII digits
 * ("chapter ٣" is "chapter 3"; a Chinese numeral such as 三 is a letter, not a digit), lower-case, letters
 * and digits only and a number's dots (so no quote, operator or LIKE wildcard survives; the index holds
 * "7.5" as one word, as FTS5 reads a quoted "7.5": asSearchedText), an ISBN one word (isbnAsWord).
 */
function wordsIn(text: string) {
  return text
    .normalize("NFKC")
    .replace(OTHER_DIGIT, digitValue)
    .toLowerCase()
    .replace(HYPHENATED_ISBN, isbnAsWord)
    .split(BETWEEN_WORDS)
    .filter(Boolean);
}

/** An episode's number as its label writes it, or may be written: "7", "07", "13.5". */
const EPISODE_NUMBER = String.raw`\d{1,4}(?:\.\d+)?`;

/**
 * An episode's place as viewers write it in one word: "s1e7", "S01E07", "s1ep7", "1x07" (a season, then an
 * episode, which may be a label such as "13.5").
 */
const SEASON_AND_EPISODE = new RegExp(String.raw`^(?:s(\d{1,3})ep?|(\d{1,2})x)(${EPISODE_NUMBER})$`);

/** A season as viewers write it before its episode: "s1" in "s1 e7". */
const SEASON = /^s(\d{1,3})$/;

/** An episode as viewers write it in one word, a word for it glued before its number: "e7", "ep07", "episode7". */
const EPISODE = new RegExp(String.raw`^(e|ep|episode)(${EPISODE_NUMBER})$`);

/** A number alone, as an episode's after its word ("episode 07"). */
const EPISODE_NUMBER_ALONE = new RegExp(String.raw`^${EPISODE_NUMBER}$`);

/** A number as a place's label writes it, without the leading zeros of "S01E07" ("0" stays "0"). */
const withoutLeadingZeros = (number: string) => number.replace(/^0+(?=\d)/, "");

/**
 * The episode written at `at`, its number and how many words it takes: "e7", "ep07", or a word for it and
 * then its number ("ep 7", "e 7": a lone "e" only here, after a season, where it can mean nothing else).
 */
function episodeAt(words: string[], at: number): [number: string, taken: number] | null {
  const [, , glued] = EPISODE.exec(words[at] ?? "") ?? [];
  if (glued !== undefined) return [withoutLeadingZeros(glued), 1];
  const next = words[at + 1] ?? "";
  return ["e", "ep", "episode"].includes(words[at]!) && EPISODE_NUMBER_ALONE.test(next)
    ? [withoutLeadingZeros(next), 2]
    : null;
}

/** Whether a word is "season" or "episode", whole or its start ("ep", "seas"), as a number's place. */
const isSeasonOrEpisode = (word: string) =>
  word.length > 1 && ["season", "episode"].some((place) => place.startsWith(word));

/**
 * What the words from `at` read as, the places they name as their labels write them, and how many words
 * that takes. A season and then its episode, in one word ("s1e7", "1x07") or more ("s1 e7", "S1 E07",
 * "s1 ep 7"), is "season 1 episode 7", the words the site's label holds ("Season 1 · Episode 7"). An
 * episode's number has no leading zero in a label, so "episode 07" and "ep07" look for "7", and a lone
 * "e" glued to it is "episode" ("e07"), as in "s1e7". Any other word is itself.
 */
function placeAt(words: string[], at: number): [read: string[], taken: number] {
  const word = words[at]!;
  const [, season = undefined, crossedSeason = undefined, episode = undefined] = SEASON_AND_EPISODE.exec(word) ?? [];
  if (episode !== undefined)
    return [["season", withoutLeadingZeros((season ?? crossedSeason)!), "episode", withoutLeadingZeros(episode)], 1];
  const [, seasonAlone] = SEASON.exec(word) ?? [];
  const seasonsEpisode = seasonAlone === undefined ? null : episodeAt(words, at + 1);
  if (seasonAlone !== undefined && seasonsEpisode) {
    const [number, taken] = seasonsEpisode;
    return [["season", withoutLeadingZeros(seasonAlone), "episode", number], 1 + taken];
  }
  const [, glue, glued] = EPISODE.exec(word) ?? [];
  // "ep" stays as typed: the start of "Episode" in a name, and a text's own "ep 7".
  if (glue !== undefined && glued !== undefined)
    return [glue === "e" ? ["episode", withoutLeadingZeros(glued)] : [`${glue}${withoutLeadingZeros(glued)}`], 1];
  const next = words[at + 1];
  if (next !== undefined && isSeasonOrEpisode(word) && EPISODE_NUMBER_ALONE.test(next))
    return [[word, withoutLeadingZeros(next)], 2];
  return [[word], 1];
}

/** The words as the places they name (placeAt). */
function placeWords(words: string[]): string[] {
  const read: string[] = [];
  for (let at = 0; at < words.length;) {
    const [place, taken] = placeAt(words, at);
    read.push(...place);
    at += taken;
  }
  return read;
}

/**
 * The words of what a reader typed, as every search reads them (wordsIn), an episode as its season and its
 * episode (placeWords), each at most SEARCH_WORD_MAX_BYTES long, at most `maxWords` of them.
 */
export function searchWords(input: string, maxWords = 8): string[] {
  return placeWords(wordsIn(input)).slice(0, maxWords).map(boundedWord);
}

/** Scripts written without spaces between words (Chinese, Japanese), and Korean, whose words take endings. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The letters a word is paired by: each Chinese, Japanese or Korean letter alone, and each run of Latin
 * letters and digits as one, so a number ("7.5" too) or a name such as "EX2" inside a run stays whole.
 */
const PAIRED_LETTERS = /[\p{Script=Latin}\p{N}]+(?:\.\p{N}+)*|./gsu;

/**
 * The full-text index takes a run of letters as one word, so in "燃えない灯芯" (an original title) only
 * the start of the run could be found: "灯芯" found nothing. A word holding Chinese, Japanese or Korean
 * letters is therefore indexed a second time as its overlapping pairs of letters ("燃え えな ない い灯
 * 灯芯", and its last letter alone, "芯", so one letter typed finds it wherever it stands), and searched as
 * the pairs of what was typed, one after another: any part of the word finds it. A number or a run of
 * Latin letters is one letter of the pairs ("ランタンフォール12" ends "ール ル12"), so "ランタンフォール1"
 * is not found in it; only pairs holding a Chinese, Japanese or Korean letter count, so "12" is no word of
 * its own, which "episode 12" would find. Both sides cut words as `searchWords` does, and pair katakana as
 * hiragana (asHiragana): "ぱっく" finds "パック", and one letter typed, "ぱ", finds it too.
 */
function pairsOf(word: string) {
  const letters = asHiragana(word).match(PAIRED_LETTERS) ?? [];
  return letters
    .slice(1)
    .map((letter, at) => `${letters[at]}${letter}`)
    .filter((pair) => UNSPACED.test(pair));
}

/** Katakana with a hiragana of its own (ァ to ヶ), which is 0x60 before it. */
const KATAKANA_WITH_HIRAGANA = /[\u30a1-\u30f6]/gu;

/**
 * A word's katakana as hiragana ("パック" is "ぱっく"), where the pairs are made: a reader may type a name
 * in either, and a Japanese text may write one word in either, so the pairs of both are one. The word
 * itself, the index's and the typed one, keeps its letters as written.
 */
const asHiragana = (word: string) =>
  word.replace(KATAKANA_WITH_HIRAGANA, (letter) => String.fromCharCode(letter.charCodeAt(0) - 0x60));

/**
 * What an entry's text adds to the index for its Chinese, Japanese and Korean words (see pairsOf): the
 * pairs of each such word and its last letter, space-separated; empty when it has none. Kept in a column
 * of its own, or after the entry's other names, never shown.
 */
export function unspacedPairs(...texts: string[]) {
  return texts
    .flatMap(wordsIn)
    .filter((word) => UNSPACED.test(word))
    .flatMap((word) => {
      const last = asHiragana([...word].at(-1)!);
      return UNSPACED.test(last) ? [...pairsOf(word), last] : pairsOf(word);
    })
    .join(" ");
}

/**
 * One word as an FTS5 term: a prefix ("ash" finds "Ashford"), unless it ends in a number, which is meant
 * whole: "episode 8" finds episode 8 and not 80 to 89, "ランタンフォール1" volume 1 and not 10. A Chinese,
 * Japanese or Korean word of two letters or more also as its pairs, one after another (unspacedPairs),
 * so it is found inside a longer run; the last pair a prefix likewise, so "マークE" finds "…マークEX2".
 * Latin letters and a number written together are also their two words ("vol4": partsAtNumber).
 */
export function ftsTerm(word: string): string {
  const pairs = pairsOf(word);
  if (pairs.length) return `(${ftsString(word)} OR ${ftsString(pairs.join(" "))})`;
  const parts = partsAtNumber(word);
  return parts ? `(${ftsString(word)} OR (${parts.map(ftsTerm).join(" AND ")}))` : ftsString(word);
}

/** Words as one FTS5 string, its last a prefix unless it is a number, which is meant whole (ftsTerm). */
const ftsString = (words: string) => `"${words}"${/\p{N}$/u.test(words) ? "" : "*"}`;

/** Latin letters and a number written together, either first (partsAtNumber). */
const LETTERS_AND_NUMBER = new RegExp(
  String.raw`^(?:(\p{Script=Latin}{2,})(${NUMBER})|(${NUMBER})(\p{Script=Latin}+))$`,
  "u",
);

/**
 * Latin letters and a number written together ("vol4", "ch45", "lanternfall10", "123a"), as readers type
 * a label without its space: its two parts, each a word of its own, so the word is found either whole or
 * as the two words the index holds ("Volume 4", "Chapter 45", "Lanternfall 10", "123-A"). One letter
 * before a number ("s2") stays one word: a lone letter would find nearly everything.
 */
function partsAtNumber(word: string): [string, string] | null {
  const [, letters, number, leadingNumber, trailingLetters] = LETTERS_AND_NUMBER.exec(word) ?? [];
  if (letters && number) return [letters, number];
  if (leadingNumber && trailingLetters) return [leadingNumber, trailingLetters];
  return null;
}

/**
 * Turns what a reader typed into an FTS5 query: every word must match (`AND`: FTS5 takes words side by
 * side as all of them only when none is in brackets), each as a prefix, so "ash ward" finds "The Ash
 * Warden" (see ftsTerm). Quotes and operators are treated as plain text, so no input can break the
 * query. Returns null when nothing searchable is left.
 */
export function toFtsQuery(input: string, maxTerms = 8): string | null {
  const terms = searchWords(input, maxTerms).map(ftsTerm);
  return terms.length ? terms.join(" AND ") : null;
}

/** A number, meant whole ("4", "7.5"). */
const WHOLE_NUMBER = new RegExp(String.raw`^${NUMBER}$`, "u");

/**
 * The words the site's places put before their number ("Arc 3", "Chapter 14", "Volume 7.5", "Season 2",
 * "Part 1", "Episode 8", "Break Time 4", "Manga 1"). Not "Interlude": "in 3" would be one.
 */
const NUMBERED_PLACES = ["arc", "chapter", "volume", "season", "part", "episode", "time", "manga"];

/** Whether a word typed before a number is such a place, whole or its start ("vol", "ep", "ch"). */
const isNumberedPlace = (word: string | undefined) =>
  !!word && word.length > 1 && NUMBERED_PLACES.some((place) => place.startsWith(word));

/**
 * The words as a text holds them (toFtsQuery), a place's number side by side with the place typed before
 * it, as a text names a place: "vol 4" and "vol4" as "vol… 4", "arc 1 chapter 2" as "arc… 1" and
 * "chapter… 2", so a number elsewhere in the text, another place's, does not count. Search reads an
 * entry's text so (toHitFtsQuery), and the light novel mistakes search its entries' lines and explanations
 * ("see vol 3" for "vol 3", not "3 of the 12 volumes").
 */
export function toTextFtsQuery(input: string, maxTerms = 8): string | null {
  const terms: string[] = [];
  searchWords(input, maxTerms).forEach((word, at, words) => {
    const [place, number] = partsAtNumber(word) ?? [];
    if (WHOLE_NUMBER.test(word) && isNumberedPlace(words[at - 1])) terms.push(`${terms.pop()} + ${ftsString(word)}`);
    else if (place && number && WHOLE_NUMBER.test(number) && isNumberedPlace(place))
      terms.push(`(${ftsString(word)} OR ${ftsString(place)} + ${ftsString(number)})`);
    else terms.push(ftsTerm(word));
  });
  return terms.length ? terms.join(" AND ") : null;
}

/**
 * What a search finds: entries whose names (title and aliases, where a unit's place is: "Lanternfall 6 ·
 * Volume 6") hold every word, each anywhere, so "arc 1 chapter 2" finds arc 2's chapter 1 too; and
 * entries holding the words only with their text, a place's number beside the place (toTextFtsQuery).
 * A number elsewhere in a text is another place's: "vol4" does not find volume 6 for its "Volume 6" and
 * its text's "Chapter 4", nor "ep3" a volume for its "Epilogue" and "Chapter 3". Other words and a number
 * stay apart: "cinder academy 3" finds the chapters of arc 3, whose text is the arc's name.
 */
export function toHitFtsQuery(input: string): string | null {
  const names = toNameFtsQuery(input);
  const text = toTextFtsQuery(input);
  return names && text ? `${names} OR (${text})` : null;
}

/**
 * The same words as whole words only, not prefixes nor parts ("ランタンフォールEX" is not "ランタンフォールEX2"):
 * hits holding them so rank first among hits alike (`rankedHits`).
 */
export function toWholeWordFtsQuery(input: string, maxTerms = 8): string | null {
  const terms = searchWords(input, maxTerms).map((word) => {
    const parts = partsAtNumber(word);
    return parts ? `("${word}" OR ("${parts.join('" AND "')}"))` : `"${word}"`;
  });
  return terms.length ? terms.join(" AND ") : null;
}

/**
 * The words as one phrase, in the order typed and side by side ("arc 1 chapter 1"; "arc1 ch1" as "arc 1
 * ch 1"), a place before its number by its start too ("ep3" as "Episode 3", isNumberedPlace): hits holding
 * them so rank first among hits alike, so "Arc 1 · Chapter 1" comes before "Arc 2 · Chapter 1", and
 * "Season 2 · Episode 1" before "Season 1 · Episode 2" for "ep1" (`rankedHits`).
 */
export function toPhraseFtsQuery(input: string, maxTerms = 8): string | null {
  const words = searchWords(input, maxTerms).flatMap((word) => partsAtNumber(word) ?? [word]);
  const phrase = words.map((word, at) =>
    isNumberedPlace(word) && WHOLE_NUMBER.test(words[at + 1] ?? "") ? `"${word}"*` : `"${word}"`,
  );
  return phrase.length ? phrase.join(" + ") : null;
}

/** Whether a text holds Chinese, Japanese or Korean letters: a search in them is shown hits' original titles. */
export const holdsUnspaced = (text: string) => UNSPACED.test(text);

/** The query string as the page keeps it: trimmed and at most 100 characters. */
export function cleanQuery(input: string | null) {
  return (input ?? "").trim().slice(0, 100);
}

/**
 * The same words, matched only against names and aliases (the FTS `title` and `aliases` columns):
 * a character found this way ranks above everything else.
 */
export function toNameFtsQuery(input: string): string | null {
  const fts = toFtsQuery(input);
  return fts ? `{title aliases}: (${fts})` : null;
}

/** The same words, matched only against titles (the FTS `title` column): such hits rank next. */
export function toTitleFtsQuery(input: string): string | null {
  const fts = toFtsQuery(input);
  return fts ? `{title}: (${fts})` : null;
}

/** What each kind of search result is called on the page, in the order the filter chips show them. */
export const searchKindLabels = {
  character: "Character",
  arc: "Web novel arc",
  chapter: "Chapter",
  volume: "Light novel",
  side_story: "Side story",
  season: "Anime season",
  episode: "Anime episode",
  break_time: "Break Time",
  anime_special: "OVA, special or film",
  manga_series: "Manga series",
  manga_chapter: "Manga chapter",
  translation_note: "Translation note",
} as const;

export type SearchKind = keyof typeof searchKindLabels;

export const searchKinds = Object.keys(searchKindLabels) as SearchKind[];

/** A kind from the URL; anything else is ignored (null: every kind), as the other pages ignore unknown filters. */
export function parseSearchKind(value: string | null | undefined): SearchKind | null {
  return oneOf(searchKinds, value);
}

/** Plural names for the filter chips. */
export const searchKindPlurals: Record<SearchKind, string> = {
  character: "Characters",
  arc: "Web novel arcs",
  chapter: "Chapters",
  volume: "Light novels",
  side_story: "Side stories",
  season: "Anime seasons",
  episode: "Anime episodes",
  break_time: "Break Time",
  anime_special: "OVAs, specials and films",
  manga_series: "Manga series",
  manga_chapter: "Manga chapters",
  translation_note: "Translation notes",
};
