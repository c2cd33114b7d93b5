import { z } from "zod";
import { adaptationChangeKinds, animeSpecialKinds } from "../../app/lib/vocabulary";
import { airedAtProblem, runtimeProblem, timeZoneProblem } from "../../app/lib/content/air-times";
import { OTHER_PLATFORM } from "../../app/lib/mistakes/rules";
import {
  adaptsSchema,
  announcedTitle,
  numberAsWritten,
  optionalText,
  refuseTitleOnlyFields,
  revealInSchema,
  seasonExternalIdsSchema,
  slug,
  storyDate,
  text,
  unitKey,
  unitNumber,
} from "./fields";

/** A field whose value is refused with the sentence `problemOf` gives. */
const checked = <T extends z.ZodType<string | number>>(base: T, problemOf: (value: z.infer<T>) => string | null) =>
  base.check((check) => {
    const problem = problemOf(check.value);
    if (problem) check.issues.push({ code: "custom", message: problem, input: check.value });
  });

/** The broadcaster's IANA time zone ("Asia/Tokyo"), in which an episode's `airedAt` is written. */
const timeZone = checked(z.string(), timeZoneProblem);
/** A runtime in whole minutes, 1 to 600 (app/lib/content/air-times.ts). */
const runtime = checked(z.number({ error: "must be a runtime in minutes, such as 24" }), runtimeProblem);
/** A broadcast's local date and time, "2020-04-05T00:30": after midnight is the next day (decision 43). */
const airedAt = checked(z.string(), airedAtProblem);

/* anime.json: seasons, their episodes with what each adapts and changes, and the Break Time shorts. */

/**
 * What an episode does differently from the web novel, where its chapter range cannot say it: a
 * scene left out or moved, an anime-original scene, a changed outcome. Chapters skipped between
 * episodes and episodes that go back are found from `adapts` without being written here.
 */
export const adaptationChangeSchema = z.strictObject({
  kind: z.enum(adaptationChangeKinds),
  /** The web novel chapters the change concerns (a scene's source, what was cut). */
  chapters: adaptsSchema.optional(),
  note: text,
});

/**
 * One part of what a season's episode adapts: a run of web novel chapters (`{ "from", "to" }`), or one
 * unit by its key: a web novel chapter ("wn:3-15") or a side story ("ss:some-slug").
 */
export const episodeAdaptsPartSchema = z.union([adaptsSchema, unitKey], {
  error:
    'must be a run of web novel chapters ({ "from": "wn:3-10", "to": "wn:3-12" }) or the key of one chapter or side story ("wn:3-15", "ss:some-slug")',
});

/**
 * What a season's episode adapts: one run of web novel chapters (`{ "from", "to" }`), or a list of runs,
 * single chapters and side stories, the chapters in story order and sharing none (an episode that intercuts
 * two story lines, or tells a side story). pack/adaptation.ts reads both forms (`episodeAdaptation`).
 */
export const episodeAdaptsSchema = z.union(
  [
    adaptsSchema,
    z.array(episodeAdaptsPartSchema).min(1, {
      error:
        "names nothing: list at least one run of chapters or side story, or leave adapts out and say in original what the anime made up",
    }),
  ],
  {
    error:
      'must be a run of web novel chapters ({ "from": "wn:3-10", "to": "wn:3-12" }) or a list of such runs and keys of chapters or side stories',
  },
);

/**
 * The number the series gives a season's episode where it is not its place in the season (a recap's
 * "13.5" between 13 and 14, a prologue's "0", an extra's "SP1"), which names it ("Episode 13.5").
 */
export const episodeLabel = numberAsWritten("episode", { short: '"13.5", "SP1"', long: '"13.5", "0" or "SP1"' });

