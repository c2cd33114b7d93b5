import { lightNovelChapterLabel } from "~/lib/content/labels";
import { type ExpressionBuilder, expressionBuilder, sql } from "kysely";
import {
  type MistakeCategory,
  type MistakeSeverity,
  OTHER_PLATFORM,
  parseBookLocation,
  timestampSeconds,
} from "~/lib/mistakes/rules";
import { animeEntryRevealers, namesAnySecret, publicationProblem } from "~/lib/mistakes/publishing";
import { crossedReaders } from "~/lib/progress/crossed-readers";
import { parseJsonList } from "./db.server";
import type { Database } from "./database";
import { batch, query } from "./query.server";
import { getTimeline } from "./timeline.server";
import { readRevealers } from "~/lib/shield/knowledge";
import { unspacedPairs } from "~/lib/search/query";

/** A mistranslation report a moderator accepted, and how its entry is filed. */
export interface AcceptedMistakeReport {
  reportId: string;
  kind: "ln_mistl" | "anime_mistl";
  /** The form's fields as the reader sent them. */
  fields: Record<string, string>;
}

/** How a moderator files the entry a report becomes. */
export interface MistakeFiling {
  category: MistakeCategory;
  severity: MistakeSeverity;
  moderatorName: string;
}

/** The entry's table for a kind of report. */
const entryTable = (kind: AcceptedMistakeReport["kind"]) => (kind === "anime_mistl" ? "anime_mistakes" : "ln_mistakes");

/** Whether the report is stored as accepted, checked when a statement runs. */
const whileAccepted = (reportId: string) =>
  expressionBuilder<Database>().exists(
    query
      .selectFrom("reports")
      .select((one) => one.lit(1).as("one"))
      .where("id", "=", reportId)
      .where("status", "=", "accepted"),
  );

/** Whether an entry with this id exists in the table. */
const entryStored = (table: "ln_mistakes" | "anime_mistakes", entryId: string) =>
  query
    .selectFrom(table)
    .select((one) => one.lit(1).as("one"))
    .where("id", "=", entryId);

/**
 * The statement that publishes a report as a light novel or anime entry (`source = 'report'`, revealed
 * at its volume, episode or OVA, special or film): it inserts only while the report is stored as accepted, so triage runs it
 * after the status change in the same batch. The entry id is the report's (chosen by the server,
 * unique), so entries never collide and a report is published once; a stored unit of the wrong medium
 * inserts nothing.
 */
