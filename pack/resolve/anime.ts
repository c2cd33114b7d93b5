import { breakTimeAiring } from "../../app/lib/content/labels";
import type {
  AdaptationChangeRow,
  AnimeEpisodeRow,
  AnimeSeasonPartRow,
  BreakTimeEpisodeRow,
  SearchEntryRow,
} from "../rows";
import { breakTimeKey, episodeKey, isRecutEpisodeKey, parseUnitKey } from "../../app/lib/content/units";
import {
  adaptationChanges,
  type AdaptedRange,
  collectionSpans,
  episodeAdaptation,
  type EpisodeRun,
  episodeRunProblems,
  type PlacedRun,
  volumesOfEpisode,
} from "../adaptation";
import { flaggedTitleRevealedBy, shortReachedBy, unitEntryRevealedBy } from "../reveals";
import { originalBeside, positionOf, type Resolution, unitEntries } from "./resolution";
import { episodeAiring, seasonParts } from "./anime-parts";

/**
 * Seasons, episodes and Break Time shorts: an episode adapts runs of chapters, in story order and sharing
 * none, and side stories, or nothing (anime-original), and lists its differences from the web novel; the volumes it covers are found from the volumes' ranges
 * (../adaptation: `volumesOfEpisode`), and a list the pack gives must agree with them; a short
 * accompanies an episode. What each season skipped or told out of order is found from its episodes'
 * chapter ranges (../adaptation) and stored beside the pack's own notes.
 */
