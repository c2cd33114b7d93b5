import { useShield } from "~/browser/spoiler-shield";
import type { Secret } from "~/lib/shield/gated";
import { isRevealed } from "~/lib/shield/shield";

/** A character as pages name them: the name everyone who has met them knows, and a true name kept secret. */
export interface Named {
  name: string;
  /** Null where the answer may not carry it (its requester does not know it) or there is none. */
  trueName: Secret<string> | null;
}

/**
 * The name to show for a character, and the name everyone knows them by where that is another ("known
 * as"): the true name once the reader knows where it is revealed. An answer asked for everything (blur
 * mode, "Show it" on a character not met) carries it too, but the reader has not read it yet, so they see
 * what everyone sees, with nothing blurred in its place: that there is another name is itself the secret.
 */
export function useShownName({ name, trueName }: Named): { name: string; knownAs: string | null } {
  const shield = useShield();
  return trueName?.content && isRevealed(shield, trueName.revealedBy)
    ? { name: trueName.content, knownAs: name }
    : { name, knownAs: null };
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
