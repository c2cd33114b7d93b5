import { z } from "zod";
import { checkWith, collectErrors } from "./form";
import { cleanCommentText, showsSomething } from "../discussion/comment-text";
import { lengthProblem } from "./text-length";
import { animeTrackLabels, bookLocationMessage, bookLocationPattern, mistakeTimestampPattern } from "../mistakes/rules";
import type { Medium, ReportKind, ReportStatus } from "../vocabulary";
import { formatOriginalLanguage } from "../format";

/**
 * The five feedback forms: one definition each, from which both the page's fields and the zod schema
 * (checked in the browser before sending, and again by the server) are made.
 */

export interface FieldDefinition {
  name: string;
  label: string;
  kind: "text" | "textarea" | "select" | "browser";
  required: boolean;
  max: number;
  help?: string;
  placeholder?: string;
  /** For selects whose choices are fixed; volume, episode and platform lists come from the database. */
  options?: Array<{ value: string; label: string }>;
  optionsFrom?: "volumes" | "episodes" | "platforms";
  pattern?: { regex: RegExp; message: string };
  /** Text written in the series' original language: the box is marked with it (spelling, input, fonts). */
  inOriginal?: true;
}

export interface FormDefinition {
  kind: ReportKind;
  slug: string;
  title: string;
  summary: string;
  fields: FieldDefinition[];
  /** The field whose text names the report in lists. */
  titleFrom: string;
}

