import { cleanCommentText, commentTextProblem } from "../../app/lib/discussion/comment-text";
import { horizonProblem } from "../../app/lib/discussion/horizon";
import { writerTag } from "../../app/lib/discussion/writer";
import { isUnitKey } from "../../app/lib/content/units";
import { encodeKnowledge, knowledgeOfUnits } from "../../app/lib/shield/knowledge";

/** A demo comment as the loader writes it: its thread and horizon worked out, its writer's progress with it. */
export interface DemoComment {
  id: string;
  unit: string;
  replyTo: string | null;
  horizon: string;
  writer: { id: string; name: string; seen: string[] };
  postedAt: string;
  text: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const strings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === "string");

/**
 * The demo discussion file, checked: every comment's text, thread, horizon and writer as a real post
 * would be (the same rules), replies under a comment listed before them. The first problem, or the comments.
 */
export function readDemoDiscussion(file: unknown): { comments: DemoComment[] } | { problem: string } {
  if (!isObject(file) || !Array.isArray(file.writers) || !Array.isArray(file.comments))
    return { problem: "expected { writers: [...], comments: [...] }" };
  const writers = new Map<string, DemoComment["writer"]>();
  for (const [index, writer] of file.writers.entries()) {
    if (!isObject(writer) || typeof writer.id !== "string" || typeof writer.name !== "string" || !strings(writer.seen))
      return { problem: `writers[${index}] needs an id, a name and what they had seen` };
    writers.set(writer.id, { id: writer.id, name: writer.name, seen: writer.seen as string[] });
  }
  const comments: DemoComment[] = [];
  for (const [index, entry] of file.comments.entries()) {
    const at = `comments[${index}]`;
    if (!isObject(entry) || typeof entry.id !== "string" || typeof entry.text !== "string")
      return { problem: `${at} needs an id and a text` };
    const writer = writers.get(String(entry.writer));
    if (!writer) return { problem: `${at}.writer names no writer` };
    const parent = entry.replyTo === undefined ? null : comments.find((comment) => comment.id === entry.replyTo);
    if (parent === undefined || parent?.replyTo) return { problem: `${at}.replyTo names no comment listed before it` };
    const unit = parent?.unit ?? String(entry.unit);
    if (!isUnitKey(unit)) return { problem: `${at}.unit is not a unit key` };
    const horizon = typeof entry.horizon === "string" ? entry.horizon : (parent?.horizon ?? unit);
    const textProblem = commentTextProblem(entry.text);
    if (textProblem) return { problem: `${at}.text: ${textProblem}` };
    const problem = horizonProblem(
      { unit, horizon, parentHorizon: parent?.horizon ?? null },
      knowledgeOfUnits(writer.seen),
      // The demo's writers list what they have seen unit by unit: each unit is revealed by itself here.
      () => undefined,
    );
    if (problem) return { problem: `${at}.horizon: ${problem}` };
    const postedAt =
      typeof entry.postedAt === "string" && !Number.isNaN(Date.parse(entry.postedAt)) ? entry.postedAt : null;
    if (!postedAt) return { problem: `${at}.postedAt is not a date and time` };
    comments.push({
      id: entry.id,
      unit,
      replyTo: parent?.id ?? null,
      horizon,
      writer,
      postedAt,
      text: cleanCommentText(entry.text),
    });
  }
  return { comments };
}

/** A statement of the loader's batch; `counts`: it adds a comment. */
export interface DemoStatement {
  sql: string;
  values: unknown[];
  counts: boolean;
}

/** The demo writers' accounts: never a real reader's. */
const demoUid = (writer: string) => `demo:${writer}`;

/**
 * The statements that add the demo comments not yet there (by writer and id, as a form's submission id)
 * with their first history entries. A reply finds its comment by the same pair.
 */
export async function demoDiscussionStatements({ comments }: { comments: DemoComment[] }): Promise<DemoStatement[]> {
  const statements: DemoStatement[] = [];
  for (const comment of comments) {
    const uid = demoUid(comment.writer.id);
    const writer = knowledgeOfUnits(comment.writer.seen);
    const parent = comment.replyTo ? comments.find((each) => each.id === comment.replyTo)! : null;
    const places = [...writer.reached.values()].map((place) => place.key);
    statements.push(
      {
        sql: `INSERT OR IGNORE INTO comments (unit, parent_id, answered_horizon, uid, writer, author, body, horizon, writer_knew, writer_places, submission_id, created_at)
              VALUES (?, (SELECT id FROM comments WHERE uid = ? AND submission_id = ?), (SELECT horizon FROM comments WHERE uid = ? AND submission_id = ?), ?, ?, ?, ?, ?, ?,
                (SELECT json_group_array(json_object('key', key, 'label', label)) FROM story_units WHERE key IN (SELECT value FROM json_each(?))),
                ?, ?)`,
        values: [
          comment.unit,
          parent ? demoUid(parent.writer.id) : null,
          parent?.id ?? null,
          // The horizon of the comment it answers, as it is when the reply is written.
          parent ? demoUid(parent.writer.id) : null,
          parent?.id ?? null,
          uid,
          await writerTag(uid),
          comment.writer.name,
          comment.text,
          comment.horizon,
          encodeKnowledge(writer),
          JSON.stringify(places),
          comment.id,
          new Date(comment.postedAt).toISOString(),
        ],
        counts: true,
      },
      {
        sql: `INSERT INTO comment_history (comment_id, at, action, by_uid, horizon)
              SELECT last_insert_rowid(), ?, 'posted', ?, ? WHERE changes() > 0`,
        values: [new Date(comment.postedAt).toISOString(), uid, comment.horizon],
        counts: false,
      },
    );
  }
  return statements;
}

/**
 * A long thread for the bench: `count` comments in `unit`'s thread by 40 writers who had seen
 * `seen`, every fifth one raised to `raisedTo`, and a reply under every tenth. Deterministic, so a rerun
 * adds nothing.
 */
export function syntheticThread({
  unit,
  count,
  seen,
  raisedTo,
}: {
  unit: string;
  count: number;
  seen: string[];
  raisedTo: string;
}): DemoComment[] {
  const comments: DemoComment[] = [];
  const start = Date.parse("2026-11-01T00:00:00Z");
  for (let index = 0; index < count; index++) {
    const writer = { id: `bench-${index % 40}`, name: `Bench reader ${index % 40}`, seen };
    const id = `bench-${unit}-${index}`;
    const isReply = index % 10 === 9;
    const parent = isReply ? comments.findLast((comment) => comment.replyTo === null) : undefined;
    comments.push({
      id,
      unit,
      replyTo: parent?.id ?? null,
      horizon: index % 5 === 4 ? raisedTo : (parent?.horizon ?? unit),
      writer,
      postedAt: new Date(start + index * 60_000).toISOString(),
      text: `Comment ${index + 1} on this episode. ${"The lanterns on the bridge, the bell, the rain: what a sequence. ".repeat(1 + (index % 4))}`.trim(),
    });
  }
  return comments;
}
