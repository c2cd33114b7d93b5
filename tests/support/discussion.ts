import { env } from "cloudflare:workers";
import { action, loader } from "~/routes/discuss";
import type { Thread } from "~/lib/discussion/thread";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { callAsReader as call, form } from "./readers";
import { load } from "./workers-context";

/* Helpers for the discussion's workers tests: progress, posting, and a thread as a reader gets it. */

/**
 * Saves a reader's progress straight to D1, as a save through the site would leave it. Unless `newWriter`,
 * the reader also posted (and deleted) a comment two days ago, so their limits are the usual ones.
 */
export async function saveProgress(uid: string, progress: Partial<Progress>, { newWriter = false } = {}) {
  const record: Progress = { ...emptyProgress, ...progress, updatedAt: new Date().toISOString() };
  await env.DB.prepare(
    `INSERT OR REPLACE INTO reading_progress (uid, progress, position, web_novel_arc, media, updated_at) VALUES (?1, ?2, 0, NULL, '[]', ?3)`,
  )
    .bind(uid, JSON.stringify(record), record.updatedAt)
    .run();
  if (!newWriter)
    await env.DB.prepare(
      `INSERT INTO comments (unit, uid, writer, author, body, horizon, writer_knew, writer_places, submission_id, status, created_at)
       VALUES ('wn:1-1', ?1, '', '', '', 'wn:1-1', '', '[]', ?2, 'deleted', ?3)`,
    )
      .bind(uid, crypto.randomUUID(), new Date(Date.now() - 2 * 86_400_000).toISOString())
      .run();
}

/** What the action answered, with a refusal's messages and the input it gave back. */
export async function answered(sent: ReturnType<typeof call<typeof action>>) {
  const answer = await sent;
  const data = answer.data as
    { error?: { fields?: Record<string, string> }; values?: Record<string, string> } | undefined;
  return { ...answer, fields: data?.error?.fields ?? {}, values: data?.values ?? {} };
}

export const post = (cookie: string, unit: string, fields: Record<string, string>) =>
  answered(
    call(action, `/discuss/${unit}`, {
      method: "POST",
      cookie,
      params: { unit },
      body: form({ intent: "post", submissionId: crypto.randomUUID(), ...fields }),
    }),
  );

export const thread = async (unit: string, reveal?: string, page = 1) => {
  const query = new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), ...(reveal ? { reveal } : {}) });
  return (await load(loader, `/discuss/${unit}${query.size ? `?${query}` : ""}`, { unit })) as unknown as Thread;
};

/** Every text a thread's data carries, comments and replies. */
export function textsOf(data: Thread) {
  return (data.comments.content ?? []).flatMap((comment) => [
    ...(comment.content ? [comment.content.text] : []),
    ...(comment.content?.replies ?? []).flatMap((reply) =>
      reply.content?.content ? [reply.content.content.text] : [],
    ),
  ]);
}
