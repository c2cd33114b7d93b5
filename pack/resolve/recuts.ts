import { splitAiredAt } from "../../app/lib/content/air-times";
import { dateEnd, dateStart, surelyBefore } from "../../app/lib/content/dates";
import { recutName } from "../../app/lib/content/labels";
import { recutContents } from "../recuts";
import { flaggedTitleRevealedBy, recutSceneRevealedBy, unitEntryRevealedBy } from "../reveals";
import type { AnimeRecutEpisodeRow, AnimeRecutRow, SearchEntryRow } from "../rows";
import { originalBeside, positionOf, type Resolution, unitEntries } from "./resolution";

/*
 * Recuts of a season (decision 45): each recut's row, its episodes with the season's episodes each holds
 * and the scenes it adds, and their search entries. What is wrong with what an episode holds is
 * ../recuts.ts's to find; it is reported here, with the file and the field.
 */

const file = "anime.json";

/** A recut episode's `contents` as stored: the season's episodes it holds, in order. */
export interface StoredRecutContent {
  episode: string;
  part: number | null;
  of: number | null;
  complete: boolean;
}

/** A scene a recut episode adds, as stored: `revealedBy` where it is not gated with its episode (`recutSceneRevealedBy`). */
export interface StoredRecutScene {
  note: string;
  chaptersFrom: string | null;
  chaptersTo: string | null;
  revealedBy: string | null;
}

export function recutRows({ pack, timeline, reference, report, revealersOf, checkRevealIn }: Resolution) {
  const recuts: AnimeRecutRow[] = [];
  const episodes: AnimeRecutEpisodeRow[] = [];
  const seen = new Set<string>();
  pack.anime.seasons.forEach((season, s) => {
    season.recuts.forEach((recut, r) => {
      const recutPath = `seasons[${s}].recuts[${r}]`;
      const id = `${season.number}r${recut.number}`;
      if (seen.has(id)) return;
      seen.add(id);
      const { episodes: held, problems } = recutContents(season, recut, recutPath);
      for (const problem of problems) report(file, problem.path, problem.message);
      const days: string[] = [];
      for (const contents of held) {
        const e = recut.episodes.findIndex((episode) => episode.number === contents.number);
        const episode = recut.episodes[e]!;
        const path = `${recutPath}.episodes[${e}]`;
        checkRevealIn(episode.titleRevealIn, episode.titleIsSpoiler, file, `${path}.titleRevealIn`);
        if (episode.airedAt && episode.airedOn)
          report(
            file,
            `${path}.airedOn`,
            "is given with airedAt: an episode gives the day it aired (airedOn) or, where the hour is known, its local date and time (airedAt), not both",
          );
        if (episode.airedAt && !recut.timeZone)
          report(
            file,
            `${path}.airedAt`,
            `${episode.airedAt} is a local time, but ${recut.title} does not say in which time zone: give the broadcaster's "timeZone" (such as "Asia/Tokyo") on the recut`,
          );
        const aired = episode.airedAt ? splitAiredAt(episode.airedAt) : null;
        const day = episode.airedOn ?? aired?.day ?? null;
        if (day) days.push(day);
        const scenes = episode.newScenes.map((scene, n): StoredRecutScene => {
          const where = `${path}.newScenes[${n}].chapters`;
          const first = reference(scene.chapters?.from, file, `${where}.from`, "web_novel");
          const last = reference(scene.chapters?.to, file, `${where}.to`, "web_novel");
          if (first !== null && last !== null && first > last)
            report(file, where, `runs backwards: ${scene.chapters?.from} comes after ${scene.chapters?.to}`);
          return {
            note: scene.note,
            chaptersFrom: scene.chapters?.from ?? null,
            chaptersTo: scene.chapters?.to ?? null,
            revealedBy: recutSceneRevealedBy(
              revealersOf,
              (key) => timeline.positions.get(key),
              contents.key,
              scene.chapters,
            ),
          };
        });
        const stored = contents.contents.map(({ episode: key, part, of, complete }): StoredRecutContent => ({
          episode: key,
          part,
          of,
          complete,
        }));
        episodes.push({
          key: contents.key,
          season_number: season.number,
          recut_number: recut.number,
          number: episode.number,
          title: episode.title,
          original_title: originalBeside(episode.title, episode.originalTitle),
          // Its unflagged title is reached by its place (the story unit's `title_reached_by`).
          title_revealed_by: flaggedTitleRevealedBy(episode, contents.key, revealersOf),
          aired_on: day,
          aired_time: aired?.time ?? null,
          runtime: episode.runtime ?? null,
          contents: JSON.stringify(stored),
          new_scenes: JSON.stringify(scenes),
          position: positionOf(timeline, contents.key),
        });
      }
      if (recut.airedFrom && recut.airedTo && surelyBefore(recut.airedTo, recut.airedFrom))
        report(file, `${recutPath}.airedTo`, `runs backwards: ${recut.airedTo} comes before ${recut.airedFrom}`);
      const first = days.length ? days.reduce((a, b) => (dateStart(b) < dateStart(a) ? b : a)) : null;
      const last = days.length ? days.reduce((a, b) => (dateEnd(b) > dateEnd(a) ? b : a)) : null;
      recuts.push({
        season_number: season.number,
        number: recut.number,
        title: recut.title,
        original_title: originalBeside(recut.title, recut.originalTitle),
        runtime: recut.runtime ?? null,
        time_zone: recut.timeZone ?? null,
        aired_from: recut.airedFrom ?? first,
        aired_to: recut.airedTo ?? last ?? recut.airedFrom ?? null,
      });
    });
  });
  return { recuts, episodes };
}

/**
 * Search entries for recut episodes, gated as their titles are (`unitEntryRevealedBy`, a flagged one by its
 * flag), like the season's; each is found by its place, named by it, by everyone (`unitEntries`).
 */
export function recutSearchEntries(
  { timeline, titleReachOf }: Resolution,
  { recuts, episodes }: ReturnType<typeof recutRows>,
): SearchEntryRow[] {
  const titles = new Map(
    recuts.map((recut) => [
      `${recut.season_number}r${recut.number}`,
      [recut.title, recut.original_title].filter(Boolean).join(" · "),
    ]),
  );
  return episodes.flatMap((episode) =>
    // Found by its place ("Season 1 Recut · Episode 2") by everyone; by its title by those it shows to.
    unitEntries(
      timeline,
      episode.key,
      // Found from the place of what it holds in the season.
      { kind: "episode", reveal_position: episode.position },
      {
        title: episode.title,
        original_title: episode.original_title,
        // The recut it belongs to, by its title and its original title.
        body:
          titles.get(`${episode.season_number}r${episode.recut_number}`) ??
          recutName(episode.season_number, episode.recut_number),
        revealed_by: unitEntryRevealedBy(titleReachOf, episode.key, episode.title_revealed_by),
      },
    ),
  );
}