function publication(report: AcceptedMistakeReport, filing: MistakeFiling, entryId: string, now: Date) {
  const { fields } = report;
  const entry = {
    official: fields.official ?? "",
    suggested: fields.suggested ?? "",
    explanation: fields.why ?? "",
    category: filing.category,
    severity: filing.severity,
    credits: JSON.stringify(["A reader", `reviewed by ${filing.moderatorName}`]),
    added_on: now.toISOString().slice(0, 10),
  };
  if (report.kind === "ln_mistl") {
    const typed = fields.chapter?.trim() ?? "";
    // A chapter's number as the reader wrote it is the book's ("3", "123-A"); a title they typed is not
    // published as a label (triage holds the entry's text to the secrets, not this field).
    const typedLabel = /^\d+(?:-[A-Za-z\d]+)?$/.test(typed) ? lightNovelChapterLabel(typed) : null;
    // The entry takes its place in the volume's contents, as the pack's entries do: the chapter whose
    // label the reader gave ("3" is "Chapter 3", after a prologue the fourth of the list), else the one
    // whose title they typed. Not found, a number stays as written, and a title gives no place (0).
    const place = sql<number>`CAST(COALESCE(
      (SELECT l.key + 1 FROM json_each(v.chapter_labels) AS l WHERE l.value = ${typedLabel} LIMIT 1),
      (SELECT t.key + 1 FROM json_each(v.chapter_titles) AS t
        WHERE t.value <> '' AND lower(t.value) = lower(${typed}) LIMIT 1),
      ${typedLabel ? Math.max(Number.parseInt(typed, 10), 0) : 0}) AS INTEGER)`;
    const listed = (list: "chapter_labels" | "chapter_titles") =>
      sql<
        string | null
      >`CASE WHEN ${place} > 0 THEN json_extract(v.${sql.raw(list)}, '$[' || (${place} - 1) || ']') END`;
    // Checked before publishing (./report-decisions.server): a page, an ebook position, or nothing.
    const location = parseBookLocation(fields.location ?? "");
    const volume = fields.volume ?? "";
    return query
      .insertInto("ln_mistakes")
      .columns([
        "id",
        "source",
        "volume_key",
        "chapter",
        "chapter_label",
        "chapter_title",
        "page",
        "ebook_position",
        "edition",
        "japanese",
        "letter_pairs",
        "official",
        "suggested",
        "explanation",
        "category",
        "severity",
        "status",
        "reveal_position",
        "revealed_by",
        "credits",
        "added_on",
      ])
      .expression(
        query
          .selectFrom("ln_volumes as v")
          .innerJoin("story_units as u", "u.key", "v.key")
          .select((row) => [
            row.val(entryId).as("id"),
            row.val("report").as("source"),
            row.val(volume).as("volume_key"),
            place.as("chapter"),
            sql<string | null>`COALESCE(${listed("chapter_labels")}, ${typedLabel})`.as("chapter_label"),
            sql<string | null>`NULLIF(${listed("chapter_titles")}, '')`.as("chapter_title"),
            row.val(location?.page ?? null).as("page"),
            row.val(location?.ebookPosition ?? null).as("ebook_position"),
            row.val("Reported by a reader").as("edition"),
            row.val(fields.japanese ?? "").as("japanese"),
            // Found by any part of a Chinese, Japanese or Korean word, as the pack's entries are (migration 0048).
            row.val(unspacedPairs(entry.official, fields.japanese ?? "")).as("letter_pairs"),
            row.val(entry.official).as("official"),
            row.val(entry.suggested).as("suggested"),
            row.val(entry.explanation).as("explanation"),
            row.val(entry.category).as("category"),
            row.val(entry.severity).as("severity"),
            row.val("confirmed").as("status"),
            "u.position as reveal_position",
            // A reader's words about a passage: only the volume's readers (and what tells all it prints)
            // have surely read it; an anime past the volume may have skipped its chapter (decision 58).
            "u.told_by as revealed_by",
            row.val(entry.credits).as("credits"),
            row.val(entry.added_on).as("added_on"),
          ])
          .where("v.key", "=", volume)
          .where((row) => row.not(row.exists(entryStored("ln_mistakes", entryId))))
          .where(whileAccepted(report.reportId)),
      );
  }
  const start = timestampSeconds(fields.timestamp ?? "0:00");
  const episode = fields.episode ?? "";
  return query
    .insertInto("anime_mistakes")
    .columns([
      "id",
      "source",
      "episode_key",
      "start_seconds",
      "end_seconds",
      "platform",
      "track",
      "japanese",
      "official",
      "suggested",
      "explanation",
      "category",
      "severity",
      "status",
      "reveal_position",
      "revealed_by",
      "credits",
      "added_on",
    ])
    .expression(
      query
        .selectFrom("story_units as u")
        .select((row) => [
          row.val(entryId).as("id"),
          row.val("report").as("source"),
          row.val(episode).as("episode_key"),
          row.val(start).as("start_seconds"),
          row.val(start + 5).as("end_seconds"),
          row.val(fields.platform ?? OTHER_PLATFORM).as("platform"),
          row.val(fields.track ?? "subtitles").as("track"),
          row.lit(null).as("japanese"),
          row.val(entry.official).as("official"),
          row.val(entry.suggested).as("suggested"),
          row.val(entry.explanation).as("explanation"),
          row.val(entry.category).as("category"),
          row.val(entry.severity).as("severity"),
          row.val("confirmed").as("status"),
          "u.position as reveal_position",
          // A recut episode's line is one of a scene the recut adds (decision 85): only its viewers have
          // seen it, not the season's viewers or the readers its place reaches (`animeEntryRevealers` says the same).
          row
            .case()
            .when(
              row.exists(
                row.selectFrom("anime_recut_episodes as re").select("re.key").whereRef("re.key", "=", "u.key"),
              ),
            )
            .then(row.ref("u.key"))
            .else(row.ref("u.revealed_by"))
            .end()
            .as("revealed_by"),
          row.val(entry.credits).as("credits"),
          row.val(entry.added_on).as("added_on"),
        ])
        .where("u.key", "=", episode)
        // A season's episode, an OVA, special or film, or a recut's episode: each is revealed at its own place,
        // an episode and a special by its own revealers (a special's are its viewers and, for one that tells
        // a side story, that story's: decision 46), a recut's episode by its viewers alone (decision 85).
        .where((row) =>
          row.or([
            row.exists(row.selectFrom("anime_episodes as e").select("e.key").whereRef("e.key", "=", "u.key")),
            row.exists(row.selectFrom("anime_specials as sp").select("sp.key").whereRef("sp.key", "=", "u.key")),
            row.exists(row.selectFrom("anime_recut_episodes as re").select("re.key").whereRef("re.key", "=", "u.key")),
          ]),
        )
        .where((row) => row.not(row.exists(entryStored("anime_mistakes", entryId))))
        .where(whileAccepted(report.reportId)),
    );
}

