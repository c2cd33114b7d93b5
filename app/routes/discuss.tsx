import { Link, useLocation } from "react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

import { CommentForm } from "~/components/discussion/comment-form";
import { useThreadFormsSentBeforeTheirCode } from "~/components/discussion/lazy-writer-tools";
import { NoComments, ThreadComments } from "~/components/discussion/thread-comments";
import { OriginalText } from "~/components/original-text";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { Spoiler } from "~/components/spoiler";
import { UnitTitle } from "~/components/unit-title";
import { readOrWatched, THREAD_CACHE_CONTROL } from "~/lib/discussion/thread";
import { readFields, refuse } from "~/lib/forms/form";
import { answerTo, threadFormFields, threadLengthErrors } from "~/lib/discussion/thread-forms";
import { isUnitKey } from "~/lib/content/units";
import { pageMeta } from "~/lib/http/meta";
import { publicCopy } from "~/lib/shield/gated";
import { countOf, nouns } from "~/lib/words";
import { useFocusAfterDecision } from "~/browser/decision-focus";
import { focusIfLost } from "~/browser/focus";
import { keepingTheForm } from "~/browser/form-outage";
import { useShieldedData } from "~/browser/spoiler-shield";
import { getThread } from "~/models/discussions.server";
import { notFound } from "~/server/not-found.server";
import { assertSameOrigin } from "~/server/origin.server";
import { keepingInputThroughOutage } from "~/server/outage.server";
import { requestedPage, requireExistingPage } from "~/server/paging.server";
import { requireUser } from "~/server/session.server";
import { deleteIntent, editIntent, moderateIntent, postIntent, reportIntent } from "~/server/thread-actions.server";
import { requesterKnowledge, shieldedData } from "~/server/shield.server";
import type { Route } from "./+types/discuss";

/** The unit a thread's address names, or a 404 when it names none. */
function threadUnit(params: { unit?: string }) {
  const unit = params.unit ?? "";
  if (!isUnitKey(unit)) notFound();
  return unit;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const unit = threadUnit(params);
  const url = new URL(request.url);
  const page = requestedPage(url);
  // Where the requester says they are, so the form names their horizons as the series does.
  const readerAt = [...requesterKnowledge(request).reached.values()].map((place) => place.key);
  const thread = await getThread(context.db, unit, page, readerAt);
  if (!thread) notFound();
  requireExistingPage(url, thread);
  return shieldedData(request, thread);
}

/**
 * A text past its limit is refused here, never sent; a post that never reaches the site, or that it
 * fails to answer, keeps the page and the text (app/browser/form-outage.ts).
 */
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  keepingTheForm(
    request,
    serverAction,
    threadFormFields,
    threadLengthErrors,
    // A delete is a confirmation: "nothing was done", not "your text is kept here".
    (values) => !values.form?.startsWith("delete:"),
  );

/** Kept at the edge only seconds (a signed-in reader's answers are private anyway). */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": THREAD_CACHE_CONTROL });

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const thread = publicCopy(loaderData);
  const label = thread?.unit.label ?? "A part of the story";
  // Said as its medium is taken in; "read or watched" only where no unit is named.
  const done = thread ? readOrWatched(thread.unit.key) : "read or watched";
  return pageMeta(
    { matches, error },
    {
      title: `Discussion: ${label}`,
      description: `What readers who have ${done} ${label} say about it. Comments that touch more are hidden from anyone who has not got that far.`,
    },
  );
};

export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const unit = threadUnit(params);
  const body = await request.formData();
  const raw = readFields(body, threadFormFields);
  // Read before anything that needs D1 or the token keys, so an outage gives the reader's text back.
  return keepingInputThroughOutage(raw, async () => {
    const intent = String(body.get("intent") ?? "");
    // A post and an edit check the session themselves: the writer's rows are read in the session's round trip.
    if (intent === "post") return postIntent({ request, context, unit, body, raw });
    if (intent === "edit") return editIntent({ request, context, unit, body, raw });
    const thread = { request, context, user: await requireUser(request, context), unit, body, raw };
    switch (intent) {
      case "delete":
        return deleteIntent(thread);
      case "report":
        return reportIntent(thread);
      case "hide":
      case "restore":
      case "restamp":
        return moderateIntent(thread);
      default:
        return refuse({ form: "This form cannot be sent here." }, raw);
    }
  });
}

