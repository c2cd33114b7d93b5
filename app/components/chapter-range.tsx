import { Link } from "react-router";
import { cn } from "~/lib/cn";
import type { UnitLabel } from "~/lib/content/anime";
import { unitPath } from "~/lib/content/units";

/** A web novel chapter range as links: one chapter, or first to last. */
export function ChapterRange({ from, to, alone = false }: { from: UnitLabel; to: UnitLabel; alone?: boolean }) {
  // One chapter on a line of its own (beside a badge, not in a sentence) is a fingertip tall.
  if (from.key === to.key) return <ChapterLink chapter={from} className={alone ? "tap-line" : undefined} />;
  return (
    <>
      <ChapterLink chapter={from} /> to <ChapterLink chapter={to} />
    </>
  );
}

function ChapterLink({ chapter, className }: { chapter: UnitLabel; className?: string }) {
  return (
    <Link to={unitPath(chapter.key)} className={cn("text-primary underline", className)}>
      {chapter.label}
    </Link>
  );
}
