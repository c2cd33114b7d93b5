import { useEffect, useState } from "react";
import type { NamedMedium } from "~/lib/content/medium-names";
import { followedFirst, onlyMedium } from "~/lib/progress/followed-first";
import { positionsOf } from "~/lib/progress/tracker-units";
import { useStoredProgress } from "./stored-progress";
import { fetchTimeline } from "./tracker-timeline";

/** Each unit's place on the story timeline, once read: one public answer for every reader, asked once a visit. */
let storyPositions: ((unitKey: string) => number | undefined) | undefined;
let asked: Promise<void> | undefined;

/**
 * The medium this browser's reader follows first (app/lib/progress/followed-first.ts), for a character
 * named otherwise in some medium (`named`: whether the character is). Null on the server, before the
 * stored progress is read and for a reader with no place in any medium: the name the pack gives them.
 * A reader with places in several media is placed by the story's timeline, the public one the tracker
 * reads, asked only then; until it arrives (or should it fail) they too see the pack's name.
 */
export function useFollowedFirst(named: boolean): NamedMedium | null {
  const progress = useStoredProgress();
  const [, setPlaced] = useState(0);
  const alone = progress === undefined ? { medium: null } : onlyMedium(progress);
  const needsTimeline = named && alone === null && storyPositions === undefined;
  useEffect(() => {
    if (!needsTimeline) return;
    let live = true;
    asked ??= fetchTimeline("").then(
      ({ units }) => void (storyPositions = positionsOf(units)),
      () => void (asked = undefined),
    );
    void asked.then(() => live && setPlaced((count) => count + 1));
    return () => {
      live = false;
    };
  }, [needsTimeline]);
  if (alone) return alone.medium;
  return storyPositions ? followedFirst(progress ?? null, storyPositions) : null;
}
