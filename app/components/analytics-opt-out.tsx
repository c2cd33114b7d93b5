import { useEffect, useId, useState } from "react";
import { toast } from "~/components/ui/toast-store";
import { doNotTrackIsOn } from "~/browser/do-not-track";
import { readStored, writeStored } from "~/browser/storage";

/**
 * The analytics opt-out, stored in the browser where the analytics loader reads it. Where the site
 * has no analytics configured the switch shows off and cannot be used: nothing is sent either way.
 */
export function AnalyticsOptOut({ configured }: { configured: boolean }) {
  const id = useId();
  const [optedOut, setOptedOut] = useState<boolean | null>(null);
  const [doNotTrack, setDoNotTrack] = useState(false);

  useEffect(() => {
    setOptedOut(readStored("analyticsOptOut") === "1");
    setDoNotTrack(doNotTrackIsOn());
  }, []);

  function change(allowed: boolean) {
    // Stored first, where the analytics loader reads it; then applied to a running client at once.
    writeStored("analyticsOptOut", allowed ? null : "1");
    void import("~/browser/analytics.client")
      .then(({ applyAnalyticsOptOut }) => applyAnalyticsOptOut(!allowed))
      .catch(() => {});
    setOptedOut(!allowed);
    toast(
      allowed
        ? { title: "Analytics allowed", description: "Anonymous page-view statistics may be sent from this browser." }
        : { title: "Analytics turned off", description: "Nothing will be sent from this browser." },
    );
  }

  const allowed = configured && optedOut === false && !doNotTrack;
  return (
    // With a large text size on a phone (a card narrower than 12rem) the switch goes under its words.
    <div className="@container rounded-lg border border-border bg-card p-4">
      <div className="flex items-start justify-between gap-4 @max-[12rem]:flex-col">
        <div className="min-w-0">
          <label htmlFor={id} className="font-medium">
            Allow anonymous analytics in this browser
          </label>
          <p className="mt-1 text-sm text-muted-foreground" id={`${id}-help`}>
            {!configured
              ? "This site has no analytics configured, so nothing is sent from any browser and there is nothing to turn off."
              : doNotTrack
                ? "Your browser sends Do Not Track, so analytics stays off whatever this switch says."
                : "Turn this off and the analytics library is never loaded on this browser."}
          </p>
        </div>
        <button
          id={id}
          type="button"
          role="switch"
          aria-checked={allowed}
          aria-describedby={`${id}-help`}
          disabled={!configured || optedOut === null || doNotTrack}
          onClick={() => change(!allowed)}
          className="tap-area my-[10px] inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-muted transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-checked:bg-primary"
        >
          <span
            aria-hidden="true"
            className="inline-block size-5 rounded-full bg-background shadow transition-transform"
            style={{ transform: allowed ? "translateX(1.25rem)" : "translateX(0)" }}
          />
        </button>
      </div>
    </div>
  );
}
