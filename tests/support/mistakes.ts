/**
 * The mistakes' gated texts as D1 holds them, and checks that a response carries exactly
 * the ones its requester knows: the expectations come from each entry's `revealed_by` through the
 * one spoiler rule (`knows`), not from the code under test.
 */
import { env } from "cloudflare:workers";
import { entryHandle } from "~/lib/mistakes/rules";
import { isGated } from "~/lib/shield/gated";
import { type Knowledge, knows, readRevealers } from "~/lib/shield/knowledge";
import { action as formAction } from "~/routes/feedback-hub.form";
import { action as triageAction } from "~/routes/feedback-hub.triage";
import { callAsReader, form, readerCookie } from "./readers";

export interface StoredMistake {
  id: string;
  revealedBy: readonly string[];
  /**
   * Every text of the entry that quotes the story: the lines and the explanation. Its chapter's title is
   * gated as its volume's contents are (tests/support/gated-texts.ts), not by the entry.
   */
  texts: string[];
}

export interface StoredMistakes {
  mistakes: StoredMistake[];
  /** What the pages show everyone around the entries: labels and titles of units, collections and seasons. */
  publicTexts: string[];
}

type MistakeRow = {
  id: string;
  revealed_by: string;
  japanese: string | null;
  official: string;
  suggested: string;
  explanation: string;
};

/** Every light novel and anime entry in D1, with its gated texts, and the public texts around them. */
export async function storedMistakes(): Promise<StoredMistakes> {
  const [ln, anime] = await env.DB.batch<MistakeRow>([
    env.DB.prepare(`SELECT id, revealed_by, japanese, official, suggested, explanation FROM ln_mistakes`),
    env.DB.prepare(`SELECT id, revealed_by, japanese, official, suggested, explanation FROM anime_mistakes`),
  ]);
  const labels = await env.DB.batch<{ text: string }>([
    env.DB
      .prepare(`SELECT label AS text FROM story_units UNION SELECT title FROM anime_episodes UNION SELECT title FROM anime_seasons
                    UNION SELECT title FROM ln_volumes UNION SELECT name FROM ln_collections`),
  ]);
  return {
    mistakes: [...ln!.results, ...anime!.results].map((row) => ({
      // The id as the site shows it; the pack's own id is one of the entry's texts, as it is often made of them.
      id: entryHandle(row.id),
      revealedBy: readRevealers(row.revealed_by),
      texts: [row.japanese, row.official, row.suggested, row.explanation, row.id].filter((text): text is string =>
        Boolean(text),
      ),
    })),
    publicTexts: labels[0]!.results.map((row) => row.text),
  };
}

const xmlEscaped = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
const htmlEscaped = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/** Whether a response body holds the text as written, inside JSON, or escaped for HTML or XML. */
function holds(body: string, text: string) {
  return [text, JSON.stringify(text).slice(1, -1), xmlEscaped(text), htmlEscaped(text)].some((form) =>
    body.includes(form),
  );
}

/**
 * The gated texts a response body (a loader's data as JSON, HTML, a feed) carries though its requester
 * does not know them, as "id: text". A text that a known entry shares (two entries of one chapter
 * share its title), or that the pack shows everyone anyway (an episode named like the chapter), does
 * not count.
 */
export function unknownTextsIn(body: string, { mistakes, publicTexts }: StoredMistakes, knowledge: Knowledge) {
  const known = new Set(
    mistakes.filter((mistake) => knows(knowledge, mistake.revealedBy)).flatMap((mistake) => mistake.texts),
  );
  const isPublic = (text: string) => known.has(text) || publicTexts.some((shown) => shown.includes(text));
  return mistakes
    .filter((mistake) => !knows(knowledge, mistake.revealedBy))
    .flatMap((mistake) =>
      mistake.texts.filter((text) => !isPublic(text) && holds(body, text)).map((text) => `${mistake.id}: ${text}`),
    );
}

/** The entries a loader's data holds (gated items with an id), and whether each came with its content. */
export function entriesIn(data: unknown, found = new Map<string, boolean>()): Map<string, boolean> {
  if (typeof data !== "object" || data === null) return found;
  if (Array.isArray(data)) {
    for (const item of data) entriesIn(item, found);
    return found;
  }
  if (isGated(data) && "id" in data && typeof data.id === "string") found.set(data.id, data.content !== null);
  for (const value of Object.values(data)) entriesIn(value, found);
  return found;
}

/**
 * Whether the data gives each entry it holds its content exactly when the knowledge knows it (per
 * D1's revealed_by); the mismatches as "id: shown/sealed".
 */
export function wronglyShownOrSealed(data: unknown, { mistakes }: StoredMistakes, knowledge: Knowledge) {
  const revealedBy = new Map(mistakes.map((mistake) => [mistake.id, mistake.revealedBy]));
  return [...entriesIn(data)]
    .filter(([id, shown]) => !revealedBy.has(id) || shown !== knows(knowledge, revealedBy.get(id)))
    .map(([id, shown]) => `${id}: ${shown ? "shown" : "sealed"}`);
}

/**
 * Anime reports sent through the feedback hub's form, each from a reader of its own (`<readers>-1`,
 * `<readers>-2`…), with `fields` filled in where a report leaves them out: what the action answered, the
 * reader and the report's submission id, to find what was stored (`storedReport`).
 */
export function animeReports(readers: string, fields: Record<string, string>) {
  let sent = 0;
  return async (changed: Record<string, string>) => {
    const submissionId = crypto.randomUUID();
    const uid = `${readers}-${++sent}`;
    const result = await callAsReader(formAction, "/feedback_hub/report_anime_mistl", {
      method: "POST",
      cookie: await readerCookie(uid),
      params: { form: "report_anime_mistl" },
      body: form({ submissionId, ...fields, ...changed }),
    });
    return { result, uid, submissionId };
  };
}

/** The report a reader sent with this submission id, as stored; null when none was. */
export function storedReport(uid: string, submissionId: string) {
  return env.DB.prepare(`SELECT id, fields FROM reports WHERE uid = ? AND submission_id = ?`)
    .bind(uid, submissionId)
    .first<{ id: string; fields: string }>();
}

/** A moderator accepts the report with this id as a minor mistranslation: what the triage action answered. */
export async function acceptReport(reportId: string) {
  return callAsReader(triageAction, "/feedback_hub/triage", {
    method: "POST",
    cookie: await readerCookie("mistakes-moderator", { admin: true, name: "Mod" }),
    body: form({
      reportId,
      from: "open",
      status: "accepted",
      note: "Confirmed.",
      category: "mistranslation",
      severity: "minor",
    }),
  });
}
