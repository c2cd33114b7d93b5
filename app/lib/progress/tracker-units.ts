import { hasCome } from "../content/dates";
import { arcChapterName, episodeName, labelWithTitle, titleAfterLabel } from "../content/labels";
import { isRecutEpisodeKey, type Medium, mediumOf, parseUnitKey } from "../content/units";
import { type Knowledge, knows } from "../shield/knowledge";
import { mangaSeriesOf, recutOf } from "./record";
import type { Gated } from "../shield/gated";
import type { SideStoryKind } from "../vocabulary";
import { ordinal, sideStoryKindNouns } from "../words";

/* The units the reading tracker offers, and how its pickers group and name them. */

/** A unit the reading tracker offers; the tracker gets them all in story order. */
export interface TrackerUnit {
  key: string;
  medium: Medium;
  position: number;
  label: string;
  /**
   * The title, gated where it spoils (its content left out of responses for readers who do not know it);
   * empty and public for a unit without a title (an episode, short, OVA or volume announced by number), named by its place.
   */
  title: Gated<string>;
  /** The arc, collection or season it is listed under. */
  group: string;
  /** The light novel collection's code; null outside the light novels. */
  collection: string | null;
  /**
   * A light novel volume of side stories (a side volume, a short story collection): read on its own, as
   * its stories are, so reading it says nothing of the main story before where it fits. Absent elsewhere.
   */
  sideVolume?: boolean;
  /** A web novel entry's number on the serial site, which trackers count by; absent where not known. */
  serialNumber?: number;
  /** A season's episode that adapts nothing of the web novel or side stories (a recap, a filler episode). */
  animeOriginal?: boolean;
  /** A manga chapter's number as its series gives it ("7", "6.5"), which trackers count by; absent elsewhere. */
  mangaNumber?: string;
  /** The manga volume a chapter is in; absent elsewhere. */
  mangaVolume?: number;
  /**
   * The units that cover this unit's place in the story: itself, the web novel chapter it reaches, and
   * every unit of another medium that covers that chapter (the pack's cross-media map).
   */
  coveredBy: readonly string[];
  /**
   * When it first came out (or comes out): a chapter published, a volume's original edition on sale (a
   * reader can get the book in its own language), an episode, short or special aired; a day, a month, a
   * quarter or a year (app/lib/content/dates.ts). Absent where not known: such a unit counts as out.
   */
  released?: string;
}

/**
 * Whether a unit is out by `today` (YYYY-MM-DD, `releaseDay`): its first release has come (`hasCome`: a
 * month, a quarter or a year once it is over), or its date is not known. The tracker offers nothing not
 * out yet to read or watch (decision 77); the date comes with the unit and is compared where it is shown,
 * so a cached timeline never keeps a unit back once it is out.
 */
export function isOut(unit: { released?: string | null }, today: string) {
  return !unit.released || hasCome(unit.released, today);
}

/** Looks up units' positions on the timeline by key. */
export function positionsOf(units: readonly TrackerUnit[]) {
  const positions = new Map(units.map((unit) => [unit.key, unit.position]));
  return (unitKey: string) => positions.get(unitKey);
}

/**
 * The tracker's units per medium, each list in story order; the anime's are the seasons' own episodes,
 * a recut's episodes being on a line of their own (`animeRecuts`).
 */
export function unitsByMedium(units: readonly TrackerUnit[]) {
  const groups: Record<Medium, TrackerUnit[]> = {
    web_novel: [],
    light_novels: [],
    side_stories: [],
    anime: [],
    break_time: [],
    anime_specials: [],
    manga: [],
  };
  for (const unit of units) if (!isRecutEpisodeKey(unit.key)) groups[unit.medium].push(unit);
  return groups;
}

/**
 * An arc's or season's name with its title, without saying the same thing twice: "Arc 3" and
 * "Cinder Academy" read "Arc 3: Cinder Academy"; "Season 2" and "Lanternfall Season 2: Cinder Academy"
 * read the title alone.
 */
export function groupName(name: string, title: string) {
  return labelWithTitle(name, title);
}

/**
 * A season's group for the episodes of one of its parts, so the tracker's first picker offers each
 * part apart ("Season 2: Cinder Academy · Part 1"); a season without parts is one group.
 */
export function inPart(season: string, part: number | null) {
  return part === null ? season : `${season} · Part ${part}`;
}

