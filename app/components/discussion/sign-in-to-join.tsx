import { Link, useLocation } from "react-router";
import { signInPath } from "~/lib/account/sign-in-path";

/** What a signed-out reader finds where a thread's form would be: a link to sign in, and back here. */
export function SignInToJoin() {
  const { pathname, search } = useLocation();
  return (
    <p className="rounded-md border border-border bg-card p-4 text-sm">
      <Link to={signInPath(`${pathname}${search}`)} className="font-medium text-primary underline">
        Sign in
      </Link>{" "}
      to join the discussion.
    </p>
  );
}
