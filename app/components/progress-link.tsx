import { Link } from "react-router";
import { useShield } from "~/browser/spoiler-shield";

/**
 * The link to the reading tracker beside what the shield holds back: "Set your progress", or "Update
 * your progress" for a reader who has set some. Before the page is interactive it says the first (the
 * server does not know), in the room of the longer words, so nothing beside it moves when it changes.
 */
export function ProgressLink({ className }: { className?: string }) {
  const shield = useShield();
  return (
    <Link to="/reading_tracker" className={className}>
      <span className="inline-grid">
        <span aria-hidden="true" className="invisible col-start-1 row-start-1">
          Update your progress
        </span>
        {/* An underline does not reach into the grid from the link: the words draw their own (its offset, set on the link, is inherited). */}
        <span className="col-start-1 row-start-1 underline">
          {shield?.hasProgress ? "Update your progress" : "Set your progress"}
        </span>
      </span>
    </Link>
  );
}
