import { createContext, type ReactNode, useContext, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { ProgressLink } from "~/components/progress-link";
import { cn } from "~/lib/cn";
import type { Gated } from "~/lib/shield/gated";
import { knowledgeOfUnits, knows, type Revealers } from "~/lib/shield/knowledge";
import { hiddenRuns, isRevealed } from "~/lib/shield/shield";
import { askToSee, useShield } from "~/browser/spoiler-shield";
import { useBeforePaint } from "~/browser/before-paint";
import { focusInView, focusLost } from "~/browser/focus";
import { hashId } from "~/lib/http/display-path";
import { beyondWhatYouKnow } from "~/lib/shield/words";
import { nounFor, nouns } from "~/lib/words";
import { AskedToSee } from "./spoiler";

/** Inside an item the reader asked to see, nested lists show everything too (one click, not one per level). */
const ShownOnRequest = createContext(false);

/**
 * A list behind the spoiler shield: items the reader knows are shown, and each run of the others
 * becomes one line that says how many and offers to show them or set progress. Each item is gated
 * (`revealedBy`, and its `content`, null where the response left it out), so the server and the first
 * paint hide every gated item and the page is the same for everyone; an item shows once its content
 * has arrived (see useShieldedData).
 *
 * `renderItem` gets whether the item is shown; a hidden item must render no gated text (its element
 * may stay, `hidden`, so a permalink keeps its target when the item is revealed in place). An item
 * behind more than one gate (a reply under a comment moved since) names them all (`gatesOf`): it is
 * shown to a reader past each, and "Show them" asks for each.
 */
export function ShieldedList<T extends Gated<unknown>>({
  items,
  itemKey,
  describe,
  runAs = "div",
  unknownAs = "beyond",
  runClassName,
  gatesOf = (item) => [item.revealedBy],
  renderItem,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** What a run holds, for its line: (run) => "3 entries". */
  describe: (run: readonly T[]) => string;
  /** The run line's element: "li" inside a list. */
  runAs?: "div" | "li";
  /** How a run line says the reader has not got there (HiddenRun). */
  unknownAs?: "beyond" | "unmet";
  /** The run line's place in what holds it (a margin inside a bordered list). */
  runClassName?: string;
  gatesOf?: (item: T) => readonly Revealers[];
  renderItem: (item: T, shown: boolean) => ReactNode;
}) {
  const shield = useShield();
  const shownOnRequest = useContext(ShownOnRequest);
  const askedAround = useContext(AskedToSee);
  const [asked, setAsked] = useState<ReadonlySet<string>>(() => new Set());
  // "Show them" goes with its line: focus goes to what is shown in its place, not to the body (a screen
  // reader would start again from the page's top).
  const kept = useFocusOnWhatTookItsPlace();
  const segments = hiddenRuns(
    items,
    (item) =>
      item.content !== null &&
      (shownOnRequest ||
        asked.has(itemKey(item)) ||
        gatesOf(item).every(
          (gate) => isRevealed(shield, gate) || (askedAround !== null && knows(knowledgeOfUnits(askedAround), gate)),
        )),
  );
  const item = (each: T, shown: boolean) => (
    <ShownOnRequest.Provider key={itemKey(each)} value={shown && (shownOnRequest || asked.has(itemKey(each)))}>
      {renderItem(each, shown)}
    </ShownOnRequest.Provider>
  );
  // One flat list of keyed children, so an item revealed in place keeps its element (and :target).
  return segments.flatMap((segment) =>
    segment.shown
      ? [item(segment.item, true)]
      : [
          <HiddenRun
            key={`run:${itemKey(segment.items[0]!)}`}
            as={runAs}
            what={describe(segment.items)}
            count={segment.items.length}
            onShow={
              shield
                ? (event) => {
                    kept(event);
                    setAsked((current) => new Set([...current, ...segment.items.map(itemKey)]));
                    askToSee(segment.items.flatMap(gatesOf));
                  }
                : null
            }
            unknownAs={unknownAs}
            className={runClassName}
          />,
          ...segment.items.map((each) => item(each, false)),
        ],
  );
}

/**
 * One line for a run of hidden items. Its button works once the page is interactive; until then its
 * place is kept (at the end of the line, invisible), so the line does not rewrap when it appears.
 */
export function HiddenRun({
  as: Element,
  what,
  count,
  onShow,
  unknownAs = "beyond",
  className,
}: {
  as: "div" | "li";
  what: string;
  count: number;
  /** What "Show them" does; null before the page is interactive (its place is kept); left out, no button. */
  onShow?: ((event: { currentTarget: Element }) => void) | null;
  /** How the line says the reader has not got there: "3 entries beyond what you have read or watched", "3 characters you have not met yet". */
  unknownAs?: "beyond" | "unmet";
  className?: string;
}) {
  return (
    <Element
      data-spoiler="run"
      className={cn(
        "rounded-md border border-dashed border-border bg-muted px-3 py-2 text-sm text-muted-foreground",
        // The line holding a link's target (app/browser/hash-target.ts), as a target shown is marked.
        "data-[holds-target]:border-primary data-[holds-target]:ring-2 data-[holds-target]:ring-primary",
        className,
      )}
    >
      {unknownAs === "unmet" ? `${what} you have not met yet. ` : <>{`${what} ${beyondWhatYouKnow}. `}</>}
      <ProgressLink className="text-primary" />
      {onShow !== undefined ? (
        <span className={onShow ? undefined : "invisible"} aria-hidden={onShow ? undefined : true}>
          {" "}
          ·{" "}
          <Button variant="link" size="inline" onClick={onShow ?? undefined} disabled={!onShow}>
            Show {nounFor(count, nouns.it)}
          </Button>
        </span>
      ) : null}
    </Element>
  );
}

/**
 * For a run's line, whose "Show them" gives way to the items it stood for: `kept` is called with its
 * click, and once the line is gone, focus goes to the first thing drawn in its place, so a screen reader
 * reads what was shown and Tab goes on from there. Not to what holds the list, which on a long page is a
 * whole season: Tab would start again from its top. Where nothing took its place (what it stood for could
 * not be drawn), focus goes to what holds it. The line that held a link's target gives focus to the
 * target, where the view goes (app/browser/hash-target.ts), once it is drawn: its text may come a moment
 * later (a sealed note's, asked for on the click), and focus waits on the first item meanwhile, unless
 * the reader moves it.
 */
function useFocusOnWhatTookItsPlace() {
  const place = useRef<{
    holder: HTMLElement;
    before: Element | null;
    target: string | null;
    waitingOn?: HTMLElement;
  } | null>(null);
  useBeforePaint(() => {
    const kept = place.current;
    if (!kept) return;
    const linked = kept.target ? document.getElementById(kept.target) : null;
    const here = kept.waitingOn ? document.activeElement === kept.waitingOn : focusLost();
    if (!here) {
      if (kept.waitingOn) place.current = null;
      return;
    }
    if (linked && !linked.hidden) {
      place.current = null;
      focusInView(linked);
      return;
    }
    if (kept.waitingOn) return;
    const first = kept.before ? kept.before.nextElementSibling : kept.holder.firstElementChild;
    const target = first instanceof HTMLElement && !first.hidden ? first : kept.holder;
    if (!target.isConnected) return void (place.current = null);
    focusInView(target);
    place.current = linked ? { ...kept, waitingOn: target } : null;
  });
  return ({ currentTarget }: { currentTarget: Element }) => {
    const line = currentTarget.closest<HTMLElement>("[data-spoiler]");
    const holder = line?.parentElement;
    place.current =
      line && holder
        ? {
            holder,
            before: line.previousElementSibling,
            target: heldTarget(line, holder),
          }
        : null;
  };
}

/**
 * The id of the link's target `line` holds, hidden in the list `holder`, or null. The line stays marked
 * while the address names another place since (the skip link's #main), which is not what it holds.
 */
function heldTarget(line: HTMLElement, holder: HTMLElement) {
  const id = "holdsTarget" in line.dataset ? hashId(window.location.hash) : null;
  const target = id ? document.getElementById(id) : null;
  return target?.hidden && holder.contains(target) ? id : null;
}
