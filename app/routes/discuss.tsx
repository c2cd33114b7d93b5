import { Link, useLocation } from "react-router";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CommentForm } from "~/components/discussion/comment-form";
import { ThreadComments } from "~/components/discussion/thread-comments";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { Spoiler } from "~/components/spoiler";
import { checkComment, commentFields, limitMessage } from "~/lib/discussion/comment-form";
import { comesBefore, horizonProblem, THREAD_CACHE_CONTROL } from "~/lib/discussion/thread";
import { cleanCommentText, writerName } from "~/lib/discussion/comment-text";
import { writerTag } from "~/lib/discussion/writer";
import { HONEYPOT_FIELD, readFields, refuse } from "~/lib/forms/form";
import { discussionPath, isUnitKey } from "~/lib/content/units";
import { pageMeta, siteNameFrom } from "~/lib/http/meta";
import { errorPage } from "~/lib/http/status";
import { knowledgeOf } from "~/lib/progress/record";
import { publicCopy } from "~/lib/shield/gated";
import { encodeKnowledge } from "~/lib/shield/knowledge";
import { countOf, nouns } from "~/lib/words";
import { useShieldedData } from "~/browser/spoiler-shield";
import {
  decideOnComment,
  type ModeratorDecision,
  deleteComment,
  getComment,
  getThread,
  postComment,
} from "~/models/discussions.server";
import { getSavedProgress } from "~/models/progress.server";
import { limitedHit } from "~/models/rate-limits.server";
import { notFound } from "~/server/not-found.server";
import { assertSameOrigin } from "~/server/origin.server";
import { keepingInputThroughOutage } from "~/server/outage.server";
import { requestedPage, requireExistingPage } from "~/server/paging.server";
import { requireUser } from "~/server/session.server";
import { shieldedData } from "~/server/shield.server";
import { redirectWithToast } from "~/server/toast.server";
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
  const thread = await getThread(context.db, unit, page);
  if (!thread) notFound();
  requireExistingPage(url, thread);
  return shieldedData(request, thread);
}

/** Kept at the edge only seconds (a signed-in reader's answers are private anyway). */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": THREAD_CACHE_CONTROL });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const thread = publicCopy(loaderData);
  const label = thread?.unit.label ?? "A part of the story";
  return pageMeta(siteNameFrom(matches), {
    title: `Discussion: ${label}`,
    description: `What readers who have read or watched ${label} say about it. Comments that touch more are hidden from anyone who has not got that far.`,
  });
};

/** A submission id as the browser makes it (crypto.randomUUID). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A comment's id from a form: a positive whole number, or null. */
function commentId(value: FormDataEntryValue | null) {
  const text = typeof value === "string" ? value : "";
  return /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : null;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const unit = threadUnit(params);
  const body = await request.formData();
  const raw = readFields(body, [...commentFields, "parent"] as const);
  // Read before anything that needs D1 or the token keys, so an outage gives the reader's text back.
  return keepingInputThroughOutage(raw, () => act(request, context, unit, body, raw));
}

