import { animeTrackLabels, formatTimestamp } from "~/lib/mistakes/rules";
import type { AnimeMistakeInEpisode } from "~/lib/mistakes/entries";
import { MistakeCard } from "./mistake-parts";

/**
 * One anime entry: when in the episode, on which platform and track, and the text. Sealed (`entry`
 * null), only its hidden element, for its permalink.
 */
export function AnimeMistakeEntry({
  id,
  entry,
  shown,
}: {
  id: string;
  entry: AnimeMistakeInEpisode | null;
  shown: boolean;
}) {
  if (!entry) return <MistakeCard id={id} entry={null} shown={false} heading={null} />;
  return (
    <MistakeCard
      id={id}
      entry={entry}
      shown={shown}
      headingLevel="h4"
      heading={
        <span className="tabular-nums">
          {formatTimestamp(entry.start)}–{formatTimestamp(entry.end)}{" "}
          {/* A space, not a margin: the platform may go to the next line on a narrow card. */}
          <span className="ml-1 text-sm font-normal text-muted-foreground">
            {entry.platform} · {animeTrackLabels[entry.track]}
          </span>
        </span>
      }
    />
  );
}
