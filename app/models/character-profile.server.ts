import { mediumNamesOf, portraitOf, trueNameOf } from "./characters.server";
import { gatedBy, gatedTitle, parseJsonList } from "./db.server";
import { batch, query } from "./query.server";
import { recutHolderIn } from "./anime-recuts.server";

/** One character's profile, or null when the slug is unknown. One round trip. */
export async function getCharacter(db: D1Database, slug: string) {
  const [characters, appearances, facts, relationships] = await batch(db, [
    query
      .selectFrom("characters")
      .select([
        "slug",
        "name",
        "true_name",
        "true_name_original",
        "true_name_revealed_by",
        "medium_names",
        "original_name",
        "aliases",
        "affiliations",
        "summary",
        "portrait",
        "portrait_alt",
        "portrait_revealed_by",
        "revealed_by",
        "first_medium",
        "first_web_novel",
        "first_light_novel",
        "first_anime",
        "first_manga",
      ])
      .where("slug", "=", slug),
    // Where the character first appears in each medium, in story order: the manga's as the import found it (decision 55).
    query
      .selectFrom("characters as c")
      .innerJoin("story_units as u", (join) =>
        join.on((unit) =>
          unit("u.key", "in", [
            unit.ref("c.first_web_novel"),
            unit.ref("c.first_light_novel"),
            unit.ref("c.first_anime"),
            unit.ref("c.first_manga"),
          ]),
        ),
      )
      .leftJoin("chapters as ch", "ch.key", "u.key")
      .leftJoin("ln_volumes as v", "v.key", "u.key")
      .leftJoin("anime_episodes as e", "e.key", "u.key")
      .leftJoin("manga_chapters as m", "m.key", "u.key")
      .select((unit) => [
        "u.key",
        "u.medium",
        "u.label",
        // A manga chapter, an episode or a volume without a title of its own goes by its label alone.
        unit.fn.coalesce("ch.title", "v.title", "e.title", "m.title").as("title"),
        // A title the pack flags (a web novel chapter's, a season's episode's, a manga chapter's) waits for what reveals it.
        unit.fn.coalesce("ch.title_revealed_by", "e.title_revealed_by", "m.title_revealed_by").as("title_revealed_by"),
        "u.revealed_by",
        // What reaches its place, which shows a title the pack does not flag.
        "u.title_reached_by as reached_by",
        "u.position",
      ])
      .where("c.slug", "=", slug)
      .orderBy("u.position"),
    query
      .selectFrom("character_facts")
      .select(["label", "value", "revealed_by"])
      .where("character_slug", "=", slug)
      .orderBy("sort_order"),
    // Relationships revealed from the start first, then in the order they are revealed, then by name.
    query
      .selectFrom("character_relationships as r")
      .innerJoin("characters as c", "c.slug", "r.related_slug")
      .select([
        "r.related_slug",
        "c.name as related_name",
        "c.true_name",
        "c.true_name_original",
        "c.true_name_revealed_by",
        "c.medium_names",
        "r.kind",
        "r.description",
        "r.revealed_by",
      ])
      .where("r.character_slug", "=", slug)
      .orderBy((relationship) => relationship("r.reveal_position", "is not", null))
      .orderBy("r.reveal_position")
      .orderBy("c.sort_name"),
  ]);

  const character = characters[0];
  if (!character) return null;
  // Everything about a character the reader has not met is gated with meeting them.
  return gatedBy(character.revealed_by, {
    slug: character.slug,
    name: character.name,
    trueName: trueNameOf(character),
    mediumNames: mediumNamesOf(character),
    originalName: character.original_name,
    aliases: parseJsonList(character.aliases),
    affiliations: parseJsonList(character.affiliations),
    summary: character.summary,
    portrait: portraitOf(character),
    // A manga chapter that tells where they first appear shows them (decisions 49 and 55): the manga says
    // their name too, or its own.
    inManga: character.first_manga !== null,
    firstAppearances: appearances.map((appearance) => ({
      key: appearance.key,
      medium: appearance.medium,
      label: appearance.label,
      title:
        appearance.title === null
          ? null
          : gatedTitle(appearance.title_revealed_by, appearance.reached_by, appearance.title),
      // Where a viewer of the recut met them (the anime's first appearance only: its revealers name the recut).
      inRecut: appearance.medium === "anime" ? recutHolderIn(appearance.revealed_by) : null,
    })),
    // A fact's label is gated with its value: "Fate" alone says there is one.
    facts: facts.map((fact) => gatedBy(fact.revealed_by, { label: fact.label, value: fact.value })),
    relationships: relationships.map((relationship) =>
      gatedBy(relationship.revealed_by, {
        slug: relationship.related_slug,
        name: relationship.related_name,
        // The related character's true name, by its own units: knowing the relationship is not knowing it.
        trueName: trueNameOf(relationship),
        mediumNames: mediumNamesOf(relationship),
        kind: relationship.kind,
        description: relationship.description,
      }),
    ),
  });
}
