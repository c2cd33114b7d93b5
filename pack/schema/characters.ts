import { z } from "zod";
import { type RelationshipKind, relationshipKinds } from "../../app/lib/vocabulary";
import { imagePath, optionalText, revealInSchema, slug, text, unitKey } from "./fields";

/* characters.json: the cast, with their facts, portraits and relationships, each gated where it gives something away. */

/**
 * A relationship's `kind` says what the character named in `to` is to the character listing it: on
 * Ilse's entry, Corvin is her "mentor"; on Corvin's, Ilse is his "student". Each kind read from the
 * other side is its inverse here, so a pair listed from both sides must read as inverses.
 */
export const inverseRelationshipKinds: Record<RelationshipKind, RelationshipKind> = {
  family: "family",
  friend: "friend",
  ally: "ally",
  rival: "rival",
  enemy: "enemy",
  mentor: "student",
  student: "mentor",
  romance: "romance",
  colleague: "colleague",
  other: "other",
};

/**
 * The media a character's name can differ in, as `revealIn` names them; the manga (which `revealIn` does
 * not name: its chapters reveal what the web novel chapters they adapt do) as manga.json does.
 */
export const namedMedia = ["webNovel", "lightNovels", "manga", "anime"] as const;
export type NamedMedium = (typeof namedMedia)[number];

/**
 * The character's name in one medium, or in one translation of it where a medium has several (the
 * official English light novels, a fan translation of the web novel): "Felix" in the anime where the
 * light novels say "Ferris". `translation` tells a medium's translations apart, as readers know them
 * ("Cinderlight Press", "fan translation"); the first name listed for a medium is the one its readers
 * are shown. `revealAt` (and `revealIn`) gate a name the medium only says later: until then it is a
 * secret, as a true name is.
 */
export const mediumNameSchema = z.strictObject({
  medium: z.enum(namedMedia, { error: `must be one of ${namedMedia.join(", ")}` }),
  translation: optionalText,
  name: text,
  revealAt: unitKey.optional(),
  revealIn: revealInSchema.optional(),
});
export type MediumName = z.infer<typeof mediumNameSchema>;

export const characterSchema = z.strictObject({
  slug,
  /** The name everyone who has met the character sees: the mask, the title they are introduced under. */
  name: text,
  /**
   * The character's own name, where it is a secret the story keeps (a masked figure's face): shown, with
   * the name above as "known as", only to readers who know where it is revealed; to anyone else the
   * character has no other name, and no text of the pack may say it earlier (pack/spoiler-lint.ts).
   * `originalName`: the true name as the original writes it (`originalName` above is the mask's).
   */
  trueName: z
    .strictObject({ name: text, originalName: optionalText, revealAt: unitKey, revealIn: revealInSchema.optional() })
    .optional(),
  /**
   * Where a medium or a translation calls the character otherwise than `name` (`mediumNameSchema`
   * above): each reader is shown the name of the medium they follow first, the others
   * labelled ("Felix in the anime").
   */
  mediumNames: z.array(mediumNameSchema).default([]),
  originalName: optionalText,
  aliases: z.array(text).default([]),
  affiliations: z.array(text).default([]),
  summary: optionalText,
  portrait: z
    .strictObject({ src: imagePath, alt: text, revealAt: unitKey.optional(), revealIn: revealInSchema.optional() })
    .optional(),
  /**
   * Every reader knows the character before reading (the protagonist on the cover and in the synopsis):
   * their profile is public and any text may name them. Without it, a character is known from the start
   * only when the story opens with them (pack/reveals.ts: `charactersMetBy`).
   */
  knownFromStart: z.boolean().default(false),
  /** The first unit each medium shows the character in. */
  firstAppearances: z
    .strictObject({ webNovel: unitKey.optional(), lightNovel: unitKey.optional(), anime: unitKey.optional() })
    .default({}),
  facts: z
    .array(
      z.strictObject({ label: text, value: text, revealAt: unitKey.optional(), revealIn: revealInSchema.optional() }),
    )
    .default([]),
  relationships: z
    .array(
      z.strictObject({
        to: slug,
        kind: z.enum(relationshipKinds),
        description: text,
        revealAt: unitKey.optional(),
        revealIn: revealInSchema.optional(),
      }),
    )
    .default([]),
});

export const charactersFileSchema = z.strictObject({
  characters: z.array(characterSchema),
});
