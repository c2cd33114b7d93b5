import { type ReactNode, useState } from "react";
import { cn } from "~/lib/cn";
import { titleAfterLabel } from "~/lib/content/labels";
import { withTicked } from "~/lib/progress/changes";
import { type KnownThrough, knownThrough, type TrackerUnit, unitGroups } from "~/lib/progress/tracker-units";
import { isRevealed } from "~/lib/shield/shield";
import { useShield } from "~/browser/spoiler-shield";
import { consumedVerb } from "./up-next";
import { DisclosureChevron } from "~/components/ui/disclosure-chevron";

/**
 * Side stories, Break Time shorts or OVAs to tick off, under their groups (a Break Time season, a kind
 * of side story). With `suggestedBefore`, unticked units at or before that story position are marked as
 * reached, so a reader sees what they may have skipped. A short that aired with an episode the reader
 * watched is watched too, and a side story a book they read prints is read: it shows ticked, and says
 * why rather than offering to untick what the book or the episode decides. A side story a manga chapter,
 * an episode or a film tells is known to them (the shield shows its title) but not read, as the web
 * novel's chapters an anime viewer knows are not: it says so, and stays for the reader to tick. A
 * group's count is of what the reader read (or watched).
 *
 * A real series has hundreds of these, so with more than one group each group folds, and draws its
 * list only while open: open are the group where the reader is (the first with something left) and every
 * group holding a unit marked as reached, as they become so (a group the reader opened or closed stays
 * as they left it otherwise), and a folded group's line says how many it holds that they have passed.
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
  const shield = useShield();
  const ticked = new Set(checked);
  const rows = units.map((unit) => checklistRow(unit, ticked, shield, suggestedBefore));
  const groups = unitGroups(units);
  const list = (of: readonly ChecklistRow[]) => (
    <ul className="grid gap-1 sm:grid-cols-2">
      {of.map((row) => (
        <ChecklistItem key={row.unit.key} row={row} onTick={(on) => onChange(withTicked(checked, row.unit.key, on))} />
      ))}
    </ul>
  );
  if (groups.length < 2) return list(rows);
  const rowOf = new Map(rows.map((row) => [row.unit.key, row]));
  const where = groups.findIndex((group) => group.units.some((unit) => !rowOf.get(unit.key)!.done));
  return (
    <div className="space-y-2">
      {groups.map((group, index) => {
        const groupRows = group.units.map((unit) => rowOf.get(unit.key)!);
        return (
          <ChecklistGroup
            key={group.name}
            name={group.name}
            done={groupRows.filter((row) => row.done).length}
            total={groupRows.length}
            verb={consumedVerb(group.units[0]!)}
            passed={groupRows.filter((row) => row.suggested).length}
            current={index === where || groupRows.some((row) => row.suggested)}
          >
            {() => list(groupRows)}
          </ChecklistGroup>
        );
      })}
    </div>
  );
}

interface ChecklistRow {
  unit: TrackerUnit;
  /** The title the reader may see, or null (the label stands for it). */
  title: string | null;
  /** Ticked, or consumed through another unit (`through`): what the group's count counts. */
  done: boolean;
  /** How the reader has it without a tick: "Watched with its episode", "Told in what you have watched". */
  through: KnownThrough | null;
  suggested: boolean;
}

function checklistRow(
  unit: TrackerUnit,
  ticked: ReadonlySet<string>,
  shield: ReturnType<typeof useShield>,
  suggestedBefore: number | undefined,
): ChecklistRow {
  const isTicked = ticked.has(unit.key);
  const through = isTicked || shield === null ? null : knownThrough(unit, shield.knowledge);
  // Passed, and not read: what the reader has through another unit (read in a book, or known from a film
  // that tells it) is not left behind.
  const suggested = suggestedBefore !== undefined && !isTicked && !through && unit.position <= suggestedBefore;
  // A title beyond the reader's progress stays hidden (the one rule), unless they ticked it themselves
  // (ticking it makes it known, and the tracker fetches the title). A unit without a title (its title
  // empty and public) is named by its label, as one whose title waits is.
  const title = isTicked || through || isRevealed(shield, unit.title.revealedBy) ? unit.title.content || null : null;
  return { unit, title, done: isTicked || through?.consumed === true, through, suggested };
}

/**
 * One group, folded: its list is drawn only while it is open (`children` is called then). It opens as it
 * becomes `current` (where the reader is, or holding what they passed), and otherwise stays as the reader
 * left it: it never folds under their finger as they tick its last unit.
 */
function ChecklistGroup({
  name,
  done,
  total,
  verb,
  passed,
  current,
  children,
}: {
  name: string;
  done: number;
  total: number;
  verb: string;
  passed: number;
  current: boolean;
  children: () => ReactNode;
}) {
  const [open, setOpen] = useState(current);
  const [wasCurrent, setWasCurrent] = useState(current);
  if (current !== wasCurrent) {
    setWasCurrent(current);
    if (current) setOpen(true);
  }
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-md border border-border"
    >
      <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-2 px-3 py-2 text-sm [&::-webkit-details-marker]:hidden">
        <DisclosureChevron />
        <span className="font-medium">{name}</span>
        <span className="ml-auto text-right text-xs text-muted-foreground">
          {`${done} of ${total} ${verb}${passed ? ` · ${passed} passed` : ""}`}
        </span>
      </summary>
      {open ? <div className="px-1 pb-2">{children()}</div> : null}
    </details>
  );
}

function ChecklistItem({ row, onTick }: { row: ChecklistRow; onTick: (on: boolean) => void }) {
  const { unit, title, suggested, through } = row;
  const name = title ?? unit.label;
  // The label under the title, unless the title already says it ("IF: The Heiress of Lowwick").
  const showLabel = title !== null && unit.label !== title && titleAfterLabel(unit.label, title) !== null;
  return (
    <li>
      <label className={cn("flex min-h-11 items-start gap-2 rounded-md p-2 text-sm", suggested && "bg-accent")}>
        <input
          type="checkbox"
          checked={row.done}
          disabled={through?.consumed === true}
          onChange={(event) => onTick(event.target.checked)}
          className="choice-box"
        />
        <span>
          <span className="font-medium">{name}</span>
          <span className="block text-xs text-muted-foreground">
            {[
              showLabel ? unit.label : null,
              suggested ? "Your place in the story is past where it fits" : null,
              through?.reason,
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </span>
      </label>
    </li>
  );
}
