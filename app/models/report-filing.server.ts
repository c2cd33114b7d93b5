import { type Expression, expressionBuilder, type SqlBool, sql } from "kysely";
import { unitChoice } from "~/lib/forms/report-forms";
import { OTHER_PLATFORM, shortestRuntimeFor, timestampWithinRuntime } from "~/lib/mistakes/rules";
import { parseJsonList } from "./db.server";
import type { ReportKind } from "~/lib/vocabulary";
import type { Database } from "./database";
import { batch, query } from "./query.server";
import { dateOrder } from "./story-dates.server";
import type { limitedHit } from "./rate-limits.server";
import { signedInSomewhere } from "./sessions.server";

/**
 * Every volume out in English (a report quotes its official text: a volume announced for later, or never
 * published in English, has none yet; one known to the month counts from that month, one known to the
 * quarter from its first month) and every episode, in story order, with their labels.
 */
const volumeChoices = query
  .selectFrom("ln_volumes as v")
  .innerJoin("story_units as u", "u.key", "v.key")
  .innerJoin("ln_collections as c", "c.code", "v.collection_code")
  .select(["v.key", "u.label"])
  .where("v.no_english_edition", "=", 0)
  .where("v.released_en", "is not", null)
  .where(dateOrder("v.released_en"), "<=", sql<string>`date('now')`)
  .orderBy("c.sort_order")
  .orderBy("v.number");
const episodeChoices = query
  .selectFrom("anime_episodes as e")
  .innerJoin("story_units as u", "u.key", "e.key")
  .select(["e.key", "u.label", "e.season_number"])
  .orderBy("e.season_number")
  .orderBy("e.number");
/**
 * Every recut episode that adds a scene none of the season's episodes has, out (aired, or undated with a
 * recut that is not dated to come: a unit without a date is out, decision 77), by season, recut and
 * number, with their labels ("Season 1 Recut · Episode 3"): a line of such a scene has no season's
 * episode to be noted on (decision 85). A recut episode without one holds only lines of the season's
 * episodes, noted there.
 */
const recutEpisodeChoices = query
  .selectFrom("anime_recut_episodes as re")
  .innerJoin("story_units as u", "u.key", "re.key")
  .innerJoin("anime_recuts as r", (join) =>
    join.onRef("r.season_number", "=", "re.season_number").onRef("r.number", "=", "re.recut_number"),
  )
  .select(["re.key", "u.label", "re.season_number"])
  .where(sql<number>`json_array_length(re.new_scenes)`, ">", 0)
  .where((row) =>
    row.or([
      row.and([row("re.aired_on", "is not", null), row(dateOrder("re.aired_on"), "<=", sql<string>`date('now')`)]),
      row.and([
        row("re.aired_on", "is", null),
        row.or([row("r.aired_from", "is", null), row(dateOrder("r.aired_from"), "<=", sql<string>`date('now')`)]),
      ]),
    ]),
  )
  .orderBy("re.season_number")
  .orderBy("re.recut_number")
  .orderBy("re.number");
/**
 * Every OVA, special and film out (as a volume is: dated and that date come, known to the month from that
 * month), in the pack's order, with their labels ("Anime · OVA 2"): a line is quoted from one watched.
 */
const specialChoices = query
  .selectFrom("anime_specials as sp")
  .innerJoin("story_units as u", "u.key", "sp.key")
  .select(["sp.key", "u.label"])
  .where("sp.released_on", "is not", null)
  .where(dateOrder("sp.released_on"), "<=", sql<string>`date('now')`)
  .orderBy("sp.sort_order");

/** The platforms the pack names for its anime (anime.json `platforms`), as stored: a JSON array. */
const platformNames = query.selectFrom("series").select("anime_platforms");

/** The choices the light novel and anime forms offer, from the real lists. */
export async function getReportChoices(db: D1Database) {
  const [volumes, episodes, recutEpisodes, specials, [series]] = await batch(db, [
    volumeChoices,
    episodeChoices,
    recutEpisodeChoices,
    specialChoices,
    platformNames,
  ]);
  // Each season's episodes followed by its recuts' (a stable sort keeps each list's own order).
  const seasons = [...episodes, ...recutEpisodes].sort((a, b) => a.season_number - b.season_number);
  return {
    volumes: volumes.map(unitChoice),
    // The seasons' episodes, each season's recut episodes that add a scene (decision 85), then the OVAs,
    // specials and films (decision 84).
    episodes: [...seasons, ...specials].map(unitChoice),
    platforms: [...parseJsonList(series?.anime_platforms ?? null), OTHER_PLATFORM].map((name) => ({
      value: name,
      label: name,
    })),
  };
}

/**
 * A volume or an episode a report names, and the medium it must be of: `anime` takes a season's episode,
 * a recut episode that adds a scene, or an OVA, special or film (the anime form's list).
 */
export interface ReportedUnit {
  key: string;
  medium: "light_novels" | "anime";
}