/** A side story's group on the tracker: its kind ("Short stories", "IF routes"), which is how readers look for one. */
export function sideStoryGroup(kind: SideStoryKind) {
  const name = sideStoryKindNouns[kind].other;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** The arcs (or seasons, or their parts) of one medium's units, in story order, each with its units. */
export function unitGroups(units: readonly TrackerUnit[]) {
  const groups = new Map<string, TrackerUnit[]>();
  for (const unit of units) {
    const list = groups.get(unit.group);
    if (list) list.push(unit);
    else groups.set(unit.group, [unit]);
  }
  return [...groups].map(([name, list]) => ({ name, units: list }));
}

/** A unit's name within its arc, collection or season: "Chapter 14", "Prologue", "Volume 3", "Volume 7.5", "Episode 5". */
export function unitName(unit: TrackerUnit) {
  const parts = parseUnitKey(unit.key);
  if (parts?.medium === "light_novels") {
    // The number the volume goes by, as its name says it after its collection's: "Lanternfall 7.5" is "Volume 7.5".
    const group = `${unit.group} `;
    return `Volume ${unit.label.startsWith(group) ? unit.label.slice(group.length) : parts.volume}`;
  }
  const within = unit.label.indexOf(" · ");
  return within === -1 ? unit.label : unit.label.slice(within + " · ".length);
}

/**
 * A unit's title without its own label or its group's name in front ("Lanternfall 1: The Unburnt Wick"
 * → "The Unburnt Wick"); "" where the response left the title out.
 */
export function bareTitle(unit: TrackerUnit) {
  const title = unit.title.content ?? "";
  for (const prefix of [unit.label, unit.group]) {
    if (title.startsWith(`${prefix}: `)) return title.slice(prefix.length + 2);
  }
  return title;
}

/**
 * How the tracker's pickers name a unit within its group: "Chapter 14 · The Ash Warden", "Episode 13
 * (anime-original) · Lowwick Between the Lamps", or
 * "Chapter 14" alone when the title may not be shown (the shield's rule decides), was left out of the
 * response, or adds nothing.
 * With `withGroup`, the arc or season comes first, for lists that mix groups ("Arc 3 · Chapter 14 · …");
 * with `withPlace`, a season's episode says its place too ("Season 1 · Episode 12.5, the season's 13th"),
 * and a web novel entry its number on the serial site ("Arc 2 · Chapter 24, no. 57 on the serial site").
 */
export function pickerLabel(unit: TrackerUnit, titleShown: boolean, { withGroup = false, withPlace = false } = {}) {
  const place = withPlace ? seasonPlace(unit) : null;
  const serial = withPlace && unit.serialNumber !== undefined ? `, no. ${unit.serialNumber} on the serial site` : "";
  // That an episode is anime-original is public, as /anime says it to everyone.
  const original = unit.animeOriginal ? " (anime-original)" : "";
  const name = `${withGroup ? unit.label : unitName(unit)}${original}${place === null ? "" : `, the season's ${ordinal(place)}`}${serial}`;
  const title = titleShown ? (titleAfterLabel(unitName(unit), bareTitle(unit)) ?? bareTitle(unit)) : "";
  return title ? `${name} · ${title}` : name;
}

/**
 * A season's episode's place in its season (the number in its key), where its name does not say it
 * already ("Episode 3" is the season's 3rd); null for any other unit, a recut's episode among them.
 */
function seasonPlace(unit: TrackerUnit) {
  const place = seasonEpisodeOf(unit)?.episode ?? null;
  return place === null || unitName(unit) === episodeName({ number: place }) ? null : place;
}

/** The short forms readers type before a number ("ch 12", "ep.3", "vol 2"), as the labels write them. */
const shortForms: Record<string, string> = {
  ch: "chapter",
  chap: "chapter",
  ep: "episode",
  e: "episode",
  vol: "volume",
};

/**
 * A label, or the words typed, as they are matched: full-width forms as plain ones, lower case, short
 * forms in full ("e4" for "episode 4"; a season's episode as "S1E4", "1x4" or "1×4" too), "·", commas, brackets, a dash between spaces and
 * runs of spaces as one space, no end stop, no leading zero ("01"), and a number's letter or a code's number
 * without the dash between them, as readers type them ("123a" for "123-A", "ex2" for "EX-2"). With
 * `letterAfterSpace`, a letter the words end with after a number and a space is read as the number's
 * ("123 a"); `labelsFound` tries the words so first, then as they are ("arc 2 c" is on its way to "arc 2
 * chapter").
 */
const asTyped = (text: string, { letterAfterSpace = false } = {}) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .trim()
    .replace(letterAfterSpace ? /(\p{N})(?:-| (?=\p{L}$))?(\p{L})(?!\p{L})/gu : /(\p{N})-?(\p{L})(?!\p{L})/gu, "$1$2")
    .replace(/(\p{L})-(?=\p{N})/gu, "$1")
    .replace(/(?<![\p{L}\p{N}.])(\p{N}+)[x×](?=\p{N})/gu, "season $1 episode ")
    .replace(/\bs(?:eason)?\s*(\p{N}+)\s*[-.]?\s*(?:episode|ep|e)\.?\s*(?=\p{N})/gu, "season $1 episode ")
    .replace(/\b(ch|chap|ep|e|vol)\.?\s*(?=\p{N})/gu, (_, short: string) => `${shortForms[short]} `)
    .replace(/\s[-–—]\s|[\s·,;:()]+/g, " ")
    .trim()
    .replace(/\.$/, "")
    .replace(/(^|[^\p{N}.])0+(?=\p{N})/gu, "$1");

/**
 * Where `words` stand whole in `text`, from `from` on (-1 where they do not): not inside a word, nor the
 * start or the end of a number ("chapter 1" in "chapter 12", "1-3" or "1-A"; "5" in "2.5").
 */
function wholeAt(text: string, words: string, from = 0) {
  for (let at = text.indexOf(words, from); at >= 0; at = text.indexOf(words, at + 1)) {
    const before = text.slice(0, at);
    const after = text.slice(at + words.length);
    if (!/([\p{L}\p{N}]|\p{N}[-.])$/u.test(before) && !/^[-.]?[\p{L}\p{N}]/u.test(after)) return at;
  }
  return -1;
}

const standsWhole = (text: string, words: string) => wholeAt(text, words) >= 0;

/** Whether each of the words stands whole in `text`, in their order, with others between ("arc 2 19"). */
function eachWholeInOrder(text: string, words: readonly string[]) {
  let from = 0;
  for (const word of words) {
    const at = wholeAt(text, word, from);
    if (at < 0) return false;
    from = at + word.length;
  }
  return true;
}

/**
 * The labels that typed words find (their indices): those in which the words stand whole when there are
 * any, else every label that holds them. "Arc 2 chapter 1" finds "Arc 2 · Chapter 1 · Cinders" alone, not
 * chapters 10 to 19. Where no label holds them as typed, those in which each word stands whole in its
 * order: "arc 2 19" finds "Arc 2 · Chapter 19".
 */
export function labelsFound(labels: readonly string[], typed: string): number[] {
  const asNumbersLetter = asTyped(typed, { letterAfterSpace: true });
  const found = foundBy(labels, asNumbersLetter);
  const asWritten = asTyped(typed);
  return found.length || asWritten === asNumbersLetter ? found : foundBy(labels, asWritten);
}

/**
 * Whether `text` holds `words` with their numbers whole at either end: a number the words start or end
 * with is not the end or the start of another ("0" is not the 0 of 10, "12" not the start of 12.5 or
 * 123), while a word they end with may be on its way ("arc 2 c" is held by "arc 2 chapter 1").
 */
function holdsWithWholeNumbers(text: string, words: string) {
  for (let at = text.indexOf(words); at >= 0; at = text.indexOf(words, at + 1)) {
    const numberBefore = /^\p{N}/u.test(words) && /\p{N}[-.]?$/u.test(text.slice(0, at));
    const numberAfter = /\p{N}$/u.test(words) && /^[-.]?\p{N}/u.test(text.slice(at + words.length));
    if (!numberBefore && !numberAfter) return true;
  }
  return false;
}

function foundBy(labels: readonly string[], words: string): number[] {
  if (!words) return [];
  const holding = labels.flatMap((label, index) => (holdsWithWholeNumbers(asTyped(label), words) ? [index] : []));
  if (!holding.length && words.includes(" ")) {
    const each = words.split(" ");
    return labels.flatMap((label, index) => (eachWholeInOrder(asTyped(label), each) ? [index] : []));
  }
  // Whole numbers only: a letter alone ("a") would otherwise find only the "-A" chapters.
  const whole = /\p{N}/u.test(words) ? holding.filter((index) => standsWhole(asTyped(labels[index]!), words)) : [];
  return whole.length ? whole : holding;
}

/**
 * A unit the finder's words find: its index, and whether by a number other than its name (its place in
 * its season, or its number on the serial site).
 */
export interface UnitFound {
  index: number;
  byPlace: boolean;
  /** What the words were read as, where the finder took them as other words ("2-3": "season 2, episode 3"). */
  readAs?: string;
}

/**
 * The units typed words find, `labels` being the units' as the finder lists them (`units[i]` is named
 * `labels[i]`): those whose labels hold the words (`labelsFound`) and, where the words are an episode's
 * number ("13", "episode 13", "e13", with a season: "s1e13", "S01E13", "1x13", "1×13", "season 1 episode 13"), each
 * season's episode in that place that the series names otherwise. Streaming services often number
 * episodes by place, so "13" may mean Season 2 · Episode 13 or season 1's thirteenth, its recap named
 * "12.5": both are found, and the finder leaves the choice to the reader. Where a season has an episode
 * named 13 and another in place 13, the name wins: it comes first, with the place offered beside it.
 * Those in the group shown above (`near`) come first of all: a viewer looking at season 1 who types "13"
 * most likely means season 1's.
 * Likewise a web novel entry's number on the serial site ("57", "chapter 57", "#57"), which reading
 * trackers count by: the entry so numbered is found beside those named so, unless it is one of them.
 * A web novel chapter is found by its name with its arc's number too ("3-12", "7-19-A": `arcChapterName`,
 * the name search finds it by), as by its label. Among a season's episodes, two numbers with a dash that
 * name nothing ("2-3") are read as a season and its episode, and that episode offered, never set: "2-3"
 * is also how a viewer writes episodes 2 to 3 (decision 81).
 */
export function unitsFound(
  units: readonly TrackerUnit[],
  labels: readonly string[],
  typed: string,
  near: string,
): UnitFound[] {
  const holding = labelsFound(labels, typed);
  // A chapter is also found by its name with its arc's number ("3-12", "7-19-A"), as search finds it.
  const byArcNumber = labelsFound(units.map(arcNumberedName), typed).filter((index) => !holding.includes(index));
  const named = new Set([...holding, ...byArcNumber]);
  const words = asTyped(typed);
  const seasonDashEpisode = /^(\d+)-(\d+(?:\.\d+)?)$/.exec(words);
  if (seasonDashEpisode && !named.size && units.some((unit) => seasonEpisodeOf(unit) !== null)) {
    const [, season, episode] = seasonDashEpisode;
    return unitsFound(units, labels, `season ${season} episode ${episode}`, near).map(({ index }) => ({
      index,
      byPlace: true,
      readAs: `season ${season}, episode ${episode}`,
    }));
  }
  // Those whose own name holds the words come before those only their arc's or season's name does: "5"
  // is more likely chapter 5 of some arc than a chapter of arc 5.
  const ownName = (index: number) => standsWhole(asTyped(unitName(units[index]!)), words);
  const byName = [...holding.filter(ownName), ...byArcNumber, ...holding.filter((index) => !ownName(index))];
  const episode = /^(?:season (\d+) )?(?:episode )?(\d+)$/.exec(asTyped(typed));
  const season = episode?.[1] === undefined ? null : Number(episode[1]);
  const byPlace = episode
    ? units.flatMap((unit, index) => {
        const parts = seasonEpisodeOf(unit);
        return parts &&
          parts.episode === Number(episode[2]) &&
          (season === null || parts.season === season) &&
          unitName(unit) !== episodeName({ number: parts.episode }) &&
          !named.has(index)
          ? [index]
          : [];
      })
    : [];
  const serial = /^(?:chapter |#)?(\d+)$/.exec(asTyped(typed));
  const bySerial = serial
    ? units.flatMap((unit, index) =>
        unit.medium === "web_novel" && unit.serialNumber === Number(serial[1]) && !named.has(index) ? [index] : [],
      )
    : [];
  const found = [
    ...byName.map((index) => ({ index, byPlace: false })),
    ...[...byPlace, ...bySerial].map((index) => ({ index, byPlace: true })),
  ];
  return [
    ...found.filter((unit) => units[unit.index]?.group === near),
    ...found.filter((unit) => units[unit.index]?.group !== near),
  ];
}

/**
 * The unit a number typed alone names in the group shown above (`near`): the one whose own name is that
 * number ("12": Chapter 12 of the arc the pickers show, as the chapter picker beside the box lists it),
 * which Enter sets rather than offer it among every arc's chapter 12. None where no group is shown, the
 * words are more than a number, or the group has no unit so named (an episode only in that place, a
 * chapter only so numbered on the serial site: those stay offered, never set).
 */
export function numberedInGroup(units: readonly TrackerUnit[], typed: string, near: string) {
  const number = /^\d+(?:\.\d+)?$/.exec(asTyped(typed))?.[0];
  if (!near || number === undefined) return undefined;
  const named = units.filter(
    (unit) => unit.group === near && /^\p{L}+ (\d+(?:\.\d+)?)$/u.exec(unitName(unit))?.[1] === String(Number(number)),
  );
  return named.length === 1 ? named[0] : undefined;
}

/** A web novel chapter's name with its arc's number, "Chapter 3-12" (`arcChapterName`); "" for any other unit. */
function arcNumberedName(unit: TrackerUnit) {
  const arc = parseUnitKey(unit.key, "web_novel")?.arc;
  return (arc !== undefined && arcChapterName(arc, unit.label)) || "";
}

/** A season's episode's key parts; null for any other unit, a recut's episode among them. */
function seasonEpisodeOf(unit: TrackerUnit) {
  const parts = parseUnitKey(unit.key, "anime");
  return parts && parts.recut === undefined ? parts : null;
}

/** The light novel collections, in the order their first volumes come in the story, each with its volumes. */
export function lightNovelCollections(units: readonly TrackerUnit[]) {
  const volumes = new Map<string, TrackerUnit[]>();
  for (const unit of units) {
    if (unit.medium !== "light_novels" || !unit.collection) continue;
    const list = volumes.get(unit.collection);
    if (list) list.push(unit);
    else volumes.set(unit.collection, [unit]);
  }
  return [...volumes].map(([code, list]) => ({ code, name: list[0]?.group ?? code, volumes: list }));
}

/** The recuts of seasons ("1r1"), in the order their first episodes come in the story, each with its episodes. */
export function animeRecuts(units: readonly TrackerUnit[]) {
  const recuts = new Map<string, TrackerUnit[]>();
  for (const unit of units) {
    const recut = recutOf(unit.key);
    if (recut === null) continue;
    const list = recuts.get(recut);
    if (list) list.push(unit);
    else recuts.set(recut, [unit]);
  }
  return [...recuts].map(([id, episodes]) => ({ id, name: episodes[0]?.group ?? id, episodes }));
}

/** The manga's series ("wick"), in the order their first chapters come in the story, each with its chapters in its own order. */
export function mangaSeries(units: readonly TrackerUnit[]) {
  const series = new Map<string, TrackerUnit[]>();
  for (const unit of units) {
    const code = mangaSeriesOf(unit.key);
    if (code === null) continue;
    const list = series.get(code);
    if (list) list.push(unit);
    else series.set(code, [unit]);
  }
  const place = (unit: TrackerUnit) => parseUnitKey(unit.key, "manga")?.chapter ?? 0;
  return [...series].map(([code, chapters]) => ({
    code,
    name: chapters[0]?.group ?? code,
    chapters: [...chapters].sort((a, b) => place(a) - place(b)),
  }));
}

/** How a reader has a unit they have not ticked (`knownThrough`). */
export interface KnownThrough {
  /** What the tracker says of it: "Watched with its episode", "Told in what you have watched". */
  reason: string;
  /**
   * Whether that consumed the unit itself, so it counts as read (or watched): a short aired with an
   * episode the reader watched, a side story printed in a book they read. Another medium's telling of a
   * story (a manga chapter, an episode, a film) makes it known, not read, as an anime viewer knows the
   * chapters the episodes adapt without having read them.
   */
  consumed: boolean;
}

/**
 * Why a reader has a unit without its tick: a short aired with an episode they watched; a side story
 * printed in a book they read, or told by a manga chapter they read or an episode or film they watched
 * (where several do, what consumed it first). Null otherwise.
 * (Reading a story says nothing of the film that tells it: an OVA, special or film counts only ticked.)
 */
export function knownThrough(unit: TrackerUnit, knowledge: Knowledge): KnownThrough | null {
  const ways = toldBy[unit.medium];
  if (!ways) return null;
  let told: KnownThrough | null = null;
  for (const key of unit.coveredBy) {
    const medium = key === unit.key ? null : mediumOf(key);
    // What covers the same place in the story (a web novel chapter) is not what tells the unit itself.
    const way = medium ? ways[medium] : undefined;
    if (!way || (told && !way.consumed) || !knows(knowledge, [key])) continue;
    if (way.consumed) return way;
    told = way;
  }
  return told;
}

/** For each medium that can be had through another: the media that tell its units, what that says, and whether it consumes them. */
const toldBy: Partial<Record<Medium, Partial<Record<Medium, KnownThrough>>>> = {
  break_time: { anime: { reason: "Watched with its episode", consumed: true } },
  side_stories: {
    light_novels: { reason: "Printed in a book you have read", consumed: true },
    manga: { reason: "Told in the manga you have read", consumed: false },
    anime: { reason: "Told in what you have watched", consumed: false },
    anime_specials: { reason: "Told in what you have watched", consumed: false },
  },
};
