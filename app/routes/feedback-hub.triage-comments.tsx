import { Form, Link, useNavigation } from "react-router";
import { useRef } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { keepingTheForm } from "~/browser/form-outage";
import { useFocusAfterDecision } from "~/browser/decision-focus";
import { useFocusOnRefusal } from "~/browser/refusal-focus";
import { ModeratorActions } from "~/components/discussion/comment-actions";
import { answerTo } from "~/lib/discussion/thread-forms";
import { CommentText } from "~/components/discussion/comment-text";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { discussionPath, isUnitKey } from "~/lib/content/units";
import { commentReportKinds, HIDDEN_LISTED } from "~/lib/discussion/comment-report";
import { formatDate } from "~/lib/format";
import { readFields, refuse } from "~/lib/forms/form";
import { threadFormFields } from "~/lib/discussion/thread-forms";
import { formErrorsOf } from "~/lib/http/error-body";
import { pageMeta } from "~/lib/http/meta";
import { countOf, nouns } from "~/lib/words";
import {
  dismissCommentReports,
  getModerationQueue,
  moderationQueuePageCount,
  type ReportedComment,
} from "~/models/comment-moderation.server";
import { assertSameOrigin } from "~/server/origin.server";
import { keepingInputThroughOutage } from "~/server/outage.server";
import { pageAfterChange, requestedPage, requireExistingPage } from "~/server/paging.server";
import { requireModerator } from "~/server/session.server";
import { commentId, moderateIntent } from "~/server/thread-actions.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/feedback-hub.triage-comments";

/*
 * The moderators' queue of reported comments: each with its text, thread, horizon and open reports,
 * the longest waiting first. A decision here is the thread's own (hide, restore, move the horizon, with
 * a reason its writer sees); leaving a comment as it is closes its reports.
 */

const here = "/feedback_hub/triage/comments";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireModerator(request, context);
  const url = new URL(request.url);
  const queue = await getModerationQueue(context.db, requestedPage(url));
  requireExistingPage(url, queue);
  return queue;
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "Reported comments",
      description: "Moderators' queue of comments readers reported.",
    },
  );

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const body = await request.formData();
  const raw = readFields(body, threadFormFields);
  return keepingInputThroughOutage(raw, async () => {
    const user = await requireModerator(request, context);
    // Back to the page decided on; the last page there is when the decision emptied it.
    const decidedOn = new URL(`${here}${new URL(request.url).search}`, request.url);
    const back = async () => pageAfterChange(decidedOn, await moderationQueuePageCount(context.db));
    if (body.get("intent") === "dismiss") {
      const id = commentId(body.get("id"));
      if (id === null || !(await dismissCommentReports(context.db, id)))
        return refuse({ form: "Nothing changed: its reports were already closed." }, raw, 409);
      return redirectWithToast(context.env, await back(), {
        title: "Reports closed",
        description: "The comment stays as it is.",
      });
    }
    const unit = String(body.get("unit") ?? "");
    if (!isUnitKey(unit)) return refuse({ form: "That comment's thread is unknown." }, raw);
    return moderateIntent({ request, context, user, unit, body, raw }, back);
  });
}

/** A decision that never reaches the site, or that it fails to answer, keeps the page, said beside its form. */
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  keepingTheForm(request, serverAction, threadFormFields);

