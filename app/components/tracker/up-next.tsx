import { Link } from "react-router";
import { Spoiler } from "~/components/spoiler";
import { Button } from "~/components/ui/button";
import { titleAfterLabel } from "~/lib/content/labels";
import { unitMediumLabels, unitPath } from "~/lib/content/units";
import type { TrackerUnit } from "~/lib/progress";

/** The media one watches rather than reads. */
const watched = new Set<TrackerUnit["medium"]>(["anime", "break_time"]);

/** What to read or watch next, each with a way to mark everything up to it as read (or watched). */
export function UpNext({ units, onMarkUpTo }: { units: readonly TrackerUnit[]; onMarkUpTo: (unit: TrackerUnit) => void }) {
  if (!units.length) return <p className="text-sm text-muted-foreground">You are all caught up.</p>;
  return (
    <ol className="space-y-2">
      {units.map((unit) => (
        <li key={unit.key} className="rounded-lg border border-border bg-card p-3 text-sm">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{unitMediumLabels[unit.medium]}</p>
          <p>
            <Link to={unitPath(unit.key)} className="font-medium text-primary underline">
              {unit.label}
            </Link>
          </p>
          <p>
            <Spoiler gated={unit.title} what="The title">
              {/* Under its link, only what the title adds: "The Drowned Bellringer", not "Lanternfall 2: The Drowned Bellringer". */}
              {(title) => titleAfterLabel(unit.label, title) ?? title}
            </Spoiler>
          </p>
          <Button variant="outline" size="xs" onClick={() => onMarkUpTo(unit)} className="mt-2">
            Mark everything up to here as {watched.has(unit.medium) ? "watched" : "read"}
          </Button>
        </li>
      ))}
    </ol>
  );
}