export function animeRows(resolution: Resolution) {
  const { pack, timeline, revealersOf, reference, report, checkRevealIn } = resolution;
  const file = "anime.json";
  const episodes: AnimeEpisodeRow[] = [];
  const parts: AnimeSeasonPartRow[] = [];
  const changes: AdaptationChangeRow[] = [];
  const episodeKeys = new Set<string>();
  const chapters = [...timeline.units]
    .filter(([key, unit]) => unit.medium === "web_novel" && timeline.positions.has(key))
    .map(([key]) => ({ key, position: positionOf(timeline, key) }));
  const spans = pack.lightNovels.collections.flatMap((collection) => collectionSpans(collection, timeline.positions));
  const seasons = pack.anime.seasons.map((season, s) => {
    const ranges: AdaptedRange[] = [];
    const notes: AdaptationChangeRow[] = [];
    const { rows: partRows, partOf } = seasonParts(season, s, resolution);
    parts.push(...partRows);
    season.episodes.forEach((episode, e) => {
      const key = episodeKey(season.number, episode.number);
      if (episodeKeys.has(key)) return;
      episodeKeys.add(key);
      const path = `seasons[${s}].episodes[${e}]`;
      checkRevealIn(
        episode.titleRevealIn,
        episode.titleIsSpoiler,
        file,
        `${path}.titleRevealIn`,
        '"titleIsSpoiler": true',
      );
      const { runs, sideStories, strays } = episodeAdaptation(episode.adapts);
      const placed: PlacedRun[] = [];
      for (const run of runs) {
        const from = reference(run.from, file, `${path}.${run.fromField}`, "web_novel");
        const to = run.to === run.from ? from : reference(run.to, file, `${path}.${run.toField}`, "web_novel");
        if (from !== null && to !== null && from > to)
          report(file, `${path}.${run.field}`, `adapts runs backwards: ${run.from} comes after ${run.to}`);
        else if (from !== null && to !== null) placed.push({ ...run, fromPosition: from, toPosition: to });
      }
      for (const problem of episodeRunProblems(placed)) report(file, `${path}.${problem.field}`, problem.message);
      const told = new Set<string>();
      for (const story of sideStories) {
        if (told.has(story.key)) report(file, `${path}.${story.field}`, `names ${story.key} twice`);
        told.add(story.key);
        reference(story.key, file, `${path}.${story.field}`, "side_stories");
      }
      for (const stray of strays)
        report(
          file,
          `${path}.${stray.field}`,
          `must point to a web novel chapter (wn:…) or a side story (ss:…), not ${stray.key}: an episode adapts chapters and side stories`,
        );
      const listed = (episode.volumes ?? []).map((volume, index) =>
        reference(volume, file, `${path}.volumes[${index}]`, "light_novels"),
      );
      // Runs that point nowhere or out of order are reported above; the volumes are found from sound ones.
      const sound = placed.length === runs.length && placed.length > 0 ? placed : null;
      const adapted = sound?.map((run) => ({ from: run.fromPosition, to: run.toPosition })) ?? [];
      for (const run of adapted) ranges.push({ key, ...run });
      const volumes = sound ? volumesOfEpisode(spans, adapted) : runs.length ? (episode.volumes ?? []) : [];
      // A list written by hand must say what the volumes' own ranges say (once its keys are sound).
      if (episode.volumes && listed.every((position) => position !== null) && (sound || !runs.length)) {
        const given = new Set(episode.volumes);
        if (given.size !== volumes.length || volumes.some((volume) => !given.has(volume)))
          report(
            file,
            `${path}.volumes`,
            sound
              ? `lists ${listOf(episode.volumes)}, but the volumes' ranges give ${listOf(volumes)} for ${runsOf(runs)}: leave volumes out and the list is made from the ranges, or correct the list or the range that is wrong`
              : `lists ${listOf(episode.volumes)}, but the episode adapts no web novel chapter, so it covers no volume: leave volumes out`,
          );
      }
      episode.changes.forEach((change, c) => {
        const where = `${path}.changes[${c}].chapters`;
        const first = reference(change.chapters?.from, file, `${where}.from`, "web_novel");
        const last = reference(change.chapters?.to, file, `${where}.to`, "web_novel");
        if (first !== null && last !== null && first > last)
          report(file, where, `runs backwards: ${change.chapters?.from} comes after ${change.chapters?.to}`);
        const chapterRange = { chapters_from: change.chapters?.from ?? null, chapters_to: change.chapters?.to ?? null };
        notes.push({
          episode_key: key,
          sort_order: 0,
          kind: change.kind,
          ...chapterRange,
          note: change.note,
          computed: 0,
        });
      });
      episodes.push({
        key,
        season_number: season.number,
        number: episode.number,
        label: episode.label ?? null,
        // Null while the episode has no title: named by its place alone.
        title: episode.title ?? null,
        original_title: episode.title === undefined ? null : originalBeside(episode.title, episode.originalTitle),
        // Its unflagged title is reached by its place (the story unit's `title_reached_by`).
        title_revealed_by: flaggedTitleRevealedBy(episode, key, revealersOf),
        ...episodeAiring(season, episode, partOf.get(episode.number), path, report),
        runtime: episode.runtime ?? null,
        part_number: partOf.get(episode.number) ?? null,
        adapts_from: runs[0]?.from ?? null,
        adapts_to: runs.at(-1)?.to ?? null,
        adapts_chapters: JSON.stringify(runs.map(({ from, to }) => ({ from, to }))),
        adapts_side_stories: JSON.stringify(sideStories.map((story) => story.key)),
        original: episode.original ?? null,
        volumes: JSON.stringify(volumes),
        position: positionOf(timeline, key),
      });
    });
    // Found changes first (in story order), then the pack's notes, numbered per episode.
    const found = adaptationChanges(ranges, chapters).map((change): AdaptationChangeRow => ({
      episode_key: change.episode,
      sort_order: 0,
      kind: change.kind,
      chapters_from: change.from,
      chapters_to: change.to,
      note: null,
      computed: 1,
    }));
    for (const key of new Set([...ranges.map((range) => range.key), ...notes.map((note) => note.episode_key)])) {
      const ofEpisode = [...found, ...notes].filter((change) => change.episode_key === key);
      ofEpisode.forEach((change, order) => changes.push({ ...change, sort_order: order }));
    }
    return { number: season.number, title: season.title, runtime: season.runtime ?? null };
  });

  const shorts: BreakTimeEpisodeRow[] = [];
  const shortKeys = new Set<string>();
  pack.anime.breakTime.forEach((short, index) => {
    const key = breakTimeKey(short.season, short.number);
    if (shortKeys.has(key)) return;
    shortKeys.add(key);
    reference(short.accompanies, file, `breakTime[${index}].accompanies`, "anime");
    if (short.accompanies !== undefined && isRecutEpisodeKey(short.accompanies))
      report(
        file,
        `breakTime[${index}].accompanies`,
        `${short.accompanies} is an episode of a recut: a short accompanies the season's own episode it aired with`,
      );
    shorts.push({
      key,
      season_number: short.season,
      number: short.number,
      // Null while the short has no title: named by its place alone.
      title: short.title ?? null,
      aired_on: short.airedOn ?? null,
      accompanies: short.accompanies ?? null,
      position: positionOf(timeline, key),
      // Its unflagged title is reached by its episode's place (the story unit's `title_reached_by`).
      title_revealed_by: short.titleIsSpoiler ? shortReachedBy(revealersOf, key, short.accompanies) : null,
    });
  });
  return { seasons, parts, episodes, changes, shorts };
}

