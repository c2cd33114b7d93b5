import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { ProgressSave } from "~/browser/progress-save";
import { PageHeader } from "~/components/page-header";
import { Button, buttonClassName } from "~/components/ui/button";
import { useNonce } from "~/components/nonce-provider";
import { loadAgainScript } from "~/browser/load-again";
import { loadShield } from "~/browser/spoiler-shield";
import { fetchTimeline } from "~/browser/tracker-timeline";
import { revealParameter } from "~/lib/shield/shield";
import { signInPath } from "~/lib/account/sign-in-path";

/** Where the account's copy of the reader's progress stands, as the header says it. */
const saveNotes: Record<ProgressSave, string> = {
  saved: "",
  saving: "Saving…",
  unsent: "Saved on this device · not synced with your account yet: it will be sent as soon as it can.",
  signedOut: "Saved on this device · your session has ended: it will be sent once you sign in again.",
  refused: "Your account did not take the last change: it is kept on this device only.",
};

const signInHere = signInPath("/reading_tracker");

/**
 * The page header, the same while the tracker loads as after, so nothing moves when it is ready. A change
 * the account could not be reached for (or asked to wait for) stays on screen, and `onRetry` sends it
 * again at once (it also goes by itself when the connection returns, or the wait is over); one kept
 * because the reader's session ended offers to sign in again. Signed out, it says where the progress
 * shown comes from: this browser, or the account whose session ended with the page open
 * (`accountShown`; a session cookie taken to a browser that holds no sign-in of its own ends so).
 */
export function TrackerHeader({
  signedIn,
  save,
  onRetry,
  accountShown = false,
}: {
  signedIn: boolean;
  save: ProgressSave;
  onRetry?: () => void;
  accountShown?: boolean;
}) {
  return (
    <PageHeader
      title="Reading tracker"
      lead={
        signedIn
          ? "Your progress is saved to your account and follows you to every device you sign in on."
          : accountShown
            ? "You are signed out: the progress shown is your account's, as it was when your session ended. Sign in again to keep it in step with your account."
            : "Your progress is kept in this browser. Sign in to keep it on every device."
      }
    >
      {!signedIn ? (
        <Link to={signInHere} className="tap-line text-sm font-medium text-primary underline">
          {accountShown ? "Sign in again" : "Sign in to sync"}
        </Link>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm text-muted-foreground" role="status">
            {saveNotes[save]}
          </p>
          {save === "unsent" && onRetry ? (
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
          {save === "signedOut" ? (
            <Link to={signInHere} className={buttonClassName("outline", "sm")}>
              Sign in again
            </Link>
          ) : null}
        </div>
      )}
    </PageHeader>
  );
}

/**
 * What the server renders and the browser shows until the reader's progress is read: the header, and
 * a screen's height of room so the footer does not jump when the tracker appears.
 *
 * The tracker is drawn by the browser alone, so a connection that drops while its code or its timeline
 * loads (or stalls without failing) would leave the page saying "Loading" for ever: after a few seconds
 * of it, a way to load the page again appears, by CSS alone, so it shows even where the page's code never
 * arrived. Where scripts are off it never shows (the inline head script marks the page as running them).
 */
export function TrackerLoading({ signedIn }: { signedIn: boolean }) {
  const nonce = useNonce();
  return (
    <>
      <TrackerHeader signedIn={signedIn} save="saved" />
      <div className="min-h-dvh" aria-busy="true">
        <p className="text-muted-foreground">Loading your progress…</p>
        <noscript>
          <p>The reading tracker needs JavaScript: your progress is kept in your browser.</p>
        </noscript>
        <p className="invisible mt-2 hidden animate-appear-late [[data-theme-preference]_&]:block">
          Taking too long? The connection may have dropped while the tracker loaded.{" "}
          {/* Loads the page again where the reader was, hash and all, by the script beside it. */}
          <a
            href="/reading_tracker"
            data-load-again
            // Drawn by the browser (a way here within the site), the script beside it never ran: the same, here.
            onClick={(event) => {
              if (event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              location.reload();
            }}
            className="tap-line font-medium text-primary underline"
          >
            Load it again
          </a>
        </p>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: loadAgainScript }} />
      </div>
    </>
  );
}

/**
 * The tracker when the story's timeline or the page's own data could not be fetched (offline with no copy
 * kept, or the server failing): the pickers have nothing to list, or the account's progress is unknown,
 * so the page says what failed and asks again, at a tap or when the connection comes back. `header` is the
 * tracker's own (`SavingHeader`, saying a change not synced yet) where its code is here; without it, the
 * header says nothing of saving, as while the tracker loads. A try fetches the timeline alone, and the page is loaded again once it
 * came (so a try while still offline leaves this page as it is). The reader's progress is untouched:
 * nothing is saved without the timeline.
 */
export function TimelineFailed({ signedIn, header }: { signedIn: boolean; header?: ReactNode }) {
  const revalidator = useRevalidator();
  const [tries, setTries] = useState<"none" | "trying" | "failed">("none");
  // The page loaded again and still failed (its own data this time): still here, so say so.
  const loading = revalidator.state === "loading";
  const [wasLoading, setWasLoading] = useState(loading);
  if (loading !== wasLoading) {
    setWasLoading(loading);
    if (!loading && tries === "trying") setTries("failed");
  }
  const retry = useCallback(() => {
    setTries("trying");
    loadShield()
      .then((shield) => fetchTimeline(revealParameter(shield)))
      .then(
        () => revalidator.revalidate(),
        () => setTries("failed"),
      );
  }, [revalidator]);
  useEffect(() => {
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [retry]);
  return (
    <>
      {header ?? <TrackerHeader signedIn={signedIn} save="saved" />}
      <div className="min-h-dvh">
        <div role="alert" className="rounded-md border border-border p-4">
          <p className="font-medium">
            {tries === "failed" ? "The tracker still could not be loaded." : "The tracker could not be loaded."}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">Check your connection. Nothing of your progress is lost.</p>
        </div>
        <Button className="mt-3" onClick={retry}>
          {tries === "trying" ? "Loading the tracker…" : "Load the tracker again"}
        </Button>
      </div>
    </>
  );
}
