import type {
  CharacterAffiliationRow,
  CharacterFactRow,
  CharacterRelationshipRow,
  CharacterRow,
  SearchEntryRow,
} from "../rows";
import { type StoredMediumName, whereSaid } from "../../app/lib/content/medium-names";
import { namedOpenly } from "../names";
import { charactersMetBy } from "../reveals";
import { inverseRelationshipKinds, type NamedMedium } from "../schema/characters";
import { mediumOf, readRevealers } from "../../app/lib/content/units";
import { originalBeside, mediaPath, type Resolution } from "./resolution";

/** The site's name of each medium a character can be named in. */
const storedMedia: Record<NamedMedium, StoredMediumName["medium"]> = {
  webNovel: "web_novel",
  lightNovels: "light_novels",
  manga: "manga",
  anime: "anime",
};
/** Where firstAppearances says a character appears in each medium (it writes the light novels in the singular). */
const firstAppearanceOf = { webNovel: "webNovel", lightNovels: "lightNovel", anime: "anime" } as const;
type FirstAppearances = { webNovel?: string; lightNovel?: string; anime?: string };

/**
 * The manga chapter a character first appears in: the manga has no `firstAppearances` of its own, so it is
 * the first, in story order, of the manga chapters that adapt a chapter one of their first appearances
 * tells (what reveals that first appearance to the manga's readers: decision 49). Null where no manga
 * chapter does (the manga left that part out, or has not got that far).
 */
export function firstMangaChapter(
  first: FirstAppearances,
  revealersOf: (unitKey: string) => string,
  positions: ReadonlyMap<string, number>,
): string | null {
  const chapters = [first.webNovel, first.lightNovel, first.anime]
    .flatMap((key) => (key === undefined ? [] : readRevealers(revealersOf(key))))
    .filter((unit) => mediumOf(unit) === "manga" && positions.has(unit));
  const place = (unit: string) => positions.get(unit)!;
  return chapters.reduce<string | null>(
    (earliest, unit) =>
      earliest === null || place(unit) < place(earliest) || (place(unit) === place(earliest) && unit < earliest)
        ? unit
        : earliest,
    null,
  );
}

/**
 * Whether the medium shows the character: firstAppearances says where each medium but the manga does; the
 * manga shows them from their first manga chapter (`firstMangaChapter`), as its readers then meet them.
 */
function shownIn(first: FirstAppearances, medium: NamedMedium, firstManga: string | null) {
  return medium === "manga" ? firstManga !== null : first[firstAppearanceOf[medium]] !== undefined;
}

/** What to give where a medium named does not show the character. */
const showThem = (medium: NamedMedium) =>
  medium === "manga"
    ? "no manga chapter adapts where they first appear: leave the name out until one does"
    : `give firstAppearances.${firstAppearanceOf[medium]} or leave the name out`;

/**
 * Characters with their affiliations, facts and relationships, each spoiler stored as the position
 * it is revealed at. A character's existence is revealed at their earliest first appearance.
 */
