import { Form, Link, useLocation, useMatches, useNavigate, useRevalidator } from "react-router";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { closeSiteSession } from "~/browser/site-session";
import { onAccountPage } from "~/lib/account/account-page";
import type { SessionUser } from "~/lib/account/user";
import { toast } from "~/components/ui/toast-store";
import { signInPath } from "~/lib/account/sign-in-path";

/** Why signing out did nothing: the reader is still signed in, and this browser as it was. */
const notSignedOut = {
  offline: {
    title: "You are still signed in",
    description: "You are offline, and signing out needs the site. Sign out once you are back online.",
  },
  unreachable: {
    title: "You are still signed in",
    description: "The site could not close your session just now. Try again in a moment.",
  },
  unsent: {
    title: "Nothing was cleared",
    description:
      "Your latest progress has not reached your account yet, so nothing was cleared and you are still signed in. Try again once you are online, or in a few minutes if you are.",
  },
  signedOut: {
    title: "Nothing was cleared",
    description:
      "Your session has ended, so your latest progress could not reach your account and nothing was cleared. Sign in again to send it, then sign out and clear this device.",
  },
};

/**
 * The open account menu's links and sign-out, inside its box (loaded when the menu first opens). Sign-out
 * is one tap; beside it, signing out and clearing this device for a shared browser.
 */
export function AccountPanel({ user, label }: { user: SessionUser; label: string }) {
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const here = `${location.pathname}${location.search}`;
  const clearId = useId();
  const [problem, setProblem] = useState<keyof typeof notSignedOut | null>(null);
  const redirectTo = onAccountPage(matches) ? "/" : here;
  return (
    <>
      <p className="px-3 py-2 text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email ?? label}</p>
      <Link to="/feedback_hub" className="block rounded-md px-3 py-3 text-sm hover:bg-muted">
        Feedback hub and my reports
      </Link>
      <Link to="/discuss" className="block rounded-md px-3 py-3 text-sm hover:bg-muted">
        Your discussion
      </Link>
      {user.admin ? (
        <Link to="/feedback_hub/triage" className="block rounded-md px-3 py-3 text-sm hover:bg-muted">
          Triage reports
        </Link>
      ) : null}
      <Form
        method="post"
        action="/auth/logout"
        onSubmit={(event) => {
          // Asked to clear this device: what the account has not received yet is sent first. Then the
          // server's session closes, the device is cleared if asked, the Firebase session in this browser
          // ends too (which forgets every draft), and the page is drawn again for a reader signed out.
          // Whatever fails keeps the page and says so (in a toast too, which stays when the menu closes:
          // a tap or Tab elsewhere closes it).
          event.preventDefault();
          const clearing = (event.nativeEvent as SubmitEvent).submitter?.id === clearId;
          const fail = (why: keyof typeof notSignedOut) => {
            toast({ ...notSignedOut[why], variant: "destructive" });
            setProblem(why);
          };
          setProblem(null);
          void (async () => {
            if (!navigator.onLine) return fail("offline");
            const readerData = clearing ? await import("~/browser/reader-data").catch(() => null) : null;
            if (clearing && !readerData) return fail("unreachable");
            // Their latest progress would be lost.
            const ready = readerData ? await readerData.readyToClear(user.uid).catch(() => "unsent" as const) : "ready";
            if (ready !== "ready") return fail(ready);
            // The session first: a sync another tab begins after this asks a signed-out site, and brings nothing back.
            if (!(await closeSiteSession())) return fail("unreachable");
            await readerData?.clearReaderData();
            await import("~/browser/firebase-auth.client")
              .then((module) => module.signOutEverywhere({ serverToo: false }))
              .catch(() => {});
            // Staying, the page is drawn again where it is (its scroll and its #anchor kept).
            if (redirectTo === here) await revalidate();
            else await navigate(redirectTo);
            toast({ title: "Signed out", description: clearing ? "This browser was cleared too." : undefined });
          })();
        }}
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Button type="submit" variant="ghost" size="menu" aria-describedby={`${clearId}-keeps`}>
          Sign out
        </Button>
        {/* A draft is the reader's words, which the next person at this browser must not find. */}
        <p id={`${clearId}-keeps`} className="px-3 pb-2 text-xs text-muted-foreground">
          Keeps your reading progress in this browser; removes unsent drafts.
        </p>
        <Button type="submit" id={clearId} variant="ghost" size="menu" aria-describedby={`${clearId}-what`}>
          Sign out and clear this device
        </Button>
        <p id={`${clearId}-what`} className="px-3 pb-2 text-xs text-muted-foreground">
          Removes your reading progress, spoiler setting and unsent drafts from this browser. Your account keeps your
          progress.
        </p>
        {problem ? (
          // Said here too where the toast's code could not be loaded (offline).
          <p role="status" className="px-3 pb-2 text-sm">
            {notSignedOut[problem].description}
            {problem === "signedOut" ? (
              <>
                {" "}
                <Link to={signInPath(here)} className="tap-line font-medium text-primary underline">
                  Sign in again
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
      </Form>
      <Link to="/account/delete" className="block rounded-md px-3 py-3 text-sm text-muted-foreground hover:bg-muted">
        Delete your account
      </Link>
    </>
  );
}
