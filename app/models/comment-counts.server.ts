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
 * Who may read a unit's discussion (its comments, their count, a comment whose horizon it is): who has
 * been through everything the unit tells, its stored `told_by` (pack/reveals.ts: `toldByMap`, decision
 * 58). That is the unit itself and those of its revealers who have seen each part of it: the light novel
 * volume or manga chapter that adapts a web novel chapter, the episode that adapts it, the recut episode
 * that holds an episode, the episode a Break Time short aired with. So a viewer of the recut reads the
 * threads of the season's episodes it holds, a reader of a chapter an episode skipped is the only one
 * who sees what touches that chapter, and an anime that skipped chapters a volume prints does not open
 * the volume's thread.
 */
export const revealersOfUnit = (toldBy: string) => readRevealers(toldBy);

/** The count as a page carries it: gated by who may read the unit's discussion (`revealersOfUnit`), so a reader who has not seen it gets no number. */
export const unitDiscussion = (toldBy: string, comments: number) => gated(revealersOfUnit(toldBy), comments);