export function characterRows({ pack, packName, timeline, revealersOf, reference, report, gate }: Resolution) {
  const file = "characters.json";
  const characters: CharacterRow[] = [];
  const affiliations: CharacterAffiliationRow[] = [];
  const facts: CharacterFactRow[] = [];
  const relationships: CharacterRelationshipRow[] = [];
  const search: SearchEntryRow[] = [];
  const characterSlugs = new Set(pack.characters.characters.map((character) => character.slug));
  const seen = new Set<string>();
  // A character's existence is revealed by their first appearances, unless every reader knows them from the start.
  const existence = charactersMetBy(pack, revealersOf, timeline.positions);
  pack.characters.characters.forEach((character, index) => {
    const path = `characters[${index}]`;
    if (seen.has(character.slug)) {
      report(file, `${path}.slug`, `the slug "${character.slug}" is used twice`);
      return;
    }
    seen.add(character.slug);
    const first = character.firstAppearances;
    const firsts = [
      ["web_novel", reference(first.webNovel, file, `${path}.firstAppearances.webNovel`, "web_novel")],
      ["light_novels", reference(first.lightNovel, file, `${path}.firstAppearances.lightNovel`, "light_novels")],
      ["anime", reference(first.anime, file, `${path}.firstAppearances.anime`, "anime")],
    ] as const;
    // Release order of the media: the web novel came first, then the light novels, then the anime.
    const firstMedium = firsts.find(([, position]) => position !== null)?.[0] ?? null;
    const appearsAt = Math.min(...firsts.map(([, position]) => position ?? Infinity));
    const portrait = gate(character.portrait, file, `${path}.portrait`);
    const trueName = character.trueName && gate(character.trueName, file, `${path}.trueName`);
    const sameAs = character.trueName && namedOpenly(character, character.trueName.name);
    if (sameAs)
      report(
        file,
        `${path}.trueName.name`,
        `"${character.trueName!.name}" is ${sameAs}, which every reader who meets them sees: a true name is the one the story keeps from the reader until it is revealed. Leave trueName out where the name is no secret`,
      );
    const firstManga = firstMangaChapter(first, revealersOf, timeline.positions);
    const mediumNames: Array<StoredMediumName & { position: number | null }> = [];
    const told = new Set<string>();
    character.mediumNames.forEach((mediumName, n) => {
      const where = `${path}.mediumNames[${n}]`;
      const medium = storedMedia[mediumName.medium];
      const { position, revealedBy } = gate(mediumName, file, where);
      const said = `${mediumName.medium}/${mediumName.translation?.toLocaleLowerCase("en") ?? ""}`;
      if (!shownIn(first, mediumName.medium, firstManga))
        report(
          file,
          `${where}.medium`,
          `names the character in ${whereSaid({ medium, translation: null })}, which does not show them: ${showThem(mediumName.medium)}`,
        );
      else if (told.has(said))
        report(
          file,
          where,
          `${whereSaid({ medium, translation: mediumName.translation ?? null })} already names the character: tell a medium's names apart by their translation`,
        );
      else if (mediumName.revealAt && namedOpenly(character, mediumName.name))
        report(
          file,
          `${where}.revealAt`,
          `"${mediumName.name}" is ${namedOpenly(character, mediumName.name)}, which every reader who meets them sees: leave revealAt out`,
        );
      told.add(said);
      mediumNames.push({
        medium,
        translation: mediumName.translation ?? null,
        name: mediumName.name,
        revealedBy: mediumName.revealAt ? revealedBy : null,
        position,
      });
    });
    characters.push({
      slug: character.slug,
      name: character.name,
      original_name: originalBeside(character.name, character.originalName),
      aliases: JSON.stringify(character.aliases),
      affiliations: JSON.stringify(character.affiliations),
      summary: character.summary ?? null,
      portrait: character.portrait ? mediaPath(packName, character.portrait.src) : null,
      portrait_alt: character.portrait?.alt ?? null,
      portrait_reveal_position: portrait.position,
      portrait_revealed_by: portrait.revealedBy,
      revealed_by: existence.get(character.slug) ?? null,
      first_web_novel: first.webNovel ?? null,
      first_light_novel: first.lightNovel ?? null,
      first_anime: first.anime ?? null,
      first_manga: firstManga,
      first_medium: firstMedium,
      true_name: character.trueName?.name ?? null,
      true_name_original: character.trueName
        ? originalBeside(character.trueName.name, character.trueName.originalName)
        : null,
      true_name_revealed_by: trueName?.revealedBy ?? null,
      medium_names: JSON.stringify(mediumNames.map(({ position: _, ...stored }) => stored)),
      sort_name: character.name.toLocaleLowerCase("en"),
    });
    for (const affiliation of new Set(character.affiliations))
      affiliations.push({ character_slug: character.slug, affiliation });
    character.facts.forEach((fact, f) => {
      const { position, revealedBy } = gate(fact, file, `${path}.facts[${f}]`);
      facts.push({
        character_slug: character.slug,
        sort_order: f,
        label: fact.label,
        value: fact.value,
        reveal_position: position,
        revealed_by: revealedBy,
      });
    });
    const relationshipKeys = new Set<string>();
    character.relationships.forEach((relationship, r) => {
      const where = `${path}.relationships[${r}]`;
      if (!characterSlugs.has(relationship.to))
        report(file, `${where}.to`, `points to the character "${relationship.to}", which does not exist`);
      else if (relationship.to === character.slug)
        report(file, `${where}.to`, "a character cannot be related to itself");
      else if (relationshipKeys.has(`${relationship.to}/${relationship.kind}`))
        report(file, where, `the ${relationship.kind} relationship to "${relationship.to}" is listed twice`);
      else {
        relationshipKeys.add(`${relationship.to}/${relationship.kind}`);
        const { position, revealedBy } = gate(relationship, file, where);
        relationships.push({
          character_slug: character.slug,
          related_slug: relationship.to,
          kind: relationship.kind,
          description: relationship.description,
          reveal_position: position,
          // A relationship the pack does not gate still names the other character: gated with meeting them.
          revealed_by: relationship.revealAt ? revealedBy : (existence.get(relationship.to) ?? null),
        });
      }
    });
    search.push({
      ref: `character:${character.slug}`,
      kind: "character",
      title: character.name,
      subtitle: character.affiliations.join(" · "),
      path: `/characters/${character.slug}`,
      original_title: character.originalName ?? null,
      aliases: character.aliases.join(" · "),
      // Found by their summary and their affiliations too ("Lowwick" finds who is of Lowwick).
      body: [character.summary, ...character.affiliations].filter(Boolean).join(" · "),
      reveal_position: Number.isFinite(appearsAt) ? appearsAt : null,
      // A character is found once the reader has met them.
      revealed_by: existence.get(character.slug) ?? null,
    });
    // The true name is found only by readers who know it: an entry of its own, to the same profile.
    if (character.trueName)
      search.push({
        ref: `character-true-name:${character.slug}`,
        kind: "character",
        title: character.trueName.name,
        subtitle: [`Known as ${character.name}`, ...character.affiliations].join(" · "),
        path: `/characters/${character.slug}`,
        original_title: character.trueName.originalName ?? null,
        aliases: [character.name, character.originalName, ...character.aliases].filter(Boolean).join(" · "),
        body: character.summary ?? "",
        reveal_position: trueName!.position,
        revealed_by: trueName!.revealedBy,
      });
    // Each name a medium says otherwise finds the character too: said openly, once they are met; one
    // the medium says later, only by readers who know it. Found by that name alone: words of the name
    // the character goes by, or of their summary, find their own entry, not this one beside it.
    const found = new Set([character.name.toLocaleLowerCase("en")]);
    mediumNames.forEach((mediumName, n) => {
      if (found.has(mediumName.name.toLocaleLowerCase("en"))) return;
      found.add(mediumName.name.toLocaleLowerCase("en"));
      search.push({
        ref: `character-name:${character.slug}:${n + 1}`,
        kind: "character",
        title: mediumName.name,
        subtitle: [`${character.name}'s name in ${whereSaid(mediumName)}`, ...character.affiliations].join(" · "),
        path: `/characters/${character.slug}`,
        original_title: null,
        aliases: "",
        body: "",
        reveal_position:
          mediumName.revealedBy === null ? (Number.isFinite(appearsAt) ? appearsAt : null) : mediumName.position,
        revealed_by: mediumName.revealedBy ?? existence.get(character.slug) ?? null,
      });
    });
  });
  // Each side reads from its own character: two characters cannot each be the other's mentor.
  const kindsBetween = new Map<string, Set<string>>();
  for (const { character_slug, related_slug, kind } of relationships) {
    const key = `${character_slug}/${related_slug}`;
    kindsBetween.set(key, (kindsBetween.get(key) ?? new Set()).add(kind));
  }
  pack.characters.characters.forEach((character, index) => {
    character.relationships.forEach((relationship, r) => {
      const back = kindsBetween.get(`${relationship.to}/${character.slug}`);
      const inverse = inverseRelationshipKinds[relationship.kind];
      if (inverse === relationship.kind || !back?.has(relationship.kind)) return;
      report(
        file,
        `characters[${index}].relationships[${r}].kind`,
        `"${relationship.to}" is ${character.slug}'s ${relationship.kind}, so "${relationship.to}" must list "${character.slug}" as ${inverse}, not ${relationship.kind}`,
      );
    });
  });
  return { characters, affiliations, facts, relationships, search };
}