/**
 * The statements that make a mistranslation report's entry follow its stored status, for the batch
 * that changes the status (after the change): published while accepted (once, filed as `filing` says),
 * taken down otherwise, and the report naming it only while it exists. They depend only on the stored
 * status, so whatever the order of decisions, the entry exists exactly while the report is accepted.
 */
export function entryFollowingReport(report: AcceptedMistakeReport, filing: MistakeFiling, now: Date) {
  const entryId = `report-${report.reportId}`;
  const table = entryTable(report.kind);
  /** The entry's id while the report is accepted and the entry exists, else NULL. */
  const publishedNow = (row: ExpressionBuilder<Database, "reports">) =>
    row
      .case()
      .when("status", "=", "accepted")
      .then(query.selectFrom(table).select("id").where("id", "=", entryId).$asScalar())
      .end();
  return [
    publication(report, filing, entryId, now),
    query
      .deleteFrom(table)
      .where("id", "=", entryId)
      .where("source", "=", "report")
      .where((row) =>
        row.exists(
          query
            .selectFrom("reports")
            .select((one) => one.lit(1).as("one"))
            .where("id", "=", report.reportId)
            .where("status", "<>", "accepted"),
        ),
      ),
    query
      .updateTable("reports")
      .set((row) => ({ published_entry: publishedNow(row) }))
      .where("id", "=", report.reportId)
      .where((row) => row("published_entry", "is not", publishedNow(row))),
  ] as const;
}

/**
 * Why the report may not be published as it stands, or null (app/lib/mistakes/publishing.ts): it is held
 * to the story's secrets (stored by the content import) as seen by whoever its volume or episode reveals
 * it to. A refusal about a secret names the unit whose readers would be spoiled by its label. A unit
 * that no longer exists publishes nothing, so nothing is checked.
 */
export async function reportPublicationProblem(db: D1Database, report: AcceptedMistakeReport) {
  const unitKey = (report.kind === "ln_mistl" ? report.fields.volume : report.fields.episode) ?? "";
  const [units, secrets] = await batch(db, [
    query.selectFrom("story_units").select(["revealed_by", "told_by"]).where("key", "=", unitKey),
    query.selectFrom("story_secrets").select(["id", "words", "revealed_by"]).orderBy("id"),
  ]);
  const unit = units[0];
  if (!unit) return null;
  // As it is published: a light novel report by who has read the whole volume, an anime one by the episode's
  // revealers (a recut episode's by its viewers alone).
  const revealedBy =
    report.kind === "ln_mistl" ? readRevealers(unit.told_by) : animeEntryRevealers(unitKey, unit.revealed_by);
  const storySecrets = secrets.map((secret) => ({
    id: secret.id,
    words: parseJsonList(secret.words),
    revealedBy: readRevealers(secret.revealed_by),
  }));
  let problem = publicationProblem(report, revealedBy, storySecrets);
  // Readers who came from another medium may have skipped what tells a secret the report names: the
  // timeline is read for them only then (a second round trip, on this moderator's action alone).
  if (!problem && namesAnySecret(report, storySecrets)) {
    const { units: timeline } = await getTimeline(db);
    problem = publicationProblem(report, revealedBy, storySecrets, crossedReaders(timeline));
  }
  if (problem?.problem !== "secret") return problem && { kind: report.kind, ...problem };
  const [labels] = await batch(db, [query.selectFrom("story_units").select("label").where("key", "=", problem.before)]);
  return { kind: report.kind, ...problem, beforeLabel: labels[0]?.label ?? null };
}