export const episodeSchema = z
  .strictObject({
    /** Its place in its season: the number in its unit key, address and a viewer's progress. */
    number: unitNumber,
    /** The number the series gives it, where that is not its place: "13.5" on the recap after 13. */
    label: episodeLabel.optional(),
    /**
     * Left out while the episode has no title: announced by number before its title is, or a series that
     * never titles its episodes. It is then named by its place alone ("Episode 13").
     */
    title: announcedTitle,
    originalTitle: optionalText,
    /**
     * The title gives something away (a character's name before the viewer meets them): hidden until the
     * reader has watched this episode or reached what reveals it.
     */
    titleIsSpoiler: z.boolean().default(false),
    /** With titleIsSpoiler: where each medium reveals what the title gives away, when that differs. */
    titleRevealIn: revealInSchema.optional(),
    /** The day it aired, at the precision known; or, where the hour is known, `airedAt` instead. */
    airedOn: storyDate.optional(),
    /** The broadcast's local date and time in its part's or season's `timeZone`. */
    airedAt: airedAt.optional(),
    /** Its length in minutes, where it differs from its season's `runtime` or the season gives none. */
    runtime: runtime.optional(),
    /** What it adapts; left out, the episode is anime-original and says so in `original`. */
    adapts: episodeAdaptsSchema.optional(),
    /** For an anime-original episode (a recap, a filler episode), what the anime made up: shown to its viewers. */
    original: optionalText,
    /**
     * The light novel volumes the episode covers, for the reader's convenience. Left out, they are found
     * from the volumes' own ranges (pack/adaptation.ts: `volumesOfEpisode`); a list given must agree.
     */
    volumes: z.array(unitKey).optional(),
    changes: z.array(adaptationChangeSchema).default([]),
  })
  .check((check) => {
    const { adapts, original } = check.value;
    if (adapts !== undefined && original !== undefined)
      check.issues.push({
        code: "custom",
        input: original,
        path: ["original"],
        message: "an episode that adapts chapters or side stories is not anime-original: leave original out",
      });
    else if (adapts === undefined && original === undefined)
      check.issues.push({
        code: "custom",
        input: check.value,
        path: ["adapts"],
        message:
          "an episode needs adapts (the chapters or side stories it tells) or, if it is anime-original, original (a note on what the anime made up)",
      });
    refuseTitleOnlyFields(check, "an episode");
  });

/**
 * A part (cour) of a season, aired apart from the others: a run of the season's episodes, numbered as
 * the season numbers them, with its own dates and entries on the tracking services (MyAnimeList gives
 * each part its own id, and numbers its episodes from 1). Its title may name a story event: then it
 * waits for `titleRevealAt`, as a fact does.
 */
export const seasonPartSchema = z.strictObject({
  number: unitNumber,
  title: optionalText,
  titleRevealAt: unitKey.optional(),
  episodes: z.strictObject({ from: unitNumber, to: unitNumber }),
  airedFrom: storyDate.optional(),
  airedTo: storyDate.optional(),
  timeZone: timeZone.optional(),
  externalIds: seasonExternalIdsSchema.optional(),
});

/**
 * What one episode of a recut holds of the season's own episodes, by the season's numbering: one
 * episode (`{ "episode": 3 }`), a run of them (`{ "from": 1, "to": 2 }`), or a part of one split across
 * the recut's episodes (`{ "episode": 3, "part": 1, "of": 2 }`, then part 2 in a later one). A split
 * episode counts as watched, with all it reveals, at the recut episode that holds its last part.
 */
export const recutContentSchema = z
  .strictObject({
    episode: unitNumber.optional(),
    part: unitNumber.optional(),
    of: unitNumber.optional(),
    from: unitNumber.optional(),
    to: unitNumber.optional(),
  })
  .check((check) => {
    const { episode, part, of, from, to } = check.value;
    const problem = (path: string, message: string) =>
      check.issues.push({ code: "custom", input: check.value, path: [path], message });
    const run = from !== undefined || to !== undefined;
    if (episode === undefined && !run)
      problem(
        "episode",
        'must name the season\'s episodes it holds: { "episode": 3 }, { "episode": 3, "part": 1, "of": 2 } or { "from": 1, "to": 2 }',
      );
    else if (episode !== undefined && run)
      problem("from", 'names one episode ("episode") or a run ("from" and "to"), not both');
    else if (run && (from === undefined || to === undefined))
      problem(from === undefined ? "from" : "to", 'a run of episodes gives both "from" and "to"');
    else if (run && part !== undefined) problem("part", "a run of episodes is held whole: a part names one episode");
    else if ((part === undefined) !== (of === undefined))
      problem(
        part === undefined ? "part" : "of",
        'a part of an episode gives both "part" and "of" (how many parts the episode is split into)',
      );
    else if (part !== undefined && of !== undefined && part > of)
      problem("part", `is part ${part} of ${of}: a part's number is at most "of"`);
  });

