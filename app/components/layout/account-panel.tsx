import { Form, Link, useLocation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import type { SessionUser } from "~/lib/account/user";

/** The open account menu's links and sign-out, inside its box (loaded when the menu first opens). */
export function AccountPanel({ user, label }: { user: SessionUser; label: string }) {
  const location = useLocation();
  const submit = useSubmit();
  const here = `${location.pathname}${location.search}`;
  return (
    <>
      <p className="truncate px-3 py-2 text-sm text-muted-foreground">{user.email ?? label}</p>
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
          // First end the Firebase session in this browser too, then clear the server's cookie.
          event.preventDefault();
          const form = event.currentTarget;
          void import("~/browser/firebase-auth.client")
            .then((module) => module.signOutEverywhere({ serverToo: false }))
            .catch(() => {})
            .finally(() => submit(form));
        }}
      >
        <input type="hidden" name="redirectTo" value={location.pathname.startsWith("/feedback_hub") ? "/" : here} />
        <Button type="submit" variant="ghost" size="menu">
          Sign out
        </Button>
      </Form>
      <Link to="/account/delete" className="block rounded-md px-3 py-3 text-sm text-muted-foreground hover:bg-muted">
        Delete your account
      </Link>
    </>
  );
}