/**
 * Whether a form sent may take its comment from its place, as its form names itself: a moderator's
 * decision (Hide, Restore, Move horizon) or its writer's Delete.
 */
const deciding = ({ target }: FormEvent<HTMLElement>) =>
  target instanceof HTMLFormElement && /^(moderate|delete):/.test(String(new FormData(target).get("form")));

export default function Discussion({ loaderData, actionData }: Route.ComponentProps) {
  const { data: thread, waiting } = useShieldedData(loaderData);
  // A moderator's decision or a writer's delete that went through leaves focus on the comment's line, or on
  // the one now in its place, once the comments the reader may read are drawn again (decisions 88, 91).
  const decidedIn = useFocusAfterDecision(!waiting);
  const location = useLocation();
  useThreadFormsSentBeforeTheirCode();
  // A link to one comment (#comment-12), or the comment just posted, is scrolled to once it shows: the
  // comments arrive after the first paint, and a posted one with the page's data asked for again. The
  // form that posted it is gone, so focus goes to the comment.
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!location.hash.startsWith("#comment-") || scrolledFor.current === location.key) return;
    const target = document.getElementById(location.hash.slice(1));
    if (!target || target.hidden) return;
    target.scrollIntoView({ block: "start" });
    focusIfLost(target);
    scrolledFor.current = location.key;
  }, [thread, location.hash, location.key]);
  // The reader's choice on this page only: the thread's address (and its cached answer) stays the same.
  const [strict, setStrict] = useState(false);
  return (
    <div className="max-w-3xl">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to={thread.unit.path} className="tap-line text-primary underline">
          {thread.unit.label}
        </Link>{" "}
        / <span aria-current="page">Discussion</span>
      </nav>
      <PageHeader
        title={`Discussion: ${thread.unit.label}`}
        subtitle={
          thread.title ? (
            <UnitTitle gated={thread.title} what="The title">
              {({ title, originalTitle }) => (
                <>
                  {title}
                  <OriginalText text={originalTitle} className="block text-sm font-normal" />
                </>
              )}
            </UnitTitle>
          ) : null
        }
        lead={`For readers who have ${readOrWatched(thread.unit.key)} ${thread.unit.label}. A comment that touches more is hidden from anyone who has not got that far.`}
      >
        {/* Replies are not counted: how many a comment has is as far as its own horizon goes. */}
        <p className="text-sm text-muted-foreground">
          {countOf(thread.total, nouns.comment)}
          {thread.total ? ", not counting replies" : ""}
        </p>
      </PageHeader>
      {/* Before the comments: revealing them only grows the page downwards, so nothing on screen moves. */}
      <section aria-labelledby="post-heading" className="mb-6">
        <h2 id="post-heading" className="mb-3 text-lg font-semibold">
          Post a comment
        </h2>
        {/* Drawn anew after each navigation (a comment posted): empty, with a new submission id. */}
        <CommentForm
          key={location.key}
          unit={thread.unit}
          joinableBy={thread.comments.revealedBy}
          readerPlaces={thread.readerPlaces}
          answer={answerTo(actionData, "post:new")}
        />
      </section>
      <h2 id="comments-heading" className="mb-1 text-lg font-semibold">
        Comments
      </h2>
      {/* A thread with none has nothing to fold away: no "Show it" that would show nothing. */}
      {thread.total ? (
        <>
          <label className="mb-3 flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={strict}
              onChange={(event) => setStrict(event.target.checked)}
              className="choice-box"
            />
            Strict: only comments by readers who had seen no more than I have
          </label>
          <Spoiler gated={thread.comments} what="This discussion" block>
            {(comments) => (
              <ThreadComments
                unit={thread.unit}
                joinableBy={thread.comments.revealedBy}
                readerPlaces={thread.readerPlaces}
                comments={comments}
                strict={strict}
                actionData={actionData}
                onSubmit={(event) => deciding(event) && decidedIn("comments-heading")(event)}
              />
            )}
          </Spoiler>
        </>
      ) : (
        <NoComments />
      )}
      <Pagination page={thread.page} pageCount={thread.pageCount} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
