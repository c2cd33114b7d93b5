/**
 * Loads the demo discussion (content/demo/discussion.json) into the local database, so a new visitor who
 * sets their progress finds threads with comments, and comments folded away. Comments already loaded are
 * left as they are; run by `npm start` after the demo pack.
 *
 *   npx tsx scripts/demo-discussion.ts [--persist-to DIR]
 *   npx tsx scripts/demo-discussion.ts --long-thread UNIT --comments N [--persist-to DIR]   (the bench's long thread)
 */
import { readFileSync } from "node:fs";
import { parseArgs, runCli, UsageError } from "./lib/cli";
import { openPlatform } from "./lib/local-platform";
import { demoDiscussionStatements, readDemoDiscussion, syntheticThread } from "./lib/demo-discussion";

const usage = "Usage: npx tsx scripts/demo-discussion.ts [--long-thread UNIT --comments N] [--persist-to DIR]";

runCli(async () => {
  const { values } = parseArgs(
    process.argv.slice(2),
    { "persist-to": { type: "string" }, "long-thread": { type: "string" }, comments: { type: "string" } },
    usage,
  );
  const count = Number(values.comments ?? "0");
  if (values["long-thread"] !== undefined && (!Number.isInteger(count) || count < 1))
    throw new UsageError(`--long-thread takes --comments N, a positive whole number\n${usage}`);
  const discussion = values["long-thread"]
    ? {
        comments: syntheticThread({
          unit: values["long-thread"],
          count,
          seen: [values["long-thread"], "wn:2-24"],
          raisedTo: "wn:2-24",
        }),
      }
    : readDemoDiscussion(JSON.parse(readFileSync("content/demo/discussion.json", "utf8")));
  if ("problem" in discussion) throw new UsageError(`content/demo/discussion.json: ${discussion.problem}`);
  const platform = await openPlatform({ persistTo: values["persist-to"] });
  try {
    const db = platform.env.DB;
    const { results } = await db.prepare("SELECT key FROM story_units").all<{ key: string }>();
    const units = new Set(results.map((row) => row.key));
    const missing = discussion.comments.flatMap((comment) =>
      [comment.unit, comment.horizon].filter((key) => !units.has(key)),
    );
    if (missing.length)
      throw new UsageError(`content/demo/discussion.json names units the pack has not: ${missing.join(", ")}`);
    const statements = await demoDiscussionStatements(discussion);
    let added = 0;
    // In batches of a few hundred statements: one batch is one transaction, and a long thread is thousands.
    for (let from = 0; from < statements.length; from += 400) {
      const part = statements.slice(from, from + 400);
      const outcomes = await db.batch(part.map(({ sql, values }) => db.prepare(sql).bind(...values)));
      added += outcomes.filter((outcome, index) => part[index]!.counts && outcome.meta.changes > 0).length;
    }
    console.log(added ? `Demo discussion: ${added} comments added.` : "Demo discussion is already loaded.");
  } finally {
    await platform.dispose();
  }
});
