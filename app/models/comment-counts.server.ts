import { type Expression, expressionBuilder } from "kysely";
import { unitRevealers } from "~/lib/content/units";
import { gated } from "~/lib/shield/gated";
import type { Database } from "./database";

/*
 * The count beside each unit on the pages that list units ("Discussion · 3"): a column of the page's
 * own query, so it costs no round trip of its own.
 */

const anywhere = expressionBuilder<Database>();

/**
 * How many comments (not replies) stand in a unit's thread at the unit's own horizon, for a unit key
 * of the outer query (`row.ref("e.key")`); read through the thread's index (comments_by_thread).
 */
export const unitCommentCount = (unit: Expression<string>) =>
  anywhere
    .selectFrom("comments as t")
    .select((count) => count.fn.countAll<number>().as("comments"))
    .where("t.unit", "=", unit)
    .where("t.parent_id", "is", null)
    .where("t.status", "=", "shown")
    .where("t.horizon", "=", unit)
    .$asScalar()
    .$notNull();

/**
 * The count as a page carries it: gated by the unit (a Break Time short also by the episode it aired
 * with, `airedWith`), so a reader who has not consumed it gets no number.
 */
export const unitDiscussion = (unit: string, comments: number, airedWith: string | null = null) =>
  gated(unitRevealers(unit, airedWith), comments);
