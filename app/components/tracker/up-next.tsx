import type { ReactNode } from "react";
import { Link } from "react-router";
import { UnitTitle } from "~/components/unit-title";
import { Button } from "~/components/ui/button";
import { mediumAndPlace, titleAfterLabel } from "~/lib/content/labels";
import { unitPath } from "~/lib/content/units";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import type { UpNextUnits } from "~/lib/progress/up-next";
import { formatNumber } from "~/lib/format";
import { useFocusKeptInList } from "~/browser/focus";
import { OutOn } from "~/components/out-on";

/** The media one watches rather than reads. */
const watched = new Set<TrackerUnit["medium"]>(["anime", "break_time", "anime_specials"]);

/** "read" or "watched", as the unit's medium is consumed. */
export function consumedVerb(unit: TrackerUnit) {
  return watched.has(unit.medium) ? "watched" : "read";
}

/**
 * One unit to read or watch: its medium, its place in it linked to where it is (each said once: "Side
 * story" over "Lanternfall EX 1"), its title behind the shield ("Title hidden" while it waits for the
 * reader, as the catalogues say it), and under it `children`: a way to mark it, or when it comes out.
 */
function UnitCard({ unit, children }: { unit: TrackerUnit; children: ReactNode }) {
  const names = mediumAndPlace(unit);
  return (
    <li className="rounded-lg border border-border bg-card p-3 text-sm">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{names.medium}</p>
      <p>
        <Link to={unitPath(unit.key)} className="tap-line font-medium text-primary underline">
          {names.place}
        </Link>
      </p>
      <p>
        <UnitTitle gated={unit.title} what="The title">
          {/* Under its link, only what the title adds: "The Drowned Bellringer", not "Lanternfall 2: The Drowned Bellringer"; nothing where the title only says the label again ("IF: The Heiress of Lowwick"). */}
          {(title) => titleAfterLabel(unit.label, title) ?? ""}
        </UnitTitle>
      </p>
      {/* Kept apart from the title, so a finger on the placeholder's "Show it" never lands on the button; a
      unit without a title leaves no gap. */}
      <div className="mt-4">{children}</div>
    </li>
  );
}

type Mark = (unit: TrackerUnit, event: { currentTarget: Element }) => void;

/** A unit out to read or watch, with a way to mark it in its own medium. */
function MarkCard({ unit, onMark }: { unit: TrackerUnit; onMark: Mark }) {
  return (
    <UnitCard unit={unit}>
      <Button variant="outline" size="xs" onClick={(event) => onMark(unit, event)}>
        {`Mark as ${consumedVerb(unit)}`}
      </Button>
    </UnitCard>
  );
}

/** A unit that would come next but is not out yet: when it comes out, and nothing to mark (decision 77). */
function ComingCard({ unit }: { unit: TrackerUnit }) {
  return (
    <UnitCard unit={unit}>
      <p className="text-muted-foreground">
        <OutOn date={unit.released} />
      </p>
    </UnitCard>
  );
}

/**
 * What to read or watch next in each medium the reader follows, then what they passed on the way and
 * have not read; each with a way to mark it read (or watched), in its own medium only. What would come
 * next but is not out yet is listed apart with its date, and cannot be marked: a reader who has had
 * everything out is told they are caught up (decision 77).
 */
export function UpNext({ units, onMarkRead }: { units: UpNextUnits; onMarkRead: (unit: TrackerUnit) => void }) {
  const { next, passed, morePassed, coming } = units;
  // A card marked goes: focus goes to the list, and Tab on from there into the cards it now holds.
  const { list, kept } = useFocusKeptInList<HTMLDivElement>();
  const mark: Mark = (unit, event) => {
    kept(event);
    onMarkRead(unit);
  };
  return (
    <div ref={list} className="space-y-4">
      {next.length ? (
        <ol className="space-y-2">
          {next.map((unit) => (
            <MarkCard key={unit.key} unit={unit} onMark={mark} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">
          {coming.length ? "You are all caught up with everything out so far." : "You are all caught up."}
        </p>
      )}
      {coming.length ? (
        <div className="space-y-2">
          <h3 className="font-semibold">Not out yet</h3>
          <ul className="space-y-2">
            {coming.map((unit) => (
              <ComingCard key={unit.key} unit={unit} />
            ))}
          </ul>
        </div>
      ) : null}
      {passed.length ? (
        <div className="space-y-2">
          <h3 className="font-semibold">Passed on the way</h3>
          <p className="text-sm text-muted-foreground">
            Not read or watched yet, though your progress is further on. What they reveal stays hidden until you mark
            them.
          </p>
          <ul className="space-y-2">
            {passed.map((unit) => (
              <MarkCard key={unit.key} unit={unit} onMark={mark} />
            ))}
          </ul>
          {morePassed ? (
            <p className="text-sm text-muted-foreground">
              {formatNumber(morePassed)} more passed on the way, each in its medium&apos;s list on this page.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
