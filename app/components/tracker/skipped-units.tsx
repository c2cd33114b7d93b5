import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { unitPath } from "~/lib/content/units";
import { pickerLabel, type TrackerUnit } from "~/lib/progress/tracker-units";
import { isRevealed } from "~/lib/shield/shield";
import { useShield } from "~/browser/spoiler-shield";
import { countOf, nounFor, nouns } from "~/lib/words";
import { useFocusKeptInList } from "~/browser/focus";

/**
 * One medium's gaps: the chapters or volumes the reader passed over when they crossed from another
 * medium, each unread (its reveals hidden) until marked. Nothing when there are none.
 */
export function SkippedUnits({
  units,
  skipped,
  onRead,
}: {
  units: readonly TrackerUnit[];
  skipped: readonly string[];
  onRead: (unit: TrackerUnit) => void;
}) {
  const shield = useShield();
  const { list, kept } = useFocusKeptInList<HTMLDivElement>();
  const gaps = units.filter((unit) => skipped.includes(unit.key));
  if (!gaps.length) return null;
  const noun = gaps[0]?.medium === "light_novels" ? nouns.volume : nouns.chapter;
  return (
    <div ref={list} className="space-y-2 rounded-lg border border-border p-3 text-sm">
      <p>
        <span className="font-medium">Skipped on the way: {countOf(gaps.length, noun)}.</span> Unread until you mark{" "}
        {nounFor(gaps.length, nouns.it)}; what {nounFor(gaps.length, nouns.itReveals)} stays hidden.
      </p>
      <ul className="space-y-1">
        {gaps.map((unit) => (
          <li key={unit.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2">
            <Link to={unitPath(unit.key)} className="text-primary underline">
              {pickerLabel(unit, isRevealed(shield, unit.title.revealedBy), { withGroup: true })}
            </Link>
            <Button
              variant="outline"
              size="xs"
              onClick={(event) => {
                kept(event);
                onRead(unit);
              }}
            >
              Mark as read
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
