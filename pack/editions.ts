import { dateStart, surelyBefore } from "../app/lib/content/dates";
import { formatOriginalLanguage } from "../app/lib/format";
import type { ContentPack } from "./schema/files";

/*
 * A volume's editions (docs/content.md, "Editions"): the original (in the series' original language,
 * series.json `originalLanguage`) and its translations, and the dates the site shows for the volume.
 * `releasedJp`, `releasedEn` and `isbn` are the short way to describe the original and English editions
 * (named for a Japanese series, they hold any original); where a volume writes both, what it writes there wins.
 */

type Volume = ContentPack["lightNovels"]["collections"][number]["volumes"][number];
type Edition = Volume["editions"][number];

/** A language without its script or region: "pt-BR" is "pt", "zh-Hant" is "zh". */
const baseLanguage = (tag: string) => tag.split("-")[0]!;

/** The language an edition is in, without its script or region. */
const languageOf = (edition: Edition) => baseLanguage(edition.language);

/** The earliest date among the editions in a language that have one, or undefined. */
function firstRelease(editions: readonly Edition[], language: string) {
  return editions
    .filter((edition) => languageOf(edition) === language && edition.releasedOn !== undefined)
    .map((edition) => edition.releasedOn!)
    .sort((a, b) => dateStart(a).localeCompare(dateStart(b)))[0];
}

/**
 * When the volume came out in the series' original language (`originalLanguage`, a BCP 47 tag) and in
 * English: `releasedJp` and `releasedEn` where written, else the first edition in that language (any
 * script or region) that has a date. `releasedEn: null` (no English edition yet) stays null; a date
 * that no field gives is not known.
 */
export function volumeReleases(
  volume: Volume,
  originalLanguage: string,
): {
  releasedJp: string | undefined;
  releasedEn: string | null | undefined;
} {
  return {
    releasedJp: volume.releasedJp ?? firstRelease(volume.editions, baseLanguage(originalLanguage)),
    releasedEn: volume.releasedEn !== undefined ? volume.releasedEn : firstRelease(volume.editions, "en"),
  };
}

/**
 * Why an English date cannot stand beside the original's (a light novel volume's or a manga volume's), or
 * null: English surely before the original. A month, a quarter or a year and a day in it cannot be told apart.
 */
export function englishBeforeOriginal(
  releasedEn: string | null | undefined,
  releasedOriginal: string | null | undefined,
  originalLanguage: string,
) {
  return releasedEn && releasedOriginal && surelyBefore(releasedEn, releasedOriginal)
    ? `the English release (${releasedEn}) cannot come before the ${formatOriginalLanguage(originalLanguage)} one (${releasedOriginal})`
    : null;
}

/**
 * A volume's English edition as its row keeps it: its date, and whether the pack states there is none yet
 * (`null`); left out, neither, so the site says nothing of an edition it does not know about.
 */
export function englishEditionColumns(releasedEn: string | null | undefined) {
  return { released_en: releasedEn ?? null, no_english_edition: releasedEn === null ? 1 : 0 } as const;
}

/** What is wrong with a volume's editions, each with the field (under the volume) it concerns. */
export function editionProblems(volume: Volume, originalLanguage: string): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const { releasedJp } = volumeReleases(volume, originalLanguage);
  const seen = new Map<string, number>();
  volume.editions.forEach((edition, index) => {
    const field = `editions[${index}]`;
    const one = `${edition.language}\u0000${edition.publisher.toLowerCase()}`;
    const first = seen.get(one);
    if (first !== undefined)
      problems.push({
        field: `${field}.publisher`,
        message: `${edition.publisher} publishes the "${edition.language}" edition twice (editions[${first}] and ${field}): list each publisher's edition in a language once`,
      });
    else seen.set(one, index);
    if (
      languageOf(edition) !== baseLanguage(originalLanguage) &&
      edition.releasedOn &&
      releasedJp &&
      surelyBefore(edition.releasedOn, releasedJp)
    )
      problems.push({
        field: `${field}.releasedOn`,
        message: `the "${edition.language}" edition (${edition.releasedOn}) cannot come out before the ${formatOriginalLanguage(originalLanguage)} original (${releasedJp})`,
      });
  });
  const english = volume.editions.findIndex((edition) => languageOf(edition) === "en");
  if (volume.releasedEn === null && english !== -1)
    problems.push({
      field: "releasedEn",
      message: `is null, which says there is no English edition, but editions[${english}] is one: leave releasedEn out`,
    });
  return problems;
}

/** The editions as the volume's row keeps them (ln_volumes.editions, JSON): every field, null where left out. */
export function editionsColumn(volume: Volume) {
  return JSON.stringify(
    volume.editions.map((edition) => ({
      language: edition.language,
      publisher: edition.publisher,
      title: edition.title ?? null,
      releasedOn: edition.releasedOn ?? null,
      isbn: edition.isbn ?? null,
    })),
  );
}