export default function ReportedComments({ loaderData, actionData }: Route.ComponentProps) {
  const { comments, total, page, pageCount, hidden } = loaderData;
  // A decision that went through leaves focus on the comment now in its place, or on what the list holds.
  const decidedIn = useFocusAfterDecision();
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/feedback_hub" className="tap-line text-primary underline">
          Feedback hub
        </Link>{" "}
        /{" "}
        <Link to="/feedback_hub/triage" className="tap-line text-primary underline">
          Triage
        </Link>{" "}
        / <span aria-current="page">Reported comments</span>
      </nav>
      <PageHeader
        title="Reported comments"
        lead="Comments readers reported as spoilers or abuse, the longest waiting first. Moving a horizon hides the comment at once from every reader short of it; its writer sees your decision and reason."
      >
        <p id="reported-status" className="text-sm text-muted-foreground" role="status">
          {total ? `${countOf(total, nouns.comment)} waiting` : "No reported comment is waiting."}
        </p>
      </PageHeader>
      {comments.length ? (
        <ol className="space-y-4" onSubmit={decidedIn("reported-status")}>
          {comments.map((comment) => (
            <ReportedItem key={comment.id} comment={comment} actionData={actionData} />
          ))}
        </ol>
      ) : null}
      <Pagination page={page} pageCount={pageCount} />
      <h2 id="hidden-comments" className="mb-2 mt-10 text-xl font-semibold">
        Hidden comments
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        The {HIDDEN_LISTED} most recently hidden, to restore one: a hidden comment without replies is gone from its
        thread.
      </p>
      {hidden.length ? (
        <ol className="space-y-4" onSubmit={decidedIn("hidden-none", "hidden-comments")}>
          {hidden.map((comment) => (
            <ReportedItem key={comment.id} comment={comment} actionData={actionData} />
          ))}
        </ol>
      ) : (
        <p id="hidden-none" className="text-muted-foreground">
          No comment is hidden.
        </p>
      )}
    </>
  );
}

function ReportedItem({ comment, actionData }: { comment: ReportedComment; actionData: unknown }) {
  const navigation = useNavigation();
  const suggested = comment.reports.find((report) => report.needs)?.needs?.key;
  const dismissAnswer = answerTo(actionData, `dismiss:${comment.id}`);
  const dismissed = formErrorsOf(dismissAnswer);
  // Refused (its reports closed meanwhile), the form takes focus to why, not the page's body.
  const dismissForm = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(dismissForm, [], dismissAnswer);
  return (
    <li className="rounded-lg border border-border bg-card p-4" aria-labelledby={`reported-${comment.id}`}>
      <h2 id={`reported-${comment.id}`} className="font-semibold">
        <Link
          to={`${discussionPath(comment.thread.key)}?reveal=all#comment-${comment.id}`}
          className="text-primary underline"
        >
          {comment.thread.label}
        </Link>
        <span className="text-sm font-normal text-muted-foreground">
          {" "}
          · comment {comment.id} by {comment.author}, {formatDate(comment.postedAt.slice(0, 10))}
        </span>
      </h2>
      <p className="mt-1 flex flex-wrap gap-2">
        <Badge tone="outline" wrap>
          Touches {comment.horizon.label}
        </Badge>
        {comment.status === "shown" ? null : <Badge tone="outline">{comment.status}</Badge>}
      </p>
      <div className="mt-2 rounded-md bg-muted p-3 text-sm">
        {comment.text ? <CommentText text={comment.text} /> : <p className="italic">Deleted by its writer.</p>}
      </div>
      {comment.reports.length ? (
        <h3 className="mt-3 text-sm font-semibold">{countOf(comment.reports.length, nouns.report)}</h3>
      ) : null}
      <ul className="mt-1 space-y-1 text-sm">
        {comment.reports.map((report, index) => (
          <li key={index} className="[overflow-wrap:anywhere]">
            <span className="font-medium">{commentReportKinds[report.kind]}</span>
            {report.needs ? ` · needs ${report.needs.label} (${report.needs.key})` : null}
            {report.note ? (
              <span className="block whitespace-pre-line text-muted-foreground">{report.note}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {comment.status === "deleted" ? null : (
        <ModeratorActions
          id={comment.id}
          hidden={comment.status === "hidden"}
          answer={answerTo(actionData, `moderate:${comment.id}`)}
          suggested={suggested}
          extra={<input type="hidden" name="unit" value={comment.thread.key} />}
        />
      )}
      {comment.reports.length ? (
        <Form ref={dismissForm} method="post" className="mt-2">
          <input type="hidden" name="intent" value="dismiss" />
          <input type="hidden" name="form" value={`dismiss:${comment.id}`} />
          <input type="hidden" name="id" value={comment.id} />
          <Button type="submit" variant="link" size="sm" disabled={navigation.state === "submitting"}>
            Leave it as it is and close its reports
          </Button>
          <FormError>{dismissed.form}</FormError>
        </Form>
      ) : null}
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
