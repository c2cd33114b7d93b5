import { cn } from "~/lib/cn";
import { titleAfterLabel } from "~/lib/content/labels";
import { withTicked } from "~/lib/progress/changes";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { knows } from "~/lib/shield/knowledge";
import { isRevealed } from "~/lib/shield/shield";
import { useShield } from "~/browser/spoiler-shield";

/**
 * Side stories or Break Time shorts to tick off. With `suggestedBefore`, unticked units at or before
 * that story position are marked as reached, so a reader sees what they may have skipped. A short that
 * aired with an episode the reader watched is watched too (the shield counts it so): it shows ticked,
 * and says why rather than offering to untick what the episode decides.
 */
export function UnitChecklist({
  units,
  checked,
  suggestedBefore,
  onChange,
}: {
  units: readonly TrackerUnit[];
  checked: readonly string[];
  suggestedBefore?: number;
  onChange: (unitKeys: string[]) => void;
}) {
  const ticked = new Set(checked);
  const shield = useShield();
  return (
    <ul className="grid gap-1 sm:grid-cols-2">
      {units.map((unit) => {
        const suggested = suggestedBefore !== undefined && !ticked.has(unit.key) && unit.position <= suggestedBefore;
        const withEpisode =
          unit.medium === "break_time" &&
          !ticked.has(unit.key) &&
          shield !== null &&
          knows(
            shield.knowledge,
            unit.coveredBy.filter((key) => key.startsWith("anime:")),
          );
        // A title beyond the reader's progress stays hidden (the one rule), unless they ticked it themselves
        // (ticking it makes it known, and the tracker fetches the title).
        const title =
          ticked.has(unit.key) || withEpisode || isRevealed(shield, unit.title.revealedBy) ? unit.title.content : null;
        const name = title ?? unit.label;
        // The label under the title, unless the title already says it ("IF: The Heiress of Lowwick").
        const showLabel = title !== null && unit.label !== title && titleAfterLabel(unit.label, title) !== null;
        return (
          <li key={unit.key}>
            <label className={cn("flex min-h-11 items-start gap-2 rounded-md p-2 text-sm", suggested && "bg-accent")}>
              <input
                type="checkbox"
                checked={ticked.has(unit.key) || withEpisode}
                disabled={withEpisode}
                onChange={(event) => onChange(withTicked(checked, unit.key, event.target.checked))}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{name}</span>
                <span className="block text-xs text-muted-foreground">
                  {showLabel ? unit.label : ""}
                  {suggested ? `${showLabel ? " · " : ""}You have read past where it fits` : ""}
                  {withEpisode ? `${showLabel ? " · " : ""}Watched with its episode` : ""}
                </span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
