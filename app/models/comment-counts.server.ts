import { type Expression, expressionBuilder } from "kysely";
import { readRevealers } from "~/lib/content/units";
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
 * What reveals a unit's discussion (its comments, their count, a comment whose horizon it is): what
 * reveals the unit everywhere on the site, its stored `revealed_by`. That is the unit itself and what
 * tells the same part of the story: the light novel volume or manga chapter that adapts a web novel
 * chapter, the episode that adapts it, the recut episode that holds an episode, the episode a Break
 * Time short aired with. So a viewer of the recut reads the threads of the season's episodes it holds,
 * and a reader of a chapter an episode skipped is the only one who sees what touches that chapter.
 */
export const revealersOfUnit = (revealedBy: string) => readRevealers(revealedBy);

/** The count as a page carries it: gated by what reveals the unit (`revealersOfUnit`), so a reader who has not seen it gets no number. */
export const unitDiscussion = (revealedBy: string, comments: number) => gated(revealersOfUnit(revealedBy), comments);
