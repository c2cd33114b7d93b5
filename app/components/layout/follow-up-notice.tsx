import { useEffect, useState } from "react";
import { retryFailedFollowUps, useFailedFollowUps } from "~/browser/follow-up";
import { Button } from "~/components/ui/button";

/**
 * Says that a request made after the page rendered failed (app/browser/follow-up.ts), with a retry; the
 * page itself stays as it was. Part of the shell: on a dead connection no other chunk can be loaded to
 * say so. It goes when the request is answered, by the retry or by itself once the connection returns.
 */
export function FollowUpNotice() {
  const failed = useFailedFollowUps();
  const [retrying, setRetrying] = useState(false);
  // A failure reported again (the retry failed too) makes the button usable again.
  useEffect(() => setRetrying(false), [failed]);
  if (!failed.length) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-md flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border bg-background p-3 text-sm shadow-lg"
    >
      <p className="min-w-0 flex-1 basis-48">
        {failed[0]!.failure} {navigator.onLine ? "" : "You are offline: it is tried again when you are back."}
      </p>
      <Button
        size="sm"
        variant="outline"
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          retryFailedFollowUps();
        }}
      >
        {retrying ? "Trying again…" : "Try again"}
      </Button>
    </div>
  );
}
