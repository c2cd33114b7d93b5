import { cn } from "~/lib/cn";
import { ProgressLink } from "~/components/progress-link";
import { useShield } from "~/browser/spoiler-shield";

/**
 * Under a list that leaves out what the reader has not reached (search results, matching mistakes): the
 * same line whatever the list holds, since whether anything was left out would itself give it away. It
 * says what is left out (what would give something away), not "everything further in the story": a
 * later chapter whose title gives nothing away is listed, right above it.
 * Not shown when the reader's shield blurs or is off, as nothing is left out then. A reader who has set
 * their progress is asked to update it, not to set it.
 */
export function LeftOutNotice({ what, className }: { what: "Results" | "Entries"; className?: string }) {
  const shield = useShield();
  if (shield && shield.mode !== "hide") return null;
  return (
    <p className={cn("text-sm text-muted-foreground", className)}>
      {`${what} that would give away something you have not read or watched yet are left out. `}
      <ProgressLink className="text-primary" />
    </p>
  );
}
