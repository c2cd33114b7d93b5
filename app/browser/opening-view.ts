import { useCallback, useRef, useState } from "react";
import { useLocation } from "react-router";
import { sealedCopy, type Shielded } from "~/lib/shield/gated";
import type { Knowledge } from "~/lib/shield/knowledge";
import { addressNamesView, type ViewParameter } from "~/lib/content/views";
import { useAnswerWait, useShield, useShieldedData, type WaitMark } from "./spoiler-shield";

/** The view (a season, an arc) a page of views shows for its reader, and how it asks for it. */
interface OpeningView {
  /** What the page asks for with the reader's answer (useShieldedData's `opens`): null when it shows the view it was sent with. */
  opens: Record<string, string> | null;
  /** Whether the view shown may yet change for this reader (before hydration, or while their view is on its way). */
  mayMove: boolean;
  /** The reader's view, once decided, when the page opens on another than the one sent. */
  view: number | null;
  /** Keeps the view the page was sent with, now shown: the reader's came too late, or failed, to take its place (useAnswerWait's `onGaveUp`). */
  stay: () => void;
}

/**
 * Where a page of views (/anime and /break_time by season, /web_novel by arc) opens for its reader when
 * its address names none (`?season=`, `?arc=` always wins): the view `toOpen` picks from what they know,
 * the one holding what they have next (viewToOpen). The page is sent, and cached, the same
 * for everyone, opening on its first view; the reader's comes with the answer the page asks for with what
 * they know. Decided once a visit, from the progress the reader came with, so marking a unit never moves
 * the page from under them; and once the view sent has been shown in the reader's view's place (their
 * answer slow to come, or failed), it stays: their view coming later (by a retry, or the connection's
 * return) would move the page from under them too.
 */
function useOpeningView(
  param: ViewParameter,
  sent: number | null,
  toOpen: (knowledge: Knowledge) => number | null,
): OpeningView {
  const shield = useShield();
  const { key, search } = useLocation();
  const named = addressNamesView(search, param);
  const decided = useRef<{ key: string; view: number | null } | null>(null);
  if (shield && decided.current?.key !== key) decided.current = { key, view: named ? null : toOpen(shield.knowledge) };
  // Every visit that stayed on the view sent, so going Back to one shows it as it was.
  const [stayed, setStayed] = useState<ReadonlySet<string>>(() => new Set());
  const stay = useCallback(() => setStayed((keys) => (keys.has(key) ? keys : new Set(keys).add(key))), [key]);
  const view = stayed.has(key) ? null : decided.current?.key === key ? decided.current.view : undefined;
  const opens = view != null && view !== sent ? { [param]: String(view) } : null;
  return {
    opens,
    mayMove: !named && (view === undefined || opens !== null),
    view: opens ? (view ?? null) : null,
    stay,
  };
}

/**
 * A page of views' data for its reader (useShieldedData), opening on their view where the address names
 * none (useOpeningView), and the class for the part that waits, invisible, while that view may yet
 * replace the one sent (useAnswerWait, before hydration only in a browser marked with `markedBy`).
 * `selected`: the view to mark as chosen (the page's cards): the reader's as soon as it is decided, so
 * the cards do not mark the view sent while the reader's waits to replace it.
 */
export function useOpeningViewData<D>(
  loaderData: Shielded<D>,
  {
    param,
    sentView,
    toOpen,
    markedBy,
  }: {
    param: ViewParameter;
    sentView: (data: D) => number | null;
    toOpen: (data: D, knowledge: Knowledge) => number | null;
    markedBy: WaitMark;
  },
): { data: D; hold: string | undefined; selected: number | null } {
  const sent = sealedCopy(loaderData);
  const opening = useOpeningView(param, sentView(sent), (knowledge) => toOpen(sent, knowledge));
  const answer = useShieldedData(loaderData, { opens: opening.opens });
  // Once the reader's view has been shown on this visit, a later question failing (progress set back
  // while the connection is down) does not send the page back to the view sent: it asks for theirs again.
  const { key } = useLocation();
  const theirsShownAt = useRef<string | null>(null);
  if (answer.revealed && opening.opens) theirsShownAt.current = key;
  const { stay } = opening;
  const gaveUp = useCallback(() => {
    if (theirsShownAt.current !== key) stay();
  }, [key, stay]);
  const { className } = useAnswerWait(opening.mayMove, answer, { markedBy, onGaveUp: gaveUp });
  return { data: answer.data, hold: className, selected: opening.view ?? sentView(answer.data) };
}