/** A take of the reader's rate limit (./rate-limits.server), around a condition of ours. */
export type LimitedHitFor = (onlyIf: Expression<SqlBool>) => ReturnType<typeof limitedHit>;

export type SubmitOutcome =
  | { stored: true; reportId: string }
  | { stored: false; problem: "unit" }
  /** The platform named is not one the series lists (nor "Other"). */
  | { stored: false; problem: "platform" }
  /** The timestamp is past the end of the episode named: its label and usual runtime, to say so. */
  | { stored: false; problem: "timestamp"; episode: { label: string; runtime: number } }
  /** The form was sent before with other words: that report stands, and this text was not stored. */
  | { stored: false; problem: "resent" }
  /** No session of the reader is open any more (the account deleted meanwhile): nothing is kept. */
  | { stored: false; problem: "signedOut" }
  | { stored: false; problem: "limit"; limit: "minute" | "day" };

const anywhere = expressionBuilder<Database>();
/** Only when the statement before it changed a row: the hit was taken, the report stored. */
const afterChange = anywhere(sql<number>`changes()`, ">", 0);

/**
 * Whether the report names no unit, or one its form offers: a light novel volume out in English
 * (`volumeChoices`), one of the season's own episodes (`episodeChoices`), a recut episode out that adds a
 * scene (`recutEpisodeChoices`) or an OVA, special or film out (`specialChoices`). Anything else sent by
 * hand is refused as the form would refuse it: a volume, recut episode or special not out has no official
 * text to quote, and a line of a recut episode that adds nothing is noted on the season's episode it
 * comes from (decisions 45 and 85).
 */
function unitStored(unit: ReportedUnit | null) {
  const key = anywhere.val(unit?.key ?? null);
  const named =
    unit?.medium === "anime"
      ? [
          episodeChoices.where("e.key", "=", key).select((one) => one.lit(1).as("one")),
          recutEpisodeChoices.where("re.key", "=", key).select((one) => one.lit(1).as("one")),
          specialChoices.where("sp.key", "=", key).select((one) => one.lit(1).as("one")),
        ]
      : [volumeChoices.where("v.key", "=", key).select((one) => one.lit(1).as("one"))];
  return anywhere.or([anywhere(key, "is", null), ...named.map((each) => anywhere.exists(each))]);
}

/** Whether the report names no platform, "Other", or one of the platforms the series lists. */
function platformListed(platform: string | null) {
  return anywhere.or([
    anywhere(anywhere.val(platform), "is", null),
    anywhere(anywhere.val(platform), "=", OTHER_PLATFORM),
    anywhere.exists(
      query
        .selectFrom(sql<{ value: string }>`json_each((SELECT anime_platforms FROM series))`.as("listed"))
        .select((one) => one.lit(1).as("one"))
        .where("listed.value", "=", anywhere.val(platform)),
    ),
  ]);
}

/**
 * The season's episode, the recut episode or the OVA, special or film a report names, with its label and
 * its runtime in minutes: an episode's own, else its season's usual; a recut episode's own, else its
 * recut's usual (a recut runs its own length: decision 45); a special's own (`anime_specials.runtime`);
 * null where unknown. No row for any other unit.
 */
function namedEpisode(key: string | null) {
  return query.selectFrom(
    query
      .selectFrom("anime_episodes as e")
      .innerJoin("story_units as u", "u.key", "e.key")
      .innerJoin("anime_seasons as se", "se.number", "e.season_number")
      .where("e.key", "=", anywhere.val(key))
      .select((row) => ["u.label", row.fn.coalesce("e.runtime", "se.runtime").as("runtime")])
      .unionAll(
        query
          .selectFrom("anime_recut_episodes as re")
          .innerJoin("story_units as u", "u.key", "re.key")
          .innerJoin("anime_recuts as r", (join) =>
            join.onRef("r.season_number", "=", "re.season_number").onRef("r.number", "=", "re.recut_number"),
          )
          .where("re.key", "=", anywhere.val(key))
          .select((row) => ["u.label", row.fn.coalesce("re.runtime", "r.runtime").as("runtime")]),
      )
      .unionAll(
        query
          .selectFrom("anime_specials as sp")
          .innerJoin("story_units as u", "u.key", "sp.key")
          .where("sp.key", "=", anywhere.val(key))
          .select(["u.label", "sp.runtime"]),
      )
      .as("episode"),
  );
}

/**
 * Whether the timestamp an anime report names falls within its episode (app/lib/mistakes/rules.ts): the
 * episode does not run shorter than the timestamp needs. No timestamp, an unknown runtime or a unit that
 * is no episode compares as nothing (SQL's null), so it passes here.
 */
function timestampWithinEpisode(unit: ReportedUnit | null, timestamp: string | null) {
  const shortest = timestamp ? shortestRuntimeFor(timestamp) : null;
  return anywhere.not(
    anywhere.exists(
      namedEpisode(unit?.key ?? null)
        .select((one) => one.lit(1).as("one"))
        .where("episode.runtime", "<", anywhere.val(shortest)),
    ),
  );
}