/**
 * Search entries for episodes and Break Time shorts, gated as their titles are (`unitEntryRevealedBy`): a
 * flagged title by what reveals it, a short's unflagged one with what reaches the episode it accompanies
 * (`titleReachMap`); each is found by its place, named by it, by everyone (`unitEntries`).
 */
export function animeSearchEntries(
  { timeline, titleReachOf }: Resolution,
  anime: ReturnType<typeof animeRows>,
): SearchEntryRow[] {
  const seasonTitles = new Map(anime.seasons.map((season) => [season.number, season.title]));
  const episodes = anime.episodes.flatMap(({ title, ...episode }): SearchEntryRow[] => {
    // Found by its place ("Season 1 · Episode 7") by everyone; by its title by those it shows to.
    return unitEntries(
      timeline,
      episode.key,
      { kind: "episode" },
      title === null
        ? null
        : {
            title,
            original_title: episode.original_title,
            body: seasonTitles.get(episode.season_number) ?? "",
            revealed_by: unitEntryRevealedBy(titleReachOf, episode.key, episode.title_revealed_by),
          },
    );
  });
  const labels = new Map(anime.episodes.map((episode) => [episode.key, episode.label]));
  const shorts = anime.shorts.flatMap(({ title, ...short }): SearchEntryRow[] => {
    const parts = short.accompanies === null ? null : parseUnitKey(short.accompanies, "anime");
    const episode = parts && { ...parts, label: labels.get(short.accompanies!) };
    // A short, as an episode, is found by its place by everyone.
    return unitEntries(
      timeline,
      short.key,
      {
        kind: "break_time",
        subtitle: breakTimeAiring({ season: short.season_number, number: short.number }, episode),
        reveal_position: positionOf(timeline, short.accompanies ?? short.key),
      },
      title === null
        ? null
        : {
            title,
            original_title: null,
            body: "",
            revealed_by: unitEntryRevealedBy(titleReachOf, short.key, short.title_revealed_by),
          },
    );
  });
  return [...episodes, ...shorts];
}

/** Volume keys as a sentence names them: "ln:main-1", "ln:main-1 and ln:main-2", "none". */
function listOf(keys: readonly string[]) {
  if (!keys.length) return "none";
  return keys.length === 1 ? keys[0]! : `${keys.slice(0, -1).join(", ")} and ${keys.at(-1)}`;
}

/** An episode's runs as a sentence names them: "wn:3-10 to wn:3-12 and wn:3-15". */
function runsOf(runs: readonly EpisodeRun[]) {
  return listOf(runs.map((run) => (run.from === run.to ? run.from : `${run.from} to ${run.to}`)));
}
