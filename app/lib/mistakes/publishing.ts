import {
  type CrossedReader,
  type SecretNamedAfterCrossing,
  secretNamedAfterCrossing,
} from "../progress/crossed-readers";
import { isRecutEpisodeKey } from "../content/units";
import { readRevealers, type Revealers } from "../shield/knowledge";
import {
  namesSecret,
  type SecretNamedEarly,
  secretNamedEarly,
  secretPattern,
  type StorySecret,
} from "../shield/secrets";
import { mistakeTimestampPattern, parseBookLocation } from "./rules";

/*
 * What a reader's mistranslation report becomes when a moderator accepts it: an entry on its volume's
 * or episode's page, shown to every reader of that unit, with the reader's own words in it. Before it is
 * published it is held to what the pack's own texts are held to at import: no secret named where a
 * reader can see the entry without knowing the secret, and a location that is a place, not a sentence.
 */

export type MistakeReportKind = "ln_mistl" | "anime_mistl";

/**
 * Who a reader's anime entry is shown to, as it is published (app/models/reported-mistakes.server.ts):
 * the revealers of the episode or OVA, special or film it names (`story_units.revealed_by`, as stored);
 * on a recut's episode, that episode's viewers alone (decision 85). A line noted there is one of a scene
 * the recut adds, which no season's episode has: the episode's revealers hold the season's episode it
 * reaches and the chapters' readers, who never saw it, and its `told_by` counts the season's episodes it
 * holds and the chapters its scenes adapt but not a scene made for the anime.
 */
export function animeEntryRevealers(unitKey: string, unitRevealedBy: string): readonly string[] {
  return isRecutEpisodeKey(unitKey) ? [unitKey] : readRevealers(unitRevealedBy);
}

/** The fields of each kind of report whose text the published entry shows, as the reader wrote it. */
export const publishedFields = {
  ln_mistl: ["official", "suggested", "japanese", "why", "location"],
  anime_mistl: ["official", "suggested", "why"],
} as const satisfies Record<MistakeReportKind, readonly string[]>;

/** Why a report cannot be published as it stands. */
export type PublicationProblem =
  | { problem: "location"; field: "location" | "timestamp"; written: string }
  | ({ problem: "secret"; field: string } & (SecretNamedEarly | SecretNamedAfterCrossing));

export type ReportToPublish = { kind: MistakeReportKind; fields: Readonly<Record<string, string | undefined>> };

/**
 * The first reason the report may not be published, or null: a location that is not one (a report sent
 * before the form checked it), then a secret named in any published field where a reader who sees the
 * entry (one of `revealedBy`, the units that reveal its volume or episode) may not know it yet: one who
 * read everything before, or, among `crossed`, one who came from another medium and skipped what tells it.
 */
export function publicationProblem(
  report: ReportToPublish,
  revealedBy: Revealers,
  secrets: readonly StorySecret[],
  crossed: readonly CrossedReader[] = [],
): PublicationProblem | null {
  const { fields } = report;
  if (report.kind === "ln_mistl") {
    const location = fields.location?.trim() ?? "";
    if (location && !parseBookLocation(location)) return { problem: "location", field: "location", written: location };
  } else {
    const timestamp = fields.timestamp?.trim() ?? "";
    if (!mistakeTimestampPattern.test(timestamp))
      return { problem: "location", field: "timestamp", written: timestamp };
  }
  const named = secretPublished(report, revealedBy, secrets, crossed);
  return named && { problem: "secret", ...named };
}

/**
 * The first secret a published field names where a reader who sees the entry (one of `revealedBy`) may
 * not know it yet, with the field; null when none. Accepting a report asks it of the reader's words, and
 * an import of the entries already published, against the secrets the pack now declares.
 */
export function secretPublished(
  report: ReportToPublish,
  revealedBy: Revealers,
  secrets: readonly StorySecret[],
  crossed: readonly CrossedReader[] = [],
): ({ field: string } & (SecretNamedEarly | SecretNamedAfterCrossing)) | null {
  for (const field of publishedFields[report.kind]) {
    const text = report.fields[field] ?? "";
    const named =
      secretNamedEarly(text, revealedBy, secrets) ?? secretNamedAfterCrossing(text, revealedBy, secrets, crossed);
    if (named) return { field, ...named };
  }
  return null;
}

/** Whether any published field names any secret: only then do the readers of crossings need judging. */
export function namesAnySecret(report: ReportToPublish, secrets: readonly StorySecret[]) {
  const patterns = secrets
    .map((secret) => secret.words.filter((word) => word.trim() !== ""))
    .filter((words) => words.length > 0)
    .map(secretPattern);
  return publishedFields[report.kind].some((field) =>
    patterns.some((pattern) => namesSecret(pattern, report.fields[field] ?? "") !== null),
  );
}
