import { Link } from "react-router";
import { useShield } from "~/browser/spoiler-shield";
import { cn } from "~/lib/cn";
import { discussionPath } from "~/lib/content/units";
import type { Gated } from "~/lib/shield/gated";
import { isRevealed } from "~/lib/shield/shield";

/**
 * A unit's link to its discussion: "Discuss", or "Discussion · 3" once the shield shows the reader how
 * many comments stand at the unit's own horizon (the count is gated by the unit, so a reader who has not
 * consumed it, the server and the first paint see "Discuss"). The link is as wide whichever it says (up
 * to 999), so nothing beside or below it moves when the number appears; `className` gives its size and
 * tap target (`tap-line`, `tap-area`).
 */
export function DiscussionLink({
  unit,
  comments,
  name,
  className,
}: {
  unit: string;
  comments: Gated<number>;
  /** The unit as a screen reader hears it beside the others: "Chapter 3", "episode 5". */
  name: string;
  className?: string;
}) {
  const shield = useShield();
  const count = comments.content !== null && isRevealed(shield, comments.revealedBy) ? comments.content : 0;
  return (
    // Its look is the stylesheet's (.discussion-link, app/styles/app.css): every unit of a list has one.
    <Link to={discussionPath(unit)} className={cn("discussion-link", className)}>
      <span>
        {/* Its widest words, unseen, in the same cell: the link keeps its width when the number appears. */}
        <span aria-hidden="true">Discussion · 000</span>
        <span>
          {count ? (
            <>
              Discussion<span className="sr-only">{` of ${name}`}</span>
              {` · ${count}`}
            </>
          ) : (
            <>
              Discuss<span className="sr-only">{` ${name}`}</span>
            </>
          )}
        </span>
      </span>
    </Link>
  );
}
