import { Form, Link, useLocation, useSubmit } from "react-router";
import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { useOptionalUser } from "~/browser/user";
import { useDismissable } from "./use-dismissable";

/** The signed-in state in the header: a sign-in link, or the reader's name with their links and sign-out. */
export function AccountMenu() {
  const user = useOptionalUser();
  const location = useLocation();
  const submit = useSubmit();
  const menu = useRef<HTMLDetailsElement>(null);
  useDismissable(menu);
  const here = `${location.pathname}${location.search}`;
  if (!user) {
    if (location.pathname === "/login") return null;
    return (
      <Link
        to={`/login?${new URLSearchParams({ redirectTo: here })}`}
        className="inline-flex h-9 items-center whitespace-nowrap rounded-md border border-border px-3 text-sm font-medium hover:border-primary"
      >
        Sign in
      </Link>
    );
  }
  const label = user.name || user.email || "Your account";
  return (
    <details ref={menu} className="relative">
      <summary
        className="inline-flex h-9 max-w-40 cursor-pointer list-none items-center gap-2 rounded-md border border-border px-3 text-sm font-medium hover:border-primary [&::-webkit-details-marker]:hidden"
        aria-label={`Account: ${label}`}
      >
        <span
          aria-hidden="true"
          className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground"
        >
          {label.slice(0, 1).toUpperCase()}
        </span>
        <span className="hidden truncate sm:inline">{label}</span>
      </summary>
      <div className="absolute right-0 top-11 z-50 w-60 rounded-lg border border-border bg-popover p-2 text-popover-foreground shadow-lg">
        <p className="truncate px-3 py-2 text-sm text-muted-foreground">{user.email ?? label}</p>
        <Link to="/feedback_hub" className="block rounded-md px-3 py-2 text-sm hover:bg-muted">
          Feedback hub and my reports
        </Link>
        {user.admin ? (
          <Link to="/feedback_hub/triage" className="block rounded-md px-3 py-2 text-sm hover:bg-muted">
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
      </div>
    </details>
  );
}
