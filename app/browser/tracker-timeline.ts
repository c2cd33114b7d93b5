import { useEffect, useMemo, useState } from "react";
import type { ExternalId } from "~/lib/progress/external-ids";
import { revealersOf, revealParameter, withReveal } from "~/lib/shield/shield";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { useShield } from "./spoiler-shield";
import { KEPT_FOR_HEADER } from "~/lib/runtime/offline-copies";

/** The units the pickers list, and where the series is listed on tracking services (for importing a reader's lists). */
export interface Timeline {
  units: TrackerUnit[];
  externalIds: ExternalId[];
}

/** Each timeline fetched once per visit and reading point: the page loading again (a sign-in, a way back) reuses it. */
const timelines = new Map<string, Promise<Timeline>>();

/** A timeline as the tracker shows it: for the reveal it asked with, and whether its titles are behind it. */
export interface TimelineShown extends Timeline {
  /**
   * Set where the answer was sealed for less than was asked: offline, the service worker had no copy
   * for what the reader knows now (they ticked a unit since) and answered with the copy kept for what
   * they knew before (app/lib/runtime/offline-copies.ts: `timelineKeptForLess`), which hides more.
   */
  behind?: boolean;
}

/** The timeline with the titles the reveal parameter states are known (none: only titles that spoil nothing). */
export function fetchTimeline(reveal: string): Promise<TimelineShown> {
  let timeline = timelines.get(reveal);
  if (!timeline) {
    const query = reveal ? `?${withReveal("", reveal)}` : "";
    timeline = (async () => {
      const response = await fetch(`/resources/timeline${query}`);
      if (!response.ok) throw new Error("The story's timeline could not be loaded. Reload the page to try again.");
      const body: Timeline = await response.json();
      if (!response.headers.has(KEPT_FOR_HEADER)) return body;
      // Not the answer asked for: the next ask (back online) fetches it.
      timelines.delete(reveal);
      return { ...body, behind: true };
    })().catch((error: unknown) => {
      timelines.delete(reveal);
      throw error;
    });
    timelines.set(reveal, timeline);
  }
  return timeline;
}

/**
 * The timeline with the titles the reader knows now: when their progress (or shield mode) changes,
 * the titles it reveals are fetched, and the list already shown stays until they arrive. Where they
 * cannot be fetched (offline) or only an older copy answers, the list shown is `behind` what the reader
 * knows, and it is asked for again when the browser is back online.
 */
export function useTimeline(loaded: { units: TrackerUnit[]; reveal: string; behind?: boolean }) {
  const shield = useShield();
  const [current, setCurrent] = useState(loaded);
  const [failed, setFailed] = useState<string | null>(null);
  const titles = useMemo(() => revealersOf(current.units.map((unit) => unit.title)), [current.units]);
  const reveal = shield ? revealParameter(shield, { revealers: titles }) : loaded.reveal;
  const upToDate = reveal === current.reveal && !current.behind;
  useEffect(() => {
    if (upToDate) return;
    let live = true;
    const load = () =>
      fetchTimeline(reveal).then(
        ({ units, behind }) => {
          if (!live) return;
          setCurrent({ units, reveal, behind });
          setFailed(null);
        },
        // The titles stay as they were; the pickers still work.
        () => live && setFailed(reveal),
      );
    // A list shown from an older copy is already what this browser holds: the network may bring the rest.
    if (reveal !== current.reveal) void load();
    window.addEventListener("online", load);
    return () => {
      live = false;
      window.removeEventListener("online", load);
    };
  }, [reveal, current.reveal, upToDate]);
  return { units: current.units, behind: !upToDate && (current.behind === true || failed === reveal) };
}
