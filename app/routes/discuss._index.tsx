import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { Spoiler } from "~/components/spoiler";
import { discussionPath } from "~/lib/content/units";
import { formatDate } from "~/lib/format";
import { pageMeta, siteNameFrom } from "~/lib/http/meta";
import { useShieldedData } from "~/browser/spoiler-shield";
import { REPLY_NOTICES } from "~/lib/discussion/thread";
import { getRepliesTo } from "~/models/discussions.server";
import { requireUser } from "~/server/session.server";
import { shieldedData } from "~/server/shield.server";
import type { Route } from "./+types/discuss._index";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return shieldedData(request, { replies: await getRepliesTo(context.db, user.uid) });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteNameFrom(matches), {
    title: "Replies to you",
    description: "Replies other readers posted under your comments.",
  });

/**
 * Replies to the reader's comments: when, and where. No reply's words are here: the thread shows them
 * to a reader who has got as far as they touch, and names itself only to a reader who knows its unit.
 */
export default function RepliesToYou({ loaderData }: Route.ComponentProps) {
  const { replies } = useShieldedData(loaderData).data;
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Replies to you"
        lead={`The newest ${REPLY_NOTICES} replies other readers posted under your comments. Each opens in its thread, which shows it once you have got as far as it touches.`}
      />
      {replies.length ? (
        <ol className="space-y-2">
          {replies.map((reply) => (
            <li key={reply.id} className="rounded-md border border-border bg-card px-3 py-2">
              <Spoiler gated={reply.thread} what="Its thread">
                {(thread) => (
                  <Link
                    to={`${discussionPath(thread.key)}#comment-${reply.id}`}
                    className="tap-line font-medium text-primary underline"
                  >
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
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
