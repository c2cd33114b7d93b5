import { useEffect, useState } from "react";
import { ProgressLink } from "~/components/progress-link";
import { readOrWatched } from "~/lib/discussion/thread";
import { knows, type Revealers } from "~/lib/shield/knowledge";
import { useShield } from "~/browser/spoiler-shield";
import { readStored } from "~/browser/storage";
import { useAccountProgressHeard } from "~/browser/stored-progress";
import { useOptionalUser } from "~/browser/user";
import { PostFormSlot, useHeldUntilLoaded } from "./lazy-writer-tools";
// Its props only: the form's code stays in the chunk signed-in readers load.
import type { PostFormProps } from "./post-form";
import { SignInToJoin } from "./sign-in-to-join";

/** Whether this tab's sign-in sync brought the account's progress here (./progress-save.ts marks it). */
const syncedHere = (uid: string) => readStored("progressSynced", `:${uid}`) !== null;

/**
 * Where a reader joins a thread: a signed-out reader is asked to sign in, one who has not seen the
 * thread's unit to set their progress (to update it, where they have), and a signed-in reader who has
 * gets the form (PostForm, loaded only for them). A session that ends with the form open (signed out or
 * the account deleted in another tab) keeps the form where it is, with what the reader typed: the form
 * says they are no longer signed in (PostForm's `signedOut`).
 */
export function CommentForm({
  unit,
  joinableBy,
  readerPlaces,
  parent = null,
  answer,
  onCancel,
}: PostFormProps & {
  /**
   * Who may write in the thread: whoever went through all its unit (the thread's comments' revealers),
   * by the unit itself or by a volume or episode that tells it, as the server holds a post to.
   */
  joinableBy: Revealers;
}) {
  const user = useOptionalUser();
  const shield = useShield();
  // As first drawn until the form's code has come and the account has been heard from: a signed-in
  // reader's browser may not know their progress until the account's arrives (/resources/progress; they
  // may have read on in another browser), and the form the server drew, with what they typed into it,
  // stays meanwhile instead of giving way to "You can join once…" and coming back empty.
  const accountHeard = useAccountProgressHeard();
  const short = useHeldUntilLoaded(Boolean(shield && !knows(shield.knowledge, joinableBy)), user !== null);
  // The sync ended without bringing the account's progress here (it failed, or gave up after 10 s): the form
  // stays, saying so, as the action checks a post against the saved progress and keeps a refused one's text.
  const unchecked = short && accountHeard && user !== null && !syncedHere(user.uid);
  const gated = short && accountHeard && !unchecked;
  const formShown = user !== null && !gated;
  const [wasShown, setWasShown] = useState(false);
  useEffect(() => {
    if (formShown) setWasShown(true);
  }, [formShown]);

  if (!user && !wasShown) return <SignInToJoin />;
  if (user && gated) {
    return (
      <p className="rounded-md border border-border bg-card p-4 text-sm">
        You can join once you have {readOrWatched(unit.key)} {unit.label}. <ProgressLink className="text-primary" />
      </p>
    );
  }

  return (
    <>
      {/* Drawn with the form, so a reader already typing hears the line when it comes (up to 10 s later). */}
      <div role="status">
        {unchecked ? (
          <p className="mb-3 text-sm">
            This page could not check your saved progress. If you have {readOrWatched(unit.key)} {unit.label}, you can
            still post: the site checks your saved progress when you do, and keeps your text if it has not got that far.{" "}
            <ProgressLink className="text-primary" />
          </p>
        ) : null}
      </div>
      <PostFormSlot
        unit={unit}
        readerPlaces={readerPlaces}
        parent={parent}
        answer={answer}
        onCancel={onCancel}
        signedOut={!user}
      />
    </>
  );
}
