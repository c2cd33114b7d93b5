import type { z } from "zod";
import type { recutSchema, seasonSchema } from "./schema/anime";
import { episodeKey, recutEpisodeKey } from "../app/lib/content/units";

/*
 * What each episode of a recut holds of its season's episodes (decision 45), read once for the check,
 * the timeline, the cross-media map and the rows: the season's episodes in the order they aired, each
 * whole or in parts numbered from 1, none twice. An episode split across the recut's episodes is
 * watched, with all it reveals, at the one that holds its last part; one whose last part the recut
 * leaves out is never watched whole, so what it reveals stays hidden from the recut's viewers.
 */

type Season = z.infer<typeof seasonSchema>;
type Recut = z.infer<typeof recutSchema>;

/** One of the season's episodes, or a part of one, as a recut episode holds it. */
export interface RecutContent {
  /** The season's episode, by key (anime:1-3). */
  episode: string;
  number: number;
  /** The part held; null for the whole episode. */
  part: number | null;
  /** How many parts the episode is split into; null for the whole episode. */
  of: number | null;
  /** Whether this holds the episode's end (the whole of it, or its last part): its viewers have watched it. */
  complete: boolean;
}

export interface RecutEpisodeContents {
  key: string;
  number: number;
  /** Where the episode is in the pack, for problems: seasons[0].recuts[0].episodes[1]. */
  path: string;
  contents: RecutContent[];
}

/** A problem with a recut, at a path inside anime.json. */
export interface RecutProblem {
  path: string;
  message: string;
}

const heldName = ({ number, part, of }: Pick<RecutContent, "number" | "part" | "of">) =>
  part === null ? `episode ${number}` : `part ${part} of ${of} of episode ${number}`;

/**
 * A recut's episodes (in the order of their numbers) with the season's episodes each holds, and what is
 * wrong with them: an episode the season lacks, a range that runs backwards, an episode held twice or
 * whole beside its parts, parts that skip a number, and episodes held out of the order they aired.
 */
export function recutContents(season: Season, recut: Recut, recutPath: string) {
  const problems: RecutProblem[] = [];
  const numbers = new Set(season.episodes.map((episode) => episode.number));
  const listed = new Set<number>();
  const episodes: RecutEpisodeContents[] = [];
  recut.episodes.forEach((episode, e) => {
    const path = `${recutPath}.episodes[${e}]`;
    if (listed.has(episode.number))
      return problems.push({
        path: `${path}.number`,
        message: `${recut.title} has two episodes numbered ${episode.number}`,
      });
    listed.add(episode.number);
    const contents: RecutContent[] = [];
    episode.contains.forEach((held, c) => {
      const at = `${path}.contains[${c}]`;
      // The schema lets through one episode, or a run with both ends.
      const [from = 0, to = 0] = held.episode === undefined ? [held.from, held.to] : [held.episode, held.episode];
      if (from > to)
        return problems.push({ path: at, message: `runs backwards: episode ${from} comes after episode ${to}` });
      const missing = [from, to].filter((number) => !numbers.has(number));
      if (missing.length)
        return problems.push({
          path: at,
          message: `names episode ${missing[0]}, which season ${season.number} does not have: a recut holds the season's episodes by the season's own numbers`,
        });
      for (let number = from; number <= to; number++)
        if (numbers.has(number))
          contents.push({
            episode: episodeKey(season.number, number),
            number,
            part: held.part ?? null,
            of: held.of ?? null,
            complete: held.part === undefined || held.part === held.of,
          });
    });
    episodes.push({
      key: recutEpisodeKey(season.number, recut.number, episode.number),
      number: episode.number,
      path,
      contents,
    });
  });
  episodes.sort((a, b) => a.number - b.number);

  // In airing order across the whole recut: each episode after the one before, its parts 1, 2, 3….
  let held: { content: RecutContent; at: string } | null = null;
  for (const episode of episodes)
    for (const content of episode.contents) {
      const at = `${episode.path}.contains`;
      const name = heldName(content);
      const previous = held && { ...held.content, at: held.at };
      if (previous && previous.number === content.number) {
        if (previous.part === null || content.part === null)
          problems.push({
            path: at,
            message: `holds ${name}, but episode ${content.number} is already held ${previous.part === null ? "whole" : "in parts"} (${previous.at}): an episode is held once, whole or in parts numbered from 1`,
          });
        else if (content.of !== previous.of)
          problems.push({
            path: at,
            message: `holds ${name}, but ${previous.at} holds part ${previous.part} of ${previous.of}: every part of an episode says the same number of parts`,
          });
        else if (content.part !== previous.part + 1)
          problems.push({
            path: at,
            message: `holds ${name} after part ${previous.part}: the parts of an episode are held in order, each once (${content.part <= previous.part ? "this part overlaps one held before" : `part ${previous.part + 1} is missing`})`,
          });
      } else if (previous && content.number < previous.number)
        problems.push({
          path: at,
          message: `holds ${name} after ${heldName(previous)} (${previous.at}): a recut holds the season's episodes in the order they aired, each once`,
        });
      else if (content.part !== null && content.part !== 1)
        problems.push({
          path: at,
          message: `holds ${name}, but not part 1 before it: the parts of an episode are numbered from 1`,
        });
      held = { content, at: episode.path };
    }
  return { episodes, problems };
}

/** The season's episodes a recut episode holds to their end: what its viewers have watched. */
export const watchedIn = (episode: RecutEpisodeContents) =>
  episode.contents.filter((content) => content.complete).map((content) => content.episode);
