import { Link, useLocation } from "react-router";
import { hasConsumed } from "~/lib/shield/knowledge";
import { useShield } from "~/browser/spoiler-shield";
import { useOptionalUser } from "~/browser/user";
import { PostFormSlot } from "./lazy-writer-tools";
// Its props only: the form's code stays in the chunk signed-in readers load.
import type { PostFormProps } from "./post-form";
import { signInPath } from "~/lib/account/sign-in-path";

/**
 * Where a reader joins a thread: a signed-out reader is asked to sign in, one who has not seen the
 * thread's unit to set their progress (to update it, where they have), and a signed-in reader who has
 * gets the form (PostForm, loaded only for them).
 */
export function CommentForm({ unit, readerPlaces, parent = null, answer, onCancel }: PostFormProps) {
  const user = useOptionalUser();
  const shield = useShield();
  const { pathname, search } = useLocation();
  if (!user) {
    return (
      <p className="rounded-md border border-border bg-card p-4 text-sm">
        <Link to={signInPath(`${pathname}${search}`)} className="font-medium text-primary underline">
          Sign in
        </Link>{" "}
        to join the discussion.
      </p>
    );
  }
  if (shield && !shield.knowledge.everything && !hasConsumed(shield.knowledge, unit.key)) {
    return (
      <p className="rounded-md border border-border bg-card p-4 text-sm">
        You can join once you have read or watched {unit.label}.{" "}
        <Link to="/reading_tracker" className="whitespace-nowrap text-primary underline">
          {shield.hasProgress ? "Update your progress" : "Set your progress"}
        </Link>
      </p>
    );
  }

  return <PostFormSlot unit={unit} readerPlaces={readerPlaces} parent={parent} answer={answer} onCancel={onCancel} />;
}