/**
 * Whether a report stored and one sent again say the same: the browser's details, which the page fills in
 * as it sends, may differ between two sends of one form (a phone turned, a day gone by).
 */
function sameWords(stored: { kind: string; fields: string }, sent: { kind: string; fields: Record<string, string> }) {
  const { browser: _stored, ...before } = JSON.parse(stored.fields) as Record<string, string>;
  const { browser: _sent, ...now } = sent.fields;
  return stored.kind === sent.kind && JSON.stringify(before) === JSON.stringify(now);
}

/**
 * Stores a report with its first history entry, in one round trip. The submission id comes from the
 * form, so the same form sent twice by the same reader is one report (and one use of the rate limit);
 * the report's own id is chosen here. Sent again with other words, it is refused ("resent"). The hit on the rate limit, the report and its history are one
 * batch: the report is inserted only when the hit was taken, and the hit only when the named volume or
 * episode is of the right medium, the platform named is one the series lists or "Other", the timestamp named
 * falls within its episode's runtime, the reader has not sent this form before and one of their sessions is
 * still open (a report sent as the account is deleted is not kept).
 */
export async function submitReport(
  db: D1Database,
  report: {
    submissionId: string;
    uid: string;
    kind: ReportKind;
    title: string;
    fields: Record<string, string>;
    unit: ReportedUnit | null;
    /** The platform an anime report names (null: the form has none). */
    platform: string | null;
    /** The time an anime report names in its episode, well-formed (null: the form has none). */
    timestamp: string | null;
  },
  limitedHit: LimitedHitFor,
  now = new Date(),
): Promise<SubmitOutcome> {
  const at = now.toISOString();
  const sent = query
    .selectFrom("reports")
    .where("uid", "=", report.uid)
    .where("submission_id", "=", report.submissionId);
  const signedIn = signedInSomewhere(report.uid);
  const limit = limitedHit(
    anywhere.and([
      signedIn,
      anywhere.not(anywhere.exists(sent.select((one) => one.lit(1).as("one")))),
      unitStored(report.unit),
      platformListed(report.platform),
      timestampWithinEpisode(report.unit, report.timestamp),
    ]),
  );
  const reportId = crypto.randomUUID();
  const [checks, , , , , , stored, usage] = await batch(db, [
    query.selectNoFrom([
      signedIn.as("signedIn"),
      unitStored(report.unit).as("ok"),
      platformListed(report.platform).as("platformOk"),
      // Read with the rest (the same round trip), to name the episode's length should the time be past it.
      namedEpisode(report.unit?.key ?? null)
        .select("episode.label")
        .as("episodeLabel"),
      namedEpisode(report.unit?.key ?? null)
        .select("episode.runtime")
        .as("episodeRuntime"),
    ]),
    limit.open,
    limit.take,
    query
      .insertInto("reports")
      .columns(["id", "submission_id", "uid", "kind", "title", "fields", "status", "created_at", "updated_at"])
      .expression(
        query
          .selectNoFrom((row) => [
            row.val(reportId).as("id"),
            row.val(report.submissionId).as("submission_id"),
            row.val(report.uid).as("uid"),
            row.val(report.kind).as("kind"),
            row.val(report.title).as("title"),
            row.val(JSON.stringify(report.fields)).as("fields"),
            row.val("open").as("status"),
            row.val(at).as("created_at"),
            row.val(at).as("updated_at"),
          ])
          .where(afterChange),
      ),
    query
      .insertInto("report_history")
      .columns(["report_id", "at", "status", "note", "by_moderator"])
      .expression(
        query
          .selectNoFrom((row) => [
            row.val(reportId).as("report_id"),
            row.val(at).as("at"),
            row.val("open").as("status"),
            row.lit(null).as("note"),
            row.lit(0).as("by_moderator"),
          ])
          .where(afterChange),
      ),
    limit.sweep,
    sent.select(["id", "kind", "fields"]),
    limit.usage,
  ]);
  const found = stored[0];
  // Sent again as it was (a lost answer, a double tap): the report it made. With other words: refused, so
  // the reader is not told the new words were filed.
  if (found && found.id !== reportId && !sameWords(found, report)) return { stored: false, problem: "resent" };
  if (found) return { stored: true, reportId: found.id };
  if (!checks[0]?.signedIn) return { stored: false, problem: "signedOut" };
  if (!checks[0].ok) return { stored: false, problem: "unit" };
  if (!checks[0].platformOk) return { stored: false, problem: "platform" };
  const { episodeLabel, episodeRuntime } = checks[0];
  if (
    report.timestamp &&
    episodeLabel !== null &&
    episodeRuntime !== null &&
    !timestampWithinRuntime(report.timestamp, episodeRuntime)
  )
    return { stored: false, problem: "timestamp", episode: { label: episodeLabel, runtime: episodeRuntime } };
  return { stored: false, problem: "limit", limit: limit.reached(usage) };
}