const text = (
  name: string,
  label: string,
  required: boolean,
  max: number,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition => ({
  name,
  label,
  kind: "text",
  required,
  max,
  ...extra,
});
const area = (
  name: string,
  label: string,
  required: boolean,
  max = 4000,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition => ({
  name,
  label,
  kind: "textarea",
  required,
  max,
  ...extra,
});

/**
 * The five forms, their words naming the story's original as `original` says it: the series' language
 * ("Korean": "The Korean text, if you know it"), or "original" where the words need no language.
 */
const formsNaming = (original: string): FormDefinition[] => [
  {
    kind: "bug",
    slug: "report_bug",
    title: "Report a bug",
    summary: "Something on the site does not work as it should.",
    titleFrom: "happened",
    fields: [
      area("happened", "What happened?", true, 4000, { help: "Describe what you saw, including any error message." }),
      area("expected", "What did you expect to happen?", true),
      text("page", "Which page was it on?", true, 300, { placeholder: "/characters or the full address" }),
      area("steps", "Steps to make it happen again", false, 4000, { placeholder: "1. Open …\n2. Click …" }),
      { name: "browser", label: "Your browser (filled in for you)", kind: "browser", required: false, max: 500 },
    ],
  },
  {
    kind: "content",
    slug: "report_content",
    title: "Report a content error",
    summary: "A date, title, number or fact on the site is wrong.",
    titleFrom: "problem",
    fields: [
      text("item", "Which page or item?", true, 300, { placeholder: "e.g. volume 3 on the light novels page" }),
      area("problem", "What is wrong?", true),
      area("correction", "What is right?", true),
      text("source", "Source", false, 500, {
        help: "Where the correct information can be checked (a link, a page number).",
      }),
    ],
  },
  {
    kind: "ln_mistl",
    slug: "report_ln_mistl",
    title: "Report a light novel mistranslation",
    summary: `The official English light novel says something the ${original} does not.`,
    titleFrom: "official",
    fields: [
      { name: "volume", label: "Volume", kind: "select", required: true, max: 40, optionsFrom: "volumes" },
      text("chapter", "Chapter", true, 100, { placeholder: "e.g. 3, or the chapter's title" }),
      text("location", "Page or ebook position", false, 100, {
        placeholder: "e.g. p. 112 or 43%",
        help: "A page, a percentage or a Kindle location (loc. 1234).",
        // Published with the entry when the report is accepted: a place in the book, never free text.
        pattern: { regex: bookLocationPattern, message: bookLocationMessage },
      }),
      area("official", "The official English text", true, 2000),
      area("suggested", "Your suggested translation", true, 2000),
      area("japanese", `The ${original} text, if you know it`, false, 2000, { inOriginal: true }),
      area("why", "Why it matters", true, 2000, { help: "A literal gloss, or what the official text changes." }),
    ],
  },
  {
    kind: "feature",
    slug: "suggest_feature",
    title: "Suggest a feature",
    summary: "An idea that would make the site more useful.",
    titleFrom: "title",
    fields: [
      text("title", "Your idea in a few words", true, 120),
      area("idea", "Describe the idea", true),
      area("problem", "What problem does it solve?", true),
    ],
  },
  {
    kind: "anime_mistl",
    slug: "report_anime_mistl",
    title: "Report an anime mistranslation",
    // An anime of a Korean or Chinese series is often made in Japanese: its original is what it says.
    summary: "A subtitle, dub or caption line differs from the original.",
    titleFrom: "official",
    fields: [
      {
        name: "episode",
        label: "Episode, OVA, special or film",
        kind: "select",
        required: true,
        max: 40,
        optionsFrom: "episodes",
        // Translation notes name the season's own episodes, which a recut's lines come from (decision 45),
        // the recut episodes that add a scene, for a line of that scene (decision 85), and the OVAs,
        // specials and films that are out (decision 84).
        help: "A recut's line goes on the season's episode; a scene only the recut has, on the recut's.",
      },
      // How to write a time, on one line under the box on a phone; a refusal says it again above it, briefly.
      text("timestamp", "Timestamp", true, 8, {
        placeholder: "12:34",
        help: "Such as 12:34, or 1:04:30 past an hour.",
        pattern: {
          regex: mistakeTimestampPattern,
          // A film runs past an hour, and a player counting minutes shows 104:30 for 1:44:30.
          message: "Write minutes:seconds, or hours:minutes:seconds past an hour.",
        },
      }),
      {
        name: "platform",
        label: "Platform",
        kind: "select",
        required: true,
        max: 40,
        // The series' own (the pack's anime.json `platforms`), then "Other".
        optionsFrom: "platforms",
      },
      {
        name: "track",
        label: "Track",
        kind: "select",
        required: true,
        max: 20,
        options: Object.entries(animeTrackLabels).map(([value, label]) => ({ value, label })),
      },
      area("official", "The official line", true, 1000),
      area("suggested", "Your suggested line", true, 1000),
      area("why", "Why it matters", true, 2000),
    ],
  },
];

/**
 * The forms as the server checks them and tools list them: their words say "the original" where they
 * mean it. A page shows them in the series' language (reportFormsIn).
 */
export const reportForms = formsNaming("original");

/** The forms as a page shows them, for a series first written in `originalLanguage` (a BCP 47 tag): "differs from the Korean". */
export function reportFormsIn(originalLanguage: string) {
  return formsNaming(formatOriginalLanguage(originalLanguage));
}

/** One form by its address; in the series' language where `originalLanguage` is given (a page), else as reportForms. */
export function formBySlug(slug: string, originalLanguage?: string) {
  const forms = originalLanguage === undefined ? reportForms : reportFormsIn(originalLanguage);
  return forms.find((form) => form.slug === slug) ?? null;
}

/** One form by its kind; in the series' language where `originalLanguage` is given (a page), else as reportForms. */
export function formByKind(kind: ReportKind, originalLanguage?: string) {
  const forms = originalLanguage === undefined ? reportForms : reportFormsIn(originalLanguage);
  return forms.find((form) => form.kind === kind)!;
}

/**
 * The media of the units a form's list offers, which the action holds a sent key to: a light novel
 * volume, or an anime episode of a season or an OVA, special or film (decision 84).
 */
export const reportedUnitMedia = {
  volumes: ["light_novels"],
  episodes: ["anime", "anime_specials"],
} as const satisfies Record<"volumes" | "episodes", readonly Medium[]>;

/**
 * A volume or an episode as a report form offers it: by its label, its place ("Lanternfall EX 2",
 * "Season 1 · Episode 3"), which names it to the reader filing about it. Not by its title: the list
 * holds every volume and episode, most beyond what the reader has reached (decision 39).
 */
export function unitChoice(unit: { key: string; label: string }) {
  return { value: unit.key, label: unit.label };
}

/** A field's label inside a sentence: "volume", "episode, OVA, special or film" (an initialism kept). */
export function fieldInSentence(field: Pick<FieldDefinition, "label">) {
  return field.label.replace(/^./, (first) => first.toLowerCase());
}

/** The schema of one form. Select choices from the database are checked by the server afterwards. */
function reportSchema(form: FormDefinition) {
  const shape: Record<string, z.ZodType<string>> = {};
  for (const field of form.fields) {
    // Reader-written text, kept as a comment's is: no bidirectional overrides (text that reads otherwise
    // to moderators than it says) and no invisible characters, and a required field must show something.
    let value = z
      .string()
      .overwrite(cleanCommentText)
      // A phone's Japanese keyboard writes "１２：３４": a field with a pattern reads it as the "12:34" it is.
      .overwrite((text) => (field.pattern ? text.normalize("NFKC") : text))
      .check((check) => {
        const tooLong = fieldLengthProblem(field, check.value);
        if (tooLong) check.issues.push({ code: "custom", input: check.value, message: tooLong });
      });
    if (field.required)
      value = value.refine(
        showsSomething,
        field.kind === "select" ? `Choose the ${fieldInSentence(field)}.` : "This is needed.",
      );
    if (field.pattern) {
      const { regex, message } = field.pattern;
      value = value.refine((text) => text === "" || regex.test(text), message);
    }
    if (field.options) {
      const allowed = field.options.map((option) => option.value);
      value = value.refine((text) => text === "" || allowed.includes(text), "Choose one of the listed options.");
    }
    shape[field.name] = field.required ? value : value.optional().default("");
  }
  return z.object(shape);
}

/** The names of a form's fields, in the page's order. */
export function fieldNames(form: FormDefinition) {
  return form.fields.map((field) => field.name);
}

/**
 * The fields whose text is longer than they take, by the rule the schema checks: what the route's
 * clientAction refuses before anything is sent.
 */
export function reportLengthErrors(form: FormDefinition, values: Readonly<Record<string, string>>) {
  return collectErrors(
    Object.fromEntries(
      form.fields.map((field) => [field.name, fieldLengthProblem(field, cleanCommentText(values[field.name] ?? ""))]),
    ),
  );
}

/**
 * What a field says of text longer than it takes: how long it may be, or for a field written in a set
 * form (a timestamp), how to write it, which says more than a count of characters.
 */
function fieldLengthProblem(field: FieldDefinition, text: string) {
  const tooLong = lengthProblem(text, field.max);
  return tooLong && field.pattern ? field.pattern.message : tooLong;
}

/** Validates form values, in the browser before sending and again in the action. */
export function validateReport(form: FormDefinition, values: Record<string, unknown>) {
  return checkWith(reportSchema(form), values, fieldNames(form));
}

/**
 * Where in the story a report points, in the reader's own words after the unit's label:
 * "Lanternfall 3 · chapter 3 · p. 112", "Season 1 · Episode 3 at 12:34"; null for a report that
 * names no place (a bug, an idea).
 */
export function reportPlace(report: {
  kind: ReportKind;
  unitLabel: string | null;
  fields: Readonly<Record<string, string | undefined>>;
}) {
  const { fields } = report;
  if (report.kind === "ln_mistl") {
    const chapter = fields.chapter?.trim();
    const parts = [
      report.unitLabel ?? fields.volume,
      // A number as readers write it ("3", "123-A") reads as a chapter; a title as it is.
      chapter ? (/^\d+(-[A-Za-z])?$/.test(chapter) ? `chapter ${chapter}` : chapter) : null,
      fields.location?.trim(),
    ];
    return parts.filter(Boolean).join(" · ") || null;
  }
  if (report.kind === "anime_mistl") {
    const episode = report.unitLabel ?? fields.episode;
    if (!episode) return null;
    return fields.timestamp ? `${episode} at ${fields.timestamp}` : episode;
  }
  return null;
}

/**
 * A report's answer to one field as a moderator reads it: a volume or an episode by its label ("Anime ·
 * OVA", not its key), a fixed choice by its label ("Subtitles"), anything else as the reader wrote it.
 * A unit no longer in the content (`unitLabel` null) is shown by the key the reader chose.
 */
export function fieldShown(field: FieldDefinition, value: string, unitLabel: string | null) {
  if (field.optionsFrom === "volumes" || field.optionsFrom === "episodes") return unitLabel ?? value;
  return field.options?.find((option) => option.value === value)?.label ?? value;
}

export const reportStatusLabels: Record<ReportStatus, string> = {
  open: "Open",
  under_review: "Under review",
  accepted: "Accepted",
  declined: "Declined",
  duplicate: "Duplicate",
  done: "Done",
};

/** DESIGN: a per-reader limit on reports. */
export const REPORT_LIMITS = { perMinute: 5, perDay: 50 } as const;
