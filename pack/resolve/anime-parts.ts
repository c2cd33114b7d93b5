import { dateEnd, dateStart, surelyBefore } from "../../app/lib/content/dates";
import { splitAiredAt } from "../../app/lib/content/air-times";
import type { AnimeSeasonPartRow } from "../rows";
import type { z } from "zod";
import type { episodeSchema, seasonSchema } from "../schema/anime";
import { revealedByAny } from "../reveals";
import type { Resolution } from "./resolution";

/*
 * A season's parts (cours) and when each episode aired: every episode of a season in parts is in
 * exactly one part, the parts run in order, each airing after the one before; an episode's local time
 * is read in its part's or season's time zone. Refused shapes are reported with their file and field.
 */

type Season = z.infer<typeof seasonSchema>;
type Episode = z.infer<typeof episodeSchema>;

const file = "anime.json";

/** Episode numbers as a sentence says them: "episode 8", "episodes 8 and 9", "episodes 8, 9 and 12". */
function episodesNamed(numbers: readonly number[]) {
  if (numbers.length === 1) return `episode ${numbers[0]}`;
  return `episodes ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
}

/** A part's run of episodes as a sentence says it: "episodes 1 to 7". */
const runOf = ({ from, to }: { from: number; to: number }) =>
  from === to ? `episode ${from}` : `episodes ${from} to ${to}`;

/** The day an episode aired (at the precision known), from its date or its local date and time. */
export const airedDayOf = (episode: Episode) =>
  episode.airedOn ?? (episode.airedAt ? splitAiredAt(episode.airedAt).day : null);

/** The first and the last of some dates (each at its precision), or nulls. */
function span(dates: readonly string[]) {
  if (!dates.length) return { first: null, last: null };
  const first = dates.reduce((a, b) => (dateStart(b) < dateStart(a) ? b : a));
  const last = dates.reduce((a, b) => (dateEnd(b) > dateEnd(a) ? b : a));
  return { first, last };
}

/**
 * The rows of a season's parts and the part each episode aired in (by episode number), checking that
 * the parts cover every episode once, in order, each airing after the one before.
 */
export function seasonParts(
  season: Season,
  s: number,
  { reference, revealersOf, report }: Pick<Resolution, "reference" | "revealersOf" | "report">,
) {
  const rows: AnimeSeasonPartRow[] = [];
  const partOf = new Map<number, number>();
  if (!season.parts) return { rows, partOf };
  const numbers = new Set(season.episodes.map((episode) => episode.number));
  const seen = new Set<number>();
  let previous: { number: number; from: number; to: number; last: string | null } | null = null;

  season.parts.forEach((part, p) => {
    const path = `seasons[${s}].parts[${p}]`;
    const { from, to } = part.episodes;
    if (seen.has(part.number))
      return report(file, `${path}.number`, `season ${season.number} has two parts numbered ${part.number}`);
    seen.add(part.number);
    if (from > to) return report(file, `${path}.episodes`, `runs backwards: episode ${from} comes after episode ${to}`);
    const missing = [from, to].filter((number) => !numbers.has(number));
    if (missing.length)
      return report(
        file,
        `${path}.episodes`,
        `names ${episodesNamed([...new Set(missing)])}, which season ${season.number} does not have: a part runs from one of the season's episodes to another, numbered as the season numbers them`,
      );
    if (previous && from <= previous.to)
      return report(
        file,
        `${path}.episodes`,
        to >= previous.from
          ? `${runOf(part.episodes)} ${from === to ? "overlaps" : "overlap"} part ${previous.number} (${runOf(previous)}): each episode is in one part, so part ${part.number} begins after episode ${previous.to}`
          : `${runOf(part.episodes)} ${from === to ? "comes" : "come"} before part ${previous.number} (${runOf(previous)}): list the parts in the order they aired`,
      );
    if (part.titleRevealAt !== undefined && part.title === undefined)
      report(
        file,
        `${path}.titleRevealAt`,
        "gates a title the part does not have: give the part a title, or leave titleRevealAt out",
      );
    if (part.titleRevealAt !== undefined) reference(part.titleRevealAt, file, `${path}.titleRevealAt`);

    const episodes = season.episodes.filter((episode) => episode.number >= from && episode.number <= to);
    for (const episode of episodes) partOf.set(episode.number, part.number);
    const aired = span(episodes.flatMap((episode) => airedDayOf(episode) ?? []));
    if (part.airedFrom && part.airedTo && surelyBefore(part.airedTo, part.airedFrom))
      report(file, `${path}.airedTo`, `runs backwards: ${part.airedTo} comes before ${part.airedFrom}`);
    const first = part.airedFrom ?? aired.first;
    const last = part.airedTo ?? aired.last ?? first;
    if (previous?.last && first && surelyBefore(first, previous.last))
      report(
        file,
        part.airedFrom ? `${path}.airedFrom` : `${path}.episodes`,
        `part ${part.number} begins ${first}, before part ${previous.number} ended (${previous.last}): a part airs after the one before it, so correct the dates or the order of the parts`,
      );
    rows.push({
      season_number: season.number,
      number: part.number,
      title: part.title ?? null,
      title_revealed_by: part.title && part.titleRevealAt ? revealedByAny(revealersOf, part.titleRevealAt) : null,
      first_episode: from,
      last_episode: to,
      aired_from: first,
      aired_to: last,
    });
    previous = { number: part.number, from, to, last };
  });

  const left = season.episodes.map((episode) => episode.number).filter((number) => !partOf.has(number));
  if (left.length && rows.length === season.parts.length)
    report(
      file,
      `seasons[${s}].parts`,
      `leave out ${episodesNamed(left)}: every episode of a season in parts is in one of them (${rows.map((row) => `part ${row.number}, ${runOf({ from: row.first_episode, to: row.last_episode })}`).join("; ")})`,
    );
  return { rows, partOf };
}

/**
 * When an episode aired, as stored: the broadcaster's date, and where the pack gives the hour, the
 * local time and the zone it is read in (its part's, else its season's).
 */
export function episodeAiring(
  season: Season,
  episode: Episode,
  part: number | undefined,
  path: string,
  report: Resolution["report"],
) {
  const zone = season.parts?.find((candidate) => candidate.number === part)?.timeZone ?? season.timeZone;
  if (episode.airedAt && episode.airedOn)
    report(
      file,
      `${path}.airedOn`,
      `is given with airedAt: an episode gives the day it aired (airedOn) or, where the hour is known, its local date and time (airedAt), not both`,
    );
  if (episode.airedAt && !zone)
    report(
      file,
      `${path}.airedAt`,
      `${episode.airedAt} is a local time, but neither season ${season.number} nor its part says in which time zone: give the broadcaster's "timeZone" (such as "Asia/Tokyo") on the season or the part`,
    );
  const time = episode.airedAt ? splitAiredAt(episode.airedAt).time : null;
  return {
    aired_on: airedDayOf(episode),
    aired_time: time,
    time_zone: time && zone ? zone : null,
  };
}
