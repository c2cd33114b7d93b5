import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { Spoiler } from "~/components/spoiler";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/http/meta";
import { useShieldedData } from "~/browser/spoiler-shield";
import { commentPath, REPLY_NOTICES } from "~/lib/discussion/thread";
import { getDecisionsOn } from "~/models/comment-moderation.server";
import { getRepliesTo } from "~/models/discussions.server";
import { requireUser } from "~/server/session.server";
import { shieldedData } from "~/server/shield.server";
import { accountPage } from "~/lib/account/account-page";
import type { Route } from "./+types/discuss._index";

/** Signing out here goes home. */
export const handle = accountPage;

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const [replies, decisions] = await Promise.all([
    getRepliesTo(context.db, user.uid),
    getDecisionsOn(context.db, user.uid),
  ]);
  return shieldedData(request, { replies, decisions });
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "Your discussion",
      description: "Replies other readers posted under your comments, and moderators' decisions on them.",
    },
  );

/**
 * Replies to the reader's comments: when, and where. No reply's words are here: the thread shows them
 * to a reader who has got as far as they touch, and names itself only to a reader who knows its unit.
 * Then moderators' decisions on the reader's comments, with their reason, behind the same rule.
 */
export default function YourDiscussion({ loaderData }: Route.ComponentProps) {
  const { replies, decisions } = useShieldedData(loaderData).data;
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Your discussion"
        lead="Replies to your comments, and what moderators decided about them. Each opens in its thread, which shows a comment once you have got as far as it touches."
      />
      <h2 className="mb-2 text-lg font-semibold">Replies to you</h2>
      <p className="mb-3 text-sm text-muted-foreground">The newest {REPLY_NOTICES}, newest first.</p>
      {replies.length ? (
        <ol className="space-y-2">
          {replies.map((reply) => (
            <li key={reply.id} className="rounded-md border border-border bg-card px-3 py-2">
              <Spoiler gated={reply.thread} what="Its thread">
                {(thread) => (
                  <Link to={commentPath(thread, reply.id)} className="tap-line font-medium text-primary underline">
                    {`A reply in ${thread.label}`}
                  </Link>
                )}
              </Spoiler>{" "}
              <time dateTime={reply.postedAt} className="whitespace-nowrap text-sm text-muted-foreground">
                {formatDate(reply.postedAt.slice(0, 10))}
              </time>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted-foreground">No replies to your comments yet.</p>
      )}
      <h2 className="mb-2 mt-8 text-lg font-semibold">Moderators&rsquo; decisions</h2>
      {decisions.length ? (
        <ol className="space-y-2">
          {decisions.map((decision) => (
            <li key={decision.id} className="rounded-md border border-border bg-card px-3 py-2">
              <Spoiler gated={decision.thread} what="Its thread">
                {(thread) => (
                  <>
                    <Link
                      to={commentPath(thread, thread.commentId)}
                      className="tap-line font-medium text-primary underline"
                    >
                      {`Your comment in ${thread.label}`}
                    </Link>{" "}
                    <span>{decisionWords[decision.action]}</span>{" "}
                    <time dateTime={decision.at} className="whitespace-nowrap text-sm text-muted-foreground">
                      {formatDate(decision.at.slice(0, 10))}
                    </time>
                    <Spoiler gated={thread.details} what="Where it was moved, and why" block>
                      {(details) => (
                        <p className="text-sm">
                          {details.horizon ? `It now touches ${details.horizon.label}. ` : ""}
                          {details.reason ? `The moderator says: ${details.reason}` : "No reason was given."}
                        </p>
                      )}
                    </Spoiler>
                  </>
                )}
              </Spoiler>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted-foreground">No moderator has decided on your comments.</p>
      )}
    </div>
  );
}

const decisionWords = {
  hidden: "was hidden by a moderator.",
  restored: "was restored by a moderator.",
  restamped: "was moved by a moderator: readers who have not got that far no longer see it.",
} as const;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
