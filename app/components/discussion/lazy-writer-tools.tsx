import { type ComponentProps, memo, startTransition, Suspense, useEffect, useState } from "react";
import { useSubmit } from "react-router";
import { lazyOptional, optionalPart } from "~/browser/lazy-import";
import { displayPath } from "~/lib/http/display-path";
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

/** Whether the forms' code has come: a form the server drew is then the reader's to send as React draws it. */
let writerToolsLoaded = false;
const loadedWriterTools = () =>
  loadWriterTools().then((module) => {
    writerToolsLoaded = true;
    return module;
  });

const LazyPostForm = lazyOptional(
  () => loadedWriterTools().then((module) => module.PostForm),
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

const LazyCommentTools = lazyOptional(() => loadedWriterTools().then((module) => module.CommentTools), TextOnly);

const LazyModeratorActions = lazyOptional(
  () => loadedWriterTools().then((module) => module.ModeratorActions),
  () => null,
);

/**
 * The value as first drawn until the forms' code is here, then as it is. A boundary the server drew
 * that React has not hydrated yet (its code still loading) is drawn anew if its props change first (the
 * reader's places, named once the revealed data comes), and dropped if what holds it changes (the form
 * giving way to "You can join once…" while the account's progress is on its way): its fallback, then an
 * empty form, and words the reader had typed into the form the server drew would go. `holds`: whether
 * there is a form to hold (a signed-out reader loads none of the forms' code).
 */
export function useHeldUntilLoaded<Value>(value: Value, holds = true): Value {
  const [first] = useState(value);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!holds) return;
    let live = true;
    // As a transition: React hydrates the boundary the server drew (its code is here now) before it
    // hands it the new value; urgent, the value would reach it first and React would draw it anew.
    const settle = () => live && startTransition(() => setLoaded(true));
    loadedWriterTools().then(settle, settle);
    return () => {
      live = false;
    };
  }, [holds]);
  return loaded || !holds ? value : first;
}

/**
 * A thread's form sent while its code is still on its way (the server drew it; React leaves its taps to
 * the browser until it has the code) goes through the page's own action, as it does once the code has
 * come, not as the browser's own post: a post that fails then keeps the page and the text, and says so
 * beside the form once its code is here (the route's clientAction), where the browser would put its
 * error page in place of the reader's text. Listened for on the window, before React, which stops a
 * send from a part it has not drawn yet.
 */
export function useThreadFormsSentBeforeTheirCode() {
  const submit = useSubmit();
  useEffect(() => {
    // A form whose send is on its way: sent again (Enter pressed twice), it is the same send, not a
    // second post the server would refuse as already posted.
    const sending = new WeakSet<HTMLFormElement>();
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (
        writerToolsLoaded ||
        event.defaultPrevented ||
        !(form instanceof HTMLFormElement) ||
        form.getAttribute("method")?.toLowerCase() !== "post" ||
        // The thread's own forms, however its address was written (`wn:1-5` or `wn%3A1-5`).
        displayPath(new URL(form.action, window.location.href).pathname) !== displayPath(window.location.pathname)
      )
        return;
      event.preventDefault();
      event.stopPropagation();
      if (sending.has(form)) return;
      sending.add(form);
      submit(event.submitter instanceof HTMLButtonElement ? event.submitter : form)
        .catch(() => {})
        .finally(() => sending.delete(form));
    };
    window.addEventListener("submit", onSubmit, true);
    return () => window.removeEventListener("submit", onSubmit, true);
  }, [submit]);
}

/** The thread's form (posting, or answering a comment), drawn by the server and kept as drawn while its code loads. */
export function PostFormSlot(props: PostFormProps) {
  const held = useHeldUntilLoaded(props);
  // Another thread's form (the reader went on to it meanwhile) is never held.
  return <PostFormBoundary {...(held.unit.key === props.unit.key ? held : props)} />;
}

const PostFormBoundary = memo(
  function PostFormBoundary(props: PostFormProps) {
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
