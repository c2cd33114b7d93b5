import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { sameProgress } from "~/lib/progress/changes";
import { historyIn, type ProgressHistoryEntry, savedPlaces } from "~/lib/progress/history";
import type { Progress } from "~/lib/progress/record";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { DisclosureChevron } from "~/components/ui/disclosure-chevron";
import { signInPath } from "~/lib/account/sign-in-path";
import { formatClockDay } from "~/lib/format";

/** When a save was made, on the reader's clock as the site writes dates and times: "30 Nov 2026, 10:04". */
export const formatSavedAt = (savedAt: string) => formatClockDay(new Date(savedAt));

type Loaded = { entries: ProgressHistoryEntry[] } | "loading" | "failed" | "signedOut";

/**
 * The last saves of a signed-in reader's progress, newest first: when, whether it was a set-back, and the
 * places it held (labels only: savedPlaces). Read when the reader opens it, and again after each save
 * that lands (`saves` counts them). Restore makes a save the reader's progress again, on every device.
 */
export function ProgressHistory({
  progress,
  units,
  saves,
  onRestore,
}: {
  progress: Progress;
  units: readonly TrackerUnit[];
  saves: number;
  onRestore: (entry: ProgressHistoryEntry) => void;
}) {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>("loading");

  useEffect(() => {
    if (!open) return;
    let current = true;
    fetch("/resources/progress/history", { credentials: "same-origin" })
      .then(async (response): Promise<Loaded> => {
        // The session ended elsewhere: trying again cannot help, signing in again does.
        if (response.status === 401) return "signedOut";
        const entries = response.ok ? historyIn(await response.json()) : null;
        return entries ? { entries } : "failed";
      })
      .catch((): Loaded => "failed")
      .then((next) => {
        if (current) setLoaded(next);
      });
    return () => {
      current = false;
    };
  }, [open, saves, attempt]);

  return (
    <details className="group" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 text-sm font-medium [&::-webkit-details-marker]:hidden">
        <DisclosureChevron />
        Your last saves
      </summary>
      {loaded === "loading" ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading your saves…</p>
      ) : loaded === "signedOut" ? (
        <p role="alert" className="mt-2 text-sm">
          Your session has ended: sign in again to see your saves.{" "}
          <Link to={signInPath("/reading_tracker")} className="tap-line font-medium text-primary underline">
            Sign in again
          </Link>
        </p>
      ) : loaded === "failed" ? (
        <div className="mt-2 space-y-2">
          <p role="alert" className="text-sm font-medium text-destructive">
            Your saves could not be loaded.
          </p>
          <Button variant="outline" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </div>
      ) : loaded.entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Nothing has been saved to your account yet.</p>
      ) : (
        <ol className="mt-2 space-y-3" aria-label="Your last saves, newest first">
          {loaded.entries.map((entry) => {
            const when = formatSavedAt(entry.savedAt);
            const places = savedPlaces(entry.progress, units);
            const now = sameProgress(entry.progress, progress);
            return (
              <li key={entry.revision} className="space-y-1 border-b border-border pb-3 text-sm last:border-0">
                <p>
                  <time dateTime={entry.savedAt} className="font-medium">
                    {when}
                  </time>
                  {entry.change === "set_back" ? " · Set back" : null}
                </p>
                <p className="text-muted-foreground">{places.length ? places.join(" · ") : "Nothing read yet"}</p>
                {now ? (
                  <p className="text-muted-foreground">Your progress now</p>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Restore your save of ${when}`}
                    onClick={() => onRestore(entry)}
                  >
                    Restore
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </details>
  );
}
