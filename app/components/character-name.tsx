import { useFollowedFirst } from "~/browser/followed-first";
import { useShield } from "~/browser/spoiler-shield";
import {
  type MediumName,
  type NamedMedium,
  type OtherName,
  type ProseRename,
  shownNames,
} from "~/lib/content/medium-names";
import type { TrueName } from "~/lib/content/characters";
import { type HitText, namedHit } from "~/lib/search/result";
import type { Secret } from "~/lib/shield/gated";
import { isRevealed } from "~/lib/shield/shield";

/**
 * A character as pages name them: the name everyone who has met them knows, a true name kept secret,
 * and the names media and translations say otherwise.
 */
export interface Named {
  name: string;
  /** Null where the answer may not carry it (its requester does not know it) or there is none. */
  trueName: Secret<TrueName> | null;
  /** Those the answer carries: a name a medium says later is left out where its requester does not know it. */
  mediumNames?: ReadonlyArray<Secret<MediumName>>;
}

/**
 * The name to show for a character, the name everyone knows them by where that is another ("known
 * as"), and their other names with where each is said ("Ferris in the light novels").
 *
 * A true name heads once the reader knows where it is revealed. An answer asked for everything (blur
 * mode, "Show it" on a character not met) carries it too, but the reader has not read it yet, so they see
 * what everyone sees, with nothing blurred in its place: that there is another name is itself the secret.
 * Otherwise the name of the medium the reader follows first heads (`useFollowedFirst`; the pack's name
 * for a reader with no progress), among the names they know; `appearsIn`, the media the character is
 * in, says where the pack's name is the one said.
 */
export function useShownName(
  { name, trueName, mediumNames = [] }: Named,
  appearsIn: readonly NamedMedium[] = [],
): { name: string; original: string | null; knownAs: string | null; others: OtherName[] } {
  const shield = useShield();
  const known = knownMediumNames(shield, mediumNames);
  const followed = useFollowedFirst(known.length > 0);
  const inMedium = shownNames(name, known, appearsIn, followed);
  return trueName?.content && isRevealed(shield, trueName.revealedBy)
    ? {
        name: trueName.content.name,
        original: trueName.content.originalName,
        knownAs: inMedium.name,
        others: inMedium.others,
      }
    : { name: inMedium.name, original: null, knownAs: null, others: inMedium.others };
}

/**
 * A search hit as this reader is shown it (`namedHit`): a character by the name they know them by, or
 * null for a hit that is not a character's (shown as it is).
 */
export function useNamedHit(text: HitText | undefined) {
  const character = text?.character;
  const shown = useShownName({ name: character?.name ?? "", trueName: null, mediumNames: character?.mediumNames });
  return text && character ? namedHit(text, shown) : null;
}

/** The per-medium names among `mediumNames` that the reader knows. */
function knownMediumNames(shield: ReturnType<typeof useShield>, mediumNames: Named["mediumNames"] = []) {
  return mediumNames.flatMap((each) => (each.content && isRevealed(shield, each.revealedBy) ? [each.content] : []));
}

/**
 * How prose names these characters for this reader (proseRenamer): each by the name of the medium the
 * reader follows first, where they know it and it is another. A true name is never put into prose: the
 * story's own text keeps the name it was written with, as the other names do in a medium that has none.
 */
export function useProseRenames(characters: readonly Named[]): ProseRename[] {
  const shield = useShield();
  const known = characters.map((character) => knownMediumNames(shield, character.mediumNames));
  const followed = useFollowedFirst(known.some((names) => names.length > 0));
  return characters.flatMap((character, index) => {
    const shown = shownNames(character.name, known[index]!, [], followed).name;
    return shown === character.name ? [] : [{ from: character.name, to: shown }];
  });
}

/** A character's name as a list shows it, with "known as …" under it where the reader knows their true name. */
export function CharacterName({ character, className }: { character: Named; className?: string }) {
  // The name itself styled by the list; the name everyone knows on a line of its own under it.
  const { name, knownAs } = useShownName(character);
  return (
    <>
      <span className={className}>{name}</span>
      {knownAs ? <span className="block text-sm font-normal text-muted-foreground">known as {knownAs}</span> : null}
    </>
  );
}