async function act(
  request: Request,
  context: Route.ActionArgs["context"],
  unit: string,
  body: FormData,
  raw: Record<"text" | "horizon" | "parent", string>,
) {
  const user = await requireUser(request, context);
  const intent = String(body.get("intent") ?? "");
  const here = discussionPath(unit);
  const back = (page: number) => (page > 1 ? `${here}?page=${page}` : here);
  // The page the reader acted on, to go back to (its forms say it).
  const referrerPage = commentId(body.get("page")) ?? 1;

  if (intent === "delete") {
    const id = commentId(body.get("id"));
    if (id === null || !(await deleteComment(context.db, { id, uid: user.uid })))
      return refuse({ form: "That comment is not yours, or it was already removed." }, {}, 409);
    return redirectWithToast(context.env, back(referrerPage), { title: "Comment deleted" });
  }
  if (intent === "hide" || intent === "restore" || intent === "restamp") {
    if (!user.admin) throw errorPage(403, { message: "Only moderators can decide on comments." });
    const id = commentId(body.get("id"));
    const horizon = String(body.get("horizon") ?? "").trim();
    if (intent === "restamp" && !isUnitKey(horizon))
      return refuse({ form: "Give the horizon as a unit key, such as wn:8-1 or anime:2-3." }, {});
    if (intent === "restamp" && comesBefore(horizon, unit))
      return refuse({ form: "A comment's horizon is at least its thread's own unit." }, {});
    const decision: ModeratorDecision = intent === "restamp" ? { action: intent, horizon } : { action: intent };
    if (id === null || !(await decideOnComment(context.db, { id, unit, by: user.uid, decision })))
      return refuse({ form: "Nothing changed: the comment was removed, or already so." }, {}, 409);
    const said = { hide: "Comment hidden", restore: "Comment restored", restamp: "Horizon moved" }[intent];
    return redirectWithToast(context.env, back(referrerPage), { title: said });
  }
  if (intent !== "post") return refuse({ form: "This form cannot be sent here." }, {});

  const posted = (id: number | null) =>
    redirectWithToast(context.env, `${here}${id ? `#comment-${id}` : ""}`, {
      title: "Comment posted",
      description: "Readers who have not got as far as it touches will not see it.",
    });
  // A filled honeypot is a bot: answer as a real post, store nothing.
  if (String(body.get(HONEYPOT_FIELD) ?? "") !== "") return posted(null);
  const errors = checkComment(raw);
  if (errors) return refuse(errors, raw);
  const sentId = String(body.get("submissionId") ?? "");
  const submissionId = uuidPattern.test(sentId) ? sentId : crypto.randomUUID();
  const parentId = raw.parent === "" ? null : commentId(raw.parent);
  if (raw.parent !== "" && parentId === null)
    return refuse({ form: "The comment you answer is not on this page." }, raw);

  const [progress, parent] = await Promise.all([
    getSavedProgress(context.db, user.uid),
    parentId === null ? null : getComment(context.db, parentId),
  ]);
  if (parentId !== null && (!parent || parent.unit !== unit || parent.parent_id !== null || parent.status !== "shown"))
    return refuse(
      { form: "The comment you answer was removed, so this reply cannot be posted. Your text is kept." },
      raw,
      409,
    );
  const writer = knowledgeOf(progress);
  const problem = horizonProblem({ unit, horizon: raw.horizon, parentHorizon: parent?.horizon ?? null }, writer);
  if (problem) return refuse({ horizon: problem }, raw);

  const outcome = await postComment(
    context.db,
    {
      submissionId,
      uid: user.uid,
      writer: await writerTag(user.uid),
      author: writerName(user.name),
      unit,
      parentId,
      text: cleanCommentText(raw.text),
      horizon: raw.horizon,
      writerKnew: encodeKnowledge(writer),
      writerPlaces: [...writer.reached.values()].map((place) => place.key),
    },
    (onlyIf) => limitedHit({ client: user.uid, action: "comment" }, new Date(), onlyIf),
  );
  if (outcome.posted) return posted(outcome.id);
  switch (outcome.problem) {
    case "unit":
      throw notFound();
    case "parent":
      return refuse(
        { form: "The comment you answer was removed, so this reply cannot be posted. Your text is kept." },
        raw,
        409,
      );
    case "duplicate":
      return refuse({ text: "You have already posted this here." }, raw, 409);
    case "resent":
      return refuse({ form: "This form was already used for another comment. Please post it again." }, raw, 409);
    case "limit":
      return refuse({ form: limitMessage(outcome.limit) }, raw, 429);
  }
}

export default function Discussion({ loaderData, actionData }: Route.ComponentProps) {
  const { data: thread, revealed } = useShieldedData(loaderData);
  const location = useLocation();
  // A link to one comment (#comment-12) finds it once the comments have arrived, after the first paint.
  useEffect(() => {
    if (revealed && location.hash.startsWith("#comment-"))
      document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [revealed, location.hash]);
  // The reader's choice on this page only: the thread's address (and its cached answer) stays the same.
  const [strict, setStrict] = useState(false);
  const answered = actionData as { values?: { parent?: string } } | undefined;
  const answer = answered ? { parent: answered.values?.parent ?? "", data: actionData } : null;
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
        lead={`For readers who have read or watched ${thread.unit.label}. A comment that touches more is hidden from anyone who has not got that far.`}
      >
        <p className="text-sm text-muted-foreground">{countOf(thread.total, nouns.commentOrReply)}</p>
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
          answer={answer && !answer.parent ? answer.data : undefined}
        />
      </section>
      <h2 className="mb-1 text-lg font-semibold">Comments</h2>
      <label className="mb-3 flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={strict}
          onChange={(event) => setStrict(event.target.checked)}
          className="size-5"
        />
        Strict: only comments by readers who had seen no more than I have
      </label>
      <Spoiler gated={thread.comments} what="This discussion" block>
        {(comments) => (
          <ThreadComments
            unit={thread.unit}
            comments={comments}
            strict={strict}
            answer={answer?.parent ? answer : null}
          />
        )}
      </Spoiler>
      <Pagination page={thread.page} pageCount={thread.pageCount} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