/** A scene a recut adds that none of the season's episodes has: a note, like a change of kind "added". */
export const recutSceneSchema = z.strictObject({
  /** The web novel chapters the scene comes from, where it adapts any (left out: anime-original). */
  chapters: adaptsSchema.optional(),
  note: text,
});

export const recutEpisodeSchema = z.strictObject({
  number: unitNumber,
  title: text,
  originalTitle: optionalText,
  /** The title gives something away: hidden until the reader has watched this recut episode or reached what reveals it. */
  titleIsSpoiler: z.boolean().default(false),
  /** With titleIsSpoiler: where each medium reveals what the title gives away, when that differs. */
  titleRevealIn: revealInSchema.optional(),
  airedOn: storyDate.optional(),
  /** The broadcast's local date and time in the recut's `timeZone`. */
  airedAt: airedAt.optional(),
  runtime: runtime.optional(),
  /** The season's episodes it holds, in the order it shows them (decision 45). */
  contains: z.array(recutContentSchema).min(1, { error: "must hold at least one of the season's episodes" }),
  newScenes: z.array(recutSceneSchema).default([]),
});

/**
 * A version of a season that re-cuts its episodes (a re-edited broadcast: 25 episodes as 13 one-hour
 * ones): its own title, dates, runtime and entries on the tracking services, and its own episodes, each
 * holding some of the season's. Its viewers have watched exactly what its episodes hold, never the
 * season's other episodes or a later season (decision 45).
 */
export const recutSchema = z.strictObject({
  /** Its number among the season's recuts, from 1: its episodes' keys are anime:<season>r<number>-<episode>. */
  number: unitNumber,
  title: text,
  originalTitle: optionalText,
  runtime: runtime.optional(),
  timeZone: timeZone.optional(),
  airedFrom: storyDate.optional(),
  airedTo: storyDate.optional(),
  externalIds: seasonExternalIdsSchema.optional(),
  episodes: z.array(recutEpisodeSchema).min(1),
});

export const seasonSchema = z.strictObject({
  number: unitNumber,
  title: text,
  /** How long its episodes usually run, in minutes. */
  runtime: runtime.optional(),
  /** The broadcaster's time zone, for its episodes' `airedAt` (a part may give its own). */
  timeZone: timeZone.optional(),
  externalIds: seasonExternalIdsSchema.optional(),
  parts: z.array(seasonPartSchema).optional(),
  episodes: z.array(episodeSchema).min(1),
  /** Versions of the season that re-cut its episodes (decision 45). */
  recuts: z.array(recutSchema).default([]),
});

export const breakTimeEpisodeSchema = z
  .strictObject({
    season: unitNumber,
    number: unitNumber,
    /**
     * Left out while the short has no title: announced by number before its title is. It is then named by
     * its place alone ("Season 1 · Break Time 3").
     */
    title: announcedTitle,
    airedOn: storyDate.optional(),
    /** The episode it aired with: its viewers have watched it too. */
    accompanies: unitKey.optional(),
    /**
     * For a short that accompanies no episode (a chibi series released on its own): where to watch it.
     * Only its own viewers have watched it.
     */
    readAfter: unitKey.optional(),
    /** The title gives something away: hidden until the reader has watched the short or its episode (or what reveals that). */
    titleIsSpoiler: z.boolean().default(false),
  })
  .check((check) => {
    const { accompanies, readAfter } = check.value;
    if (accompanies !== undefined && readAfter !== undefined)
      check.issues.push({
        code: "custom",
        input: readAfter,
        path: ["readAfter"],
        message: "a short that accompanies an episode is watched with it: leave readAfter out",
      });
    else if (accompanies === undefined && readAfter === undefined)
      check.issues.push({
        code: "custom",
        input: check.value,
        path: ["accompanies"],
        message:
          "a short needs accompanies (the episode it aired with) or, if it aired with none, readAfter (where to watch it)",
      });
    refuseTitleOnlyFields(check, "a short");
  });

