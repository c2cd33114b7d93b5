import type { PackRows } from "../../pack/rows";
import { readRevealers } from "../../app/lib/shield/knowledge";
import type { StoredMediumName } from "../../app/lib/content/medium-names";

/** A piece of text the content pack gates, with the units that reveal it and where it comes from. */
export interface GatedText {
  text: string;
  revealedBy: readonly string[];
  where: string;
}

/**
 * Every piece of text a resolved pack gates, with the units that reveal it, for the checks that no
 * response carries one beyond what its requester has seen (tests/workers/shield.test.ts,
 * tests/e2e/spoilers.spec.ts). Read from the importer's own rows, so a new gated field is one place.
 */
export function gatedTextsOf(rows: PackRows): GatedText[] {
  const unitRevealers = new Map(rows.story_units.map((unit) => [unit.key, unit.revealed_by]));
  const flagged = <Row>(
    list: Row[],
    revealedBy: (row: Row) => string | null,
    texts: (row: Row) => string[],
    where: (row: Row) => string,
  ) =>
    list.flatMap((row) => {
      const revealers = revealedBy(row);
      return revealers === null
        ? []
        : texts(row).map((text) => ({ text, revealedBy: readRevealers(revealers), where: where(row) }));
    });
  return [
    ...flagged(
      rows.chapters,
      (row) => row.title_revealed_by,
      (row) => [row.title],
      (row) => `title of ${row.key}`,
    ),
    // A true name kept secret, wherever it would name the character (their profile, card, search
    // entry, the relationships that name them).
    ...flagged(
      rows.characters,
      (row) => row.true_name_revealed_by,
      (row) => (row.true_name ? [row.true_name] : []),
      (row) => `true name of ${row.slug}`,
    ),
    // A name a medium says only later, wherever it would name the character.
    ...flagged(
      rows.characters.flatMap((row) =>
        (JSON.parse(row.medium_names ?? "[]") as StoredMediumName[]).map((name) => ({ slug: row.slug, ...name })),
      ),
      (row) => row.revealedBy,
      (row) => [row.name],
      (row) => `name of ${row.slug} in ${row.medium}`,
    ),
    ...flagged(
      rows.character_facts,
      (row) => row.revealed_by,
      (row) => [row.value],
      (row) => `fact of ${row.character_slug}`,
    ),
    ...flagged(
      rows.character_relationships,
      (row) => row.revealed_by,
      (row) => [row.description],
      (row) => `relationship of ${row.character_slug}`,
    ),
    ...flagged(
      [...rows.ln_mistakes, ...rows.anime_mistakes],
      (row) => row.revealed_by,
      (row) => [row.official, row.suggested, row.explanation],
      (row) => `entry ${row.id}`,
    ),
    // A season's episode's flagged title, and its original, revealed by what reveals the episode itself.
    ...flagged(
      rows.anime_episodes,
      (row) => row.title_revealed_by,
      (row) => [row.title, row.original_title].filter((text) => text !== null),
      (row) => `title of ${row.key}`,
    ),
    // A flagged Break Time short's title is revealed by the short and by the episode it accompanies.
    ...flagged(
      rows.break_time_episodes,
      (row) => row.title_revealed_by,
      (row) => [row.title].filter((text) => text !== null),
      (row) => `title of ${row.key}`,
    ),
    // An OVA's, special's or film's flagged title, and what each tells (revealed by what reveals it).
    ...flagged(
      rows.anime_specials,
      (row) => row.title_revealed_by,
      (row) => [row.title, row.original_title].filter((text) => text !== null),
      (row) => `title of ${row.key}`,
    ),
    ...flagged(
      rows.anime_specials,
      (row) => unitRevealers.get(row.key) ?? "",
      (row) => [row.synopsis, row.original].filter((text): text is string => text !== null),
      (row) => `what ${row.key} tells`,
    ),
    // What the anime made up in an anime-original episode, revealed by what reveals the episode itself.
    ...flagged(
      rows.anime_episodes.filter((row) => row.original !== null),
      (row) => unitRevealers.get(row.key) ?? "",
      (row) => [row.original!],
      (row) => `what ${row.key} made up`,
    ),
    // A side story that gives a fate away, an arc summary that tells what comes, what a volume changed,
    // and a volume's chapter title that repeats a flagged one.
    ...flagged(
      rows.side_stories,
      (row) => row.revealed_by,
      (row) => [row.title, row.summary ?? ""],
      (row) => `side story ${row.slug}`,
    ),
    ...flagged(
      rows.arcs,
      (row) => row.title_revealed_by,
      (row) => [row.title, ...(row.original_title ? [row.original_title] : [])],
      (row) => `title of arc ${row.number}`,
    ),
    ...flagged(
      rows.arcs.filter((arc) => arc.summary),
      (row) => row.summary_revealed_by,
      (row) => [row.summary!],
      (row) => `summary of arc ${row.number}`,
    ),
    // A cut scene's note, with the volume and the chapters it cut: those the volume's readers have not read in it.
    ...flagged(
      rows.ln_volume_changes,
      (row) => (row.kind === "cut" && row.chapters_to ? unitRevealers.get(row.chapters_to) : null) ?? row.revealed_by,
      (row) => [row.note],
      (row) => `change note of ${row.volume_key}`,
    ),
    ...rows.ln_volumes.flatMap((volume) => {
      const revealers = JSON.parse(volume.chapter_titles_revealed_by) as (string | null)[];
      return (JSON.parse(volume.chapter_titles) as string[]).flatMap((text, index) =>
        revealers[index]
          ? [{ text, revealedBy: readRevealers(revealers[index]!), where: `chapter ${index + 1} of ${volume.key}` }]
          : [],
      );
    }),
    // What the adaptation changed is revealed with its episode; chapters it skipped, with them.
    ...flagged(
      rows.adaptation_changes.filter((change) => change.note),
      (row) =>
        (row.kind === "skipped" && row.chapters_to ? unitRevealers.get(row.chapters_to) : null) ??
        unitRevealers.get(row.episode_key) ??
        "",
      (row) => [row.note!],
      (row) => `change note of ${row.episode_key}`,
    ),
    // A manga series' or chapter's flagged title, and what a manga-original chapter tells (decision 49).
    ...flagged(
      rows.manga_series,
      (row) => row.title_revealed_by,
      (row) => [row.title, ...(row.original_title ? [row.original_title] : [])],
      (row) => `title of manga series ${row.code}`,
    ),
    ...flagged(
      rows.manga_chapters,
      (row) => row.title_revealed_by,
      (row) => (row.title ? [row.title] : []),
      (row) => `title of ${row.key}`,
    ),
    ...flagged(
      rows.manga_chapters,
      (row) => unitRevealers.get(row.key) ?? "",
      (row) => (row.original ? [row.original] : []),
      (row) => `what ${row.key} tells`,
    ),
    // A scene a recut adds is revealed with its recut episode (decision 45).
    ...rows.anime_recut_episodes.flatMap((episode) =>
      (JSON.parse(episode.new_scenes) as { note: string; revealedBy: string | null }[]).map((scene) => ({
        text: scene.note,
        revealedBy: readRevealers(scene.revealedBy ?? unitRevealers.get(episode.key) ?? ""),
        where: `new scene of ${episode.key}`,
      })),
    ),
  ];
}
