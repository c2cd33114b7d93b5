import { useEffect, useMemo, useState } from "react";
import type { ExternalId } from "~/lib/progress/external-ids";
import { revealersOf, revealParameter, withReveal } from "~/lib/shield/shield";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { useShield } from "./spoiler-shield";

/** The units the pickers list, and where the series is listed on tracking services (for importing a reader's lists). */
export interface Timeline {
  units: TrackerUnit[];
  externalIds: ExternalId[];
}

/** Each timeline fetched once per visit and reading point: the page loading again (a sign-in, a way back) reuses it. */
const timelines = new Map<string, Promise<Timeline>>();

/** The timeline with the titles the reveal parameter states are known (none: only titles that spoil nothing). */
export function fetchTimeline(reveal: string) {
  let timeline = timelines.get(reveal);
  if (!timeline) {
    const query = reveal ? `?${withReveal("", reveal)}` : "";
    timeline = (async () => {
      const response = await fetch(`/resources/timeline${query}`);
      if (!response.ok) throw new Error("The story's timeline could not be loaded. Reload the page to try again.");
      const body: Timeline = await response.json();
      return body;
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
 * the titles it reveals are fetched, and the list already shown stays until they arrive.
 */
export function useTimeline(loaded: { units: TrackerUnit[]; reveal: string }) {
  const shield = useShield();
  const [current, setCurrent] = useState(loaded);
  const titles = useMemo(() => revealersOf(current.units.map((unit) => unit.title)), [current.units]);
  const reveal = shield ? revealParameter(shield, { revealers: titles }) : loaded.reveal;
  useEffect(() => {
    if (reveal === current.reveal) return;
    let live = true;
    fetchTimeline(reveal).then(
      ({ units }) => live && setCurrent({ units, reveal }),
      // The titles stay as they were; the pickers still work.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [reveal, current.reveal]);
  return current.units;
}
