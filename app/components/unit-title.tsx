import type { ReactNode } from "react";
import { Spoiler } from "~/components/spoiler";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { Gated } from "~/lib/shield/gated";
import { UNREACHED_TITLES } from "~/lib/shield/knowledge";
import { isRevealed } from "~/lib/shield/shield";
import { setUnreachedTitles, useShield } from "~/browser/spoiler-shield";

/**
 * A unit's title where a catalogue lists the unit under its place (the arc's chapter number, "Episode
 * 3", "Lanternfall 1"). A title that spoils nothing of itself, of a unit the reader has not reached, is
 * held back only by their choice of titles (app/lib/shield/knowledge.ts: `titleRevealers`): it reads
 * "Title hidden", quietly, beside the place that already names the unit; the page's UnreachedTitlesNote
 * says why and offers them all. A title flagged as a spoiler reads the same while the reader keeps
 * titles hidden, so which titles give something away is not told by how they are hidden; once they
 * choose to see titles, it stays behind the Spoiler, as anything else that gives the story away.
 */
export function UnitTitle<T>({
  gated,
  as: Hidden = "span",
  className,
  hidden = TITLE_HIDDEN,
  what,
  children,
}: {
  gated: Gated<T>;
  /** The element of "Title hidden" where the title would be a heading of its own, so the page keeps its outline. */
  as?: "span" | "h2" | "h3" | "h4";
  /** Its classes there, as the title's own. */
  className?: string;
  /** What stands in its place, where the title would say more than its text ("Prologue: title hidden"). */
  hidden?: string;
  what: string;
  children: (content: T) => ReactNode;
}) {
  if (useTitleHeldBack(gated)) return <Hidden className={cn("text-muted-foreground", className)}>{hidden}</Hidden>;
  return (
    <Spoiler gated={gated} what={what}>
      {children}
    </Spoiler>
  );
}

/** What stands in a title's place while it waits for the reader. */
export const TITLE_HIDDEN = "Title hidden";

/** What stands in the place of a title a unit does not have (an episode or a light novel volume announced by its number): nothing is hidden. */
export const TITLE_NOT_ANNOUNCED = "Title not announced";

/** What stands in a title's place after a label that says what the entry is: "Prologue: title hidden". */
export function titleHiddenAfter(label: string | null) {
  return label ? `${label}: ${TITLE_HIDDEN.toLowerCase()}` : TITLE_HIDDEN;
}

/**
 * Whether a title is not shown and reads "Title hidden", what a catalogue names by the unit's place
 * instead: one held back by the reader's choice of titles (a unit they have not reached, its title
 * flagged by nothing), and while that choice is "hide" (or not known yet, before the page is
 * interactive) a flagged one too, which would otherwise stand out as the one that gives something away.
 */
export function useTitleHeldBack(gated: Gated<unknown>) {
  const shield = useShield();
  const onlyUnreached = gated.revealedBy?.includes(UNREACHED_TITLES) ?? false;
  const titlesHidden = shield?.knowledge.unreachedTitles !== "show";
  const shown = gated.content !== null && (isRevealed(shield, gated.revealedBy) || shield?.mode === "blur");
  return (onlyUnreached || titlesHidden) && !shown;
}

/**
 * A title beside a label that already names its unit ("Lanternfall 1", "Episode 3"), where the reader
 * may see it; while it waits for them, nothing (the label says which unit it is) or the fallback.
 */
export function TitleIfShown<T>({
  gated,
  children,
  fallback = null,
}: {
  gated: Gated<T>;
  children: (content: T) => ReactNode;
  /** What stands in its place meanwhile, where its line keeps the page from moving when it comes. */
  fallback?: ReactNode;
}) {
  const content = useShownContent(gated);
  return content === null ? fallback : <>{children(content)}</>;
}

/**
 * A gated content where the reader may see it plainly, else null. Not in blur mode: a title beside a
 * label or in an accessible name has no box to blur it in, so it waits as in hide mode.
 */
export function useShownContent<T>(gated: Gated<T>): T | null {
  const shield = useShield();
  return gated.content !== null && isRevealed(shield, gated.revealedBy) ? gated.content : null;
}

/**
 * One line over a catalogue that names what it holds back: titles of what the reader has not reached,
 * with the setting (the reading tracker's too) to see them. Both states read alike, so
 * the line keeps its size when a reader who chose to see titles opens the page.
 */
export function UnreachedTitlesNote({ className }: { className?: string }) {
  const shield = useShield();
  const shown = shield?.knowledge.unreachedTitles === "show";
  return (
    <p className={cn("text-sm text-muted-foreground", className)}>
      {`Titles of what you have not reached: ${shown ? "shown, unless one gives something away" : "hidden"}. `}
      <Button
        variant="link"
        size="inline"
        disabled={!shield}
        onClick={() => setUnreachedTitles(shown ? "hide" : "show")}
      >
        {shown ? "Hide them" : "Show them"}
      </Button>
    </p>
  );
}