/**
 * What an OVA, special or film adapts: web novel chapter ranges, side stories (a bonus story made into a
 * film), or both. Left out, the special is anime-original and says so in `original`.
 */
export const animeSpecialAdaptsSchema = z
  .strictObject({
    chapters: z.array(adaptsSchema).optional(),
    sideStories: z.array(unitKey).optional(),
  })
  .check((check) => {
    if (!check.value.chapters?.length && !check.value.sideStories?.length)
      check.issues.push({
        code: "custom",
        input: check.value,
        message:
          "names nothing: give chapters (web novel ranges) or sideStories, or leave adapts out and say in original what the anime made up",
      });
  });

/**
 * An OVA, a special aired apart from the seasons, or a film: watched on its own, like a side story is
 * read (a viewer of the film has not watched the episodes before it). It adapts chapters or side stories,
 * or is anime-original; `watchAfter` places it in watch order after an episode (an anime-original one
 * must say where it goes).
 */
export const animeSpecialSchema = z
  .strictObject({
    slug,
    kind: z.enum(animeSpecialKinds),
    /**
     * Left out while the special has no title: announced by its kind and number ("OVA 3") before its title
     * is. It is then named by its place, which every special has ("Anime · OVA 3", "Anime · Film").
     */
    title: announcedTitle,
    originalTitle: optionalText,
    /** The title gives something away: hidden until the reader has seen what reveals the special itself. */
    titleIsSpoiler: z.boolean().default(false),
    /** What it tells: shown to those who watched it or know what it adapts. */
    synopsis: optionalText,
    /** The day it was released (in cinemas, on disc, aired), at the precision known. */
    releasedOn: storyDate.optional(),
    runtime: runtime.optional(),
    externalIds: seasonExternalIdsSchema.optional(),
    adapts: animeSpecialAdaptsSchema.optional(),
    /** For an anime-original special, what the anime made up (gated as the synopsis is). */
    original: optionalText,
    /** The episode it is watched after. */
    watchAfter: unitKey.optional(),
  })
  .check((check) => {
    const { adapts, original, watchAfter } = check.value;
    if (adapts !== undefined && original !== undefined)
      check.issues.push({
        code: "custom",
        input: original,
        path: ["original"],
        message: "a special that adapts chapters or side stories is not anime-original: leave original out",
      });
    else if (adapts === undefined && original === undefined)
      check.issues.push({
        code: "custom",
        input: check.value,
        path: ["adapts"],
        message:
          "a special needs adapts (the chapters or side stories it tells) or, if it is anime-original, original (a note on what it tells)",
      });
    if (adapts === undefined && watchAfter === undefined)
      check.issues.push({
        code: "custom",
        input: check.value,
        path: ["watchAfter"],
        message:
          "an anime-original special needs watchAfter (the episode it is watched after): nothing else places it in the story",
      });
    refuseTitleOnlyFields(check, "a special");
  });

export const animeFileSchema = z.strictObject({
  /**
   * Where readers watch its official translation, as they name it: the streaming services and disc
   * releases ("Crunchyroll", "Netflix", "Blu-ray"). The anime mistranslation form offers these and
   * "Other"; a translation note's `platform` is one of them.
   */
  platforms: z
    .array(text.max(40))
    .max(20)
    .refine((names) => new Set(names).size === names.length, "names a platform twice")
    .refine((names) => !names.includes(OTHER_PLATFORM), `"${OTHER_PLATFORM}" is offered by the form itself`)
    .default([]),
  seasons: z.array(seasonSchema).min(1),
  breakTime: z.array(breakTimeEpisodeSchema).default([]),
  /** OVAs, specials and films (anime/ specials: pack/resolve/anime-specials.ts). */
  specials: z.array(animeSpecialSchema).default([]),
});
