import { type ComponentProps, memo, Suspense } from "react";
import { lazyOptional, optionalPart } from "~/browser/lazy-import";
import type { CommentBody } from "~/lib/discussion/thread";
import { CommentText } from "./comment-text";
import type { PostFormProps } from "./post-form";

/*
 * The thread's forms (posting, editing, reporting, moderating) are for signed-in readers only, so they
 * are loaded when one is shown (writer-tools.tsx): a signed-out reader never loads them. Should their
 * chunk fail, the comments stay readable and the form says what went wrong.
 *
 * Each is drawn through a slot that renders again only when what it shows changes: a form the server
 * drew stays as drawn while its code loads, even as the page around it updates (the shield, after the
 * page has hydrated), instead of React dropping it for its fallback.
 */

const loadWriterTools = optionalPart(() => import("./writer-tools"));

const LazyPostForm = lazyOptional(
  () => loadWriterTools().then((module) => module.PostForm),
  function FormUnavailable() {
    return (
      <p role="alert" className="rounded-md border border-border bg-card p-4 text-sm">
        The form could not be loaded. Check your connection, then reload the page.
      </p>
    );
  },
);

/** A comment's text as it reads until its tools have loaded, or if they cannot. */
export function TextOnly({ body }: { body: Pick<CommentBody, "text"> }) {
  return (
    <div className="mt-2">
      <CommentText text={body.text} />
    </div>
  );
}

const LazyCommentTools = lazyOptional(() => loadWriterTools().then((module) => module.CommentTools), TextOnly);

const LazyModeratorActions = lazyOptional(
  () => loadWriterTools().then((module) => module.ModeratorActions),
  () => null,
);

export const PostFormSlot = memo(
  function PostFormSlot(props: PostFormProps) {
    return (
      <Suspense fallback={<p className="text-sm text-muted-foreground">Loading the form…</p>}>
        <LazyPostForm {...props} />
      </Suspense>
    );
  },
  // The thread's unit comes anew with revealed data: the same unit is the same form.
  (before, after) =>
    before.unit.key === after.unit.key &&
    before.unit.label === after.unit.label &&
    before.parent?.id === after.parent?.id &&
    before.answer === after.answer &&
    before.signedOut === after.signedOut &&
    before.onCancel === after.onCancel &&
    // The reader's places, named once the revealed data comes, name the horizon's choices.
    before.readerPlaces.length === after.readerPlaces.length &&
    before.readerPlaces.every(
      (place, index) =>
        place.key === after.readerPlaces[index]?.key && place.label === after.readerPlaces[index]?.label,
    ),
);

export const CommentToolsSlot = memo(function CommentToolsSlot(props: ComponentProps<typeof LazyCommentTools>) {
  return (
    <Suspense fallback={<TextOnly body={props.body} />}>
      <LazyCommentTools {...props} />
    </Suspense>
  );
});

export const ModeratorActionsSlot = memo(function ModeratorActionsSlot(
  props: ComponentProps<typeof LazyModeratorActions>,
) {
  return (
    <Suspense fallback={null}>
      <LazyModeratorActions {...props} />
    </Suspense>
  );
});
