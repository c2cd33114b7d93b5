import { mediumAndPlace, placeWithinMedium, titleBesideLabel } from "../content/labels";
import { formatOriginalLanguage } from "../format";
import { type Medium, unitMediumLabels, unitPath } from "../content/units";
import type { Gated } from "../shield/gated";
import { REVEAL_PARAMETER, type TitlesChoice, UNREACHED_TITLES } from "../shield/knowledge";

/**
 * A light novel volume comes out twice: in the series' original language ("jp", named for a Japanese series),
 * then (perhaps) in English; a manga volume's English edition is "en" beside its original release (no edition).
 */
export type Edition = "jp" | "en";

/**
 * One release of any medium: a chapter published, a volume on sale, an episode or a Break Time short
 * aired, a side story out. Its title is gated as every unit's title is (`titleRevealers`: a flagged title
 * by what reveals it, any other until the reader reaches the unit or chooses to see titles of what they
 * have not reached). Its label, the unit's place, always shows ("Arc 5 · Chapter 12"), so a withheld
 * title still says what came out.
 */
export interface Release {
  key: string;
  medium: Medium;
  edition: Edition | null;
  /**
   * A manga volume's number where the release is one (its chapters bound in a book, released apart from
   * them); null for a unit. A volume goes by its first chapter's key, so its place and link are that chapter's.
   */
  volume: number | null;
  label: string;
  title: Gated<string>;
  releasedOn: string;
}

/**
 * What tells one release from every other: its unit, and which release of it (a light novel volume's
 * edition, a manga volume beside its first chapter); an id for feeds, calendars and lists.
 */
export function releaseId({ key, edition, volume }: Pick<Release, "key" | "edition" | "volume">) {
  return `${key}/${edition ?? (volume === null ? "first" : "volume")}`;
}

/** Where the site shows a release: its unit's place on its medium's page. */
export function releasePath(release: Pick<Release, "key">) {
  return unitPath(release.key);
}

/** Today's date as releases are dated (YYYY-MM-DD, UTC): released on it counts as out. */
export function releaseDay(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/** The Atom feed of one medium's releases, or of every medium's. */
export function releaseFeedPath(medium: Medium | null) {
  return medium ? `/releases/${medium}/feed.xml` : "/releases/feed.xml";
}

/** The iCalendar feed of light novel, manga and anime release dates. */
export const RELEASE_CALENDAR_PATH = "/releases/calendar.ics";

/**
 * A feed's or the calendar's address for a reader with this choice of titles: one who shows titles of
 * what they have not reached subscribes to an address that says so, since a feed cannot ask them.
 */
export function feedAddress(path: string, unreachedTitles: TitlesChoice) {
  return unreachedTitles === "show" ? `${path}?${REVEAL_PARAMETER}=${UNREACHED_TITLES}` : path;
}

/**
 * What a release is called where it cannot ask the reader (a feed, a calendar): its title beside its
 * label where the title is in the answer, else its place alone ("Arc 5 · Chapter 12"; a side story's
 * without the kind the feed's entry says first), as for a release whose title only says its label again
 * (one without a title of its own, named by its label).
 */
export function releaseName(release: Pick<Release, "label" | "title" | "medium" | "edition" | "volume">) {
  const named = releaseTitle(release);
  if (named === null) return releasePlace(release);
  return named.label ? `${named.title} (${named.label})` : named.title;
}

/**
 * A release's title where it says more than its label, with the label to show beside it (`titleBesideLabel`);
 * null where the answer left it out, or it only says the label again.
 */
export function releaseTitle({ label, title }: Pick<Release, "label" | "title">) {
  if (title.content === null) return null;
  const named = titleBesideLabel(label, title.content);
  return named.title === label ? null : named;
}

/**
 * A release's place beside the badge that says its kind: its label without the kind in front, which
 * the badge already says ("Author's blog" under "Side story", where the label is "Side story · Author's blog").
 */
export const releasePlace = (release: Pick<Release, "label" | "medium" | "volume">) =>
  // A manga chapter's series is its kind ("Manga 2"), so its place is the chapter alone.
  release.medium === "manga" && release.volume === null ? mediumAndPlace(release).place : placeWithinMedium(release);

/**
 * What happens on a release's date, in a few words: "On sale in Japanese", "On sale in English", "On
 * air". A light novel edition goes by its language: the original by the series' (`originalLanguage`, a
 * BCP 47 tag), so a Korean series' volume is "On sale in Korean".
 */
export function releaseEvent(
  { medium, edition, volume }: Pick<Release, "medium" | "edition" | "volume">,
  originalLanguage: string,
) {
  if (edition) return `On sale in ${editionLanguage(edition, originalLanguage)}`;
  if (medium === "anime_specials") return "Released";
  if (volume !== null) return "On sale";
  return medium === "anime" || medium === "break_time" ? "On air" : "Published";
}

/**
 * "Light novel, Japanese", "Light novel, English", "Anime", "Manga 2", "Manga volume, English": what came out, in a
 * badge's few words. An edition goes by its language, both alike (the original's is the series' `originalLanguage`:
 * "Light novel, Korean"); a manga volume's original, the volume's release before it had an English one, by none.
 */
export function releaseKind(
  release: Pick<Release, "medium" | "edition" | "volume" | "label">,
  originalLanguage: string,
) {
  const { medium, edition, volume } = release;
  // A manga chapter by its series, which says the medium: "Manga 2" over "Chapter 3".
  if (medium === "manga" && volume === null) return mediumAndPlace(release).medium;
  const kind = volume !== null ? `${unitMediumLabels[medium]} volume` : unitMediumLabels[medium];
  return edition ? `${kind}, ${editionLanguage(edition, originalLanguage)}` : kind;
}

/** The language an edition is in, by name: the original's is the series' own ("Korean"), the other English. */
const editionLanguage = (edition: Edition, originalLanguage: string) =>
  edition === "jp" ? formatOriginalLanguage(originalLanguage) : "English";

/** A medium's releases in a sentence: "web novel releases", "Break Time releases". */
export const releaseNouns: Record<Medium, string> = {
  web_novel: "web novel",
  light_novels: "light novel",
  side_stories: "side story",
  anime: "anime",
  break_time: "Break Time",
  anime_specials: "anime special",
  manga: "manga",
};

/** How many upcoming releases the radar lists at most: an announced schedule, never the whole future. */
export const UPCOMING_LIMIT = 50;
/**
 * How many of them the radar's page shows above what came out, soonest first; the rest of the
 * UPCOMING_LIMIT are a view of their own (`?upcoming=all`), so the page stays one size however far
 * ahead releases are announced.
 */
export const UPCOMING_SHOWN = 10;
