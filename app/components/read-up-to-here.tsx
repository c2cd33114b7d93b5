import { useRef } from "react";
import { flushSync } from "react-dom";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast-store";
import { hasConsumed } from "~/lib/knowledge";
import { emptyProgress, readUpTo } from "~/lib/progress";
import { useShield } from "~/lib/spoiler-shield";
import { readStoredProgress, storeProgress } from "~/lib/stored-progress";
import { useOptionalUser } from "~/lib/user";

/**
 * "I have read up to here" beside a chapter, volume or episode: one click moves the reader's progress
 * there (never back), which reveals what it reached on every page; a signed-in reader's account is
 * saved too. A toast confirms it, with an Undo that puts back the progress this browser had before.
 * Where progress already is, the button turns into a quiet "Read" of the same size, and the page is
 * scrolled by however much the clicked row moved, so nothing shifts under the reader's finger as
 * the rows above it change. Shown once the page is interactive, as it needs the stored progress.
 */
export function ReadUpToHere({
  unit,
  label = "I have read up to here",
  doneLabel = "Read",
}: {
  unit: { key: string; position: number };
  label?: string;
  doneLabel?: string;
}) {
  const shield = useShield();
  const user = useOptionalUser();
  const save = useFetcher();
  const box = useRef<HTMLSpanElement>(null);
  // Nothing before the page is interactive: the server cannot know the reader's progress.
  if (!shield) return null;
  const done = hasConsumed(shield.knowledge, unit.key);

  function markRead() {
    const before = readStoredProgress();
    const progress = readUpTo(before ?? emptyProgress, unit);
    const clickedAt = box.current?.getBoundingClientRect().top;
    // Rendered now, so the rows above can be measured and the page scrolled before the next paint.
    flushSync(() => storeProgress(progress));
    const moved = clickedAt === undefined || !box.current ? 0 : box.current.getBoundingClientRect().top - clickedAt;
    if (Math.abs(moved) >= 0.5) window.scrollBy({ top: moved, behavior: "instant" });
    if (user) save.submit({ progress: JSON.stringify(progress) }, { method: "post", action: "/resources/progress" });
    toast({
      title: "Progress saved",
      description: `Everything up to here is marked as ${doneLabel.toLowerCase()}.`,
      action: { label: "Undo", altText: "Set your progress back in the reading tracker", onClick: () => storeProgress(before) },
    });
  }

  // Both labels share one cell, so the control keeps its size whichever it shows.
  return (
    <span ref={box} className="inline-grid">
      <Button variant="outline" size="xs" onClick={markRead} className={done ? "invisible col-start-1 row-start-1" : "col-start-1 row-start-1"} disabled={done} aria-hidden={done || undefined}>
        {label}
      </Button>
      {done ? (
        <span className="col-start-1 row-start-1 inline-flex items-center justify-center px-2 py-1 text-xs text-muted-foreground">
          <span aria-hidden="true">✓&nbsp;</span>
          {doneLabel}
        </span>
      ) : null}
    </span>
  );
}
