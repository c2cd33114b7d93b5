import { useEffect, useState, useSyncExternalStore } from "react";
import { retryFailedFollowUps, useFailedFollowUps } from "~/browser/follow-up";
import { Button } from "~/components/ui/button";

function subscribeToConnection(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/**
 * Says that a request made after the page rendered failed (app/browser/follow-up.ts), a tap's first,
 * with a retry of every one; the page itself stays as it was. Part of the shell: on a dead connection no other chunk can be loaded to
 * say so. It goes when the request is answered, by the retry or by itself once the connection returns.
 * It sits at the end of the page, kept in view while the reader scrolls, so it never covers the footer;
 * the live region is always there, so what it says is announced.
 */
export function FollowUpNotice() {
  const failed = useFailedFollowUps();
  const online = useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
  const [retrying, setRetrying] = useState(false);
  // A failure reported again (the retry failed too) makes the button usable again.
  useEffect(() => setRetrying(false), [failed]);
  return (
    <div aria-live="polite" data-follow-up-notice className="pointer-events-none sticky bottom-2 z-50 px-2">
      {failed.length ? (
        <div className="pointer-events-auto mx-auto mb-2 flex max-w-md flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border bg-background p-3 text-sm shadow-lg">
          <p className="min-w-0 flex-1 basis-48">
            {failed[0]!.failure}
            {online ? null : " You are offline: it will be tried again once you are back online."}
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
      ) : null}
    </div>
  );
}
