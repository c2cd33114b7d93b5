import { Form, Link, useLocation, useMatches, useSubmit } from "react-router";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { onAccountPage } from "~/lib/account/account-page";
import type { SessionUser } from "~/lib/account/user";
import { toast } from "~/components/ui/toast-store";

/** Why "Sign out and clear this device" did nothing. */
const notCleared =
  "Your latest progress has not reached your account yet, so nothing was cleared. Try again once you are online, or in a few minutes if you are.";

/**
 * The open account menu's links and sign-out, inside its box (loaded when the menu first opens). Sign-out
 * is one tap; beside it, signing out and clearing this device for a shared browser.
 */
export function AccountPanel({ user, label }: { user: SessionUser; label: string }) {
  const location = useLocation();
  const matches = useMatches();
  const submit = useSubmit();
  const here = `${location.pathname}${location.search}`;
  const clearId = useId();
  const [unsent, setUnsent] = useState(false);
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
          // First clear this device if asked, then end the Firebase session in this browser too (which
          // forgets every draft), then clear the server's cookie.
          event.preventDefault();
          const form = event.currentTarget;
          const clearing = (event.nativeEvent as SubmitEvent).submitter?.id === clearId;
          setUnsent(false);
          void (async () => {
            if (clearing) {
              const cleared = await import("~/browser/reader-data")
                .then((module) => module.clearReaderData(user.uid))
                .catch(() => false);
              // Nothing is cleared and the reader stays signed in: their latest progress would be lost. Said
              // in a toast too, which stays when the menu closes (a tap or Tab elsewhere closes it).
              if (!cleared) {
                toast({ title: "Nothing was cleared", description: notCleared, variant: "destructive" });
                return setUnsent(true);
              }
            }
            await import("~/browser/firebase-auth.client")
              .then((module) => module.signOutEverywhere({ serverToo: false }))
              .catch(() => {});
            await submit(form);
            toast({ title: "Signed out", description: clearing ? "This browser was cleared too." : undefined });
          })();
        }}
      >
        <input type="hidden" name="redirectTo" value={onAccountPage(matches) ? "/" : here} />
        <Button type="submit" variant="ghost" size="menu">
          Sign out
        </Button>
        <Button type="submit" id={clearId} variant="ghost" size="menu" aria-describedby={`${clearId}-what`}>
          Sign out and clear this device
        </Button>
        <p id={`${clearId}-what`} className="px-3 pb-2 text-xs text-muted-foreground">
          Removes your reading progress, spoiler setting and drafts from this browser. Your account keeps your progress.
        </p>
        {unsent ? (
          // Said here too where the toast's code could not be loaded (offline).
          <p role="status" className="px-3 pb-2 text-sm">
            {notCleared}
          </p>
        ) : null}
      </Form>
      <Link to="/account/delete" className="block rounded-md px-3 py-3 text-sm text-muted-foreground hover:bg-muted">
        Delete your account
      </Link>
    </>
  );
}
