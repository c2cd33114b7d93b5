import { type ExpressionBuilder, expressionBuilder } from "kysely";
import { type MistakeCategory, type MistakeSeverity, timestampSeconds } from "~/lib/mistakes/rules";
import type { Database } from "./database";
import { query } from "./query.server";

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
 * at its volume or episode): it inserts only while the report is stored as accepted, so triage runs it
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
    const chapter = Number.parseInt(fields.chapter ?? "", 10);
    const page = Number.parseInt((fields.location ?? "").replace(/^p\.?\s*/i, ""), 10);
    const volume = fields.volume ?? "";
    return query
      .insertInto("ln_mistakes")
      .columns([
        "id",
        "source",
        "volume_key",
        "chapter",
        "page",
        "ebook_position",
        "edition",
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
          .selectFrom("ln_volumes as v")
          .innerJoin("story_units as u", "u.key", "v.key")
          .select((row) => [
            row.val(entryId).as("id"),
            row.val("report").as("source"),
            row.val(volume).as("volume_key"),
            row.val(Number.isFinite(chapter) && chapter > 0 ? chapter : 1).as("chapter"),
            row.val(Number.isFinite(page) && page > 0 ? page : null).as("page"),
            row.val(Number.isFinite(page) ? null : fields.location || null).as("ebook_position"),
            row.val("Reported by a reader").as("edition"),
            row.val(fields.japanese ?? "").as("japanese"),
            row.val(entry.official).as("official"),
            row.val(entry.suggested).as("suggested"),
            row.val(entry.explanation).as("explanation"),
            row.val(entry.category).as("category"),
            row.val(entry.severity).as("severity"),
            row.val("confirmed").as("status"),
            "u.position as reveal_position",
            "u.revealed_by",
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
        .selectFrom("anime_episodes as e")
        .innerJoin("story_units as u", "u.key", "e.key")
        .select((row) => [
          row.val(entryId).as("id"),
          row.val("report").as("source"),
          row.val(episode).as("episode_key"),
          row.val(start).as("start_seconds"),
          row.val(start + 5).as("end_seconds"),
          row.val(fields.platform ?? "Other").as("platform"),
          row.val(fields.track ?? "subtitles").as("track"),
          row.lit(null).as("japanese"),
          row.val(entry.official).as("official"),
          row.val(entry.suggested).as("suggested"),
          row.val(entry.explanation).as("explanation"),
          row.val(entry.category).as("category"),
          row.val(entry.severity).as("severity"),
          row.val("confirmed").as("status"),
          "u.position as reveal_position",
          "u.revealed_by",
          row.val(entry.credits).as("credits"),
          row.val(entry.added_on).as("added_on"),
        ])
        .where("e.key", "=", episode)
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
