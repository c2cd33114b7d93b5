import { MAX_QUERY_LENGTH } from "../http/addresses";
import {
  encodeKnowledge,
  type Knowledge,
  knowledgeFor,
  knows,
  opensAnyGate,
  MAX_REVEAL_LENGTH,
  revealLength,
  REVEAL_PARAMETER,
  type Revealers,
  type TitlesChoice,
} from "./knowledge";

/*
 * The one spoiler rule (./knowledge: `knows`). Everything gated carries the units that reveal it. Each
 * response is sealed for its requester (app/server/shield.server.ts): a first load knows nothing, so
 * pages, titles, meta descriptions and feeds are the same for everyone and never hold gated text. In
 * the browser, the shield knows what its reader has seen (app/browser/spoiler-shield.ts: `useShield`,
 * `useShieldedData`), and the shield's components show what these rules allow.
 */

export type ShieldMode = "hide" | "blur" | "off";
export const shieldModes: ShieldMode[] = ["hide", "blur", "off"];

export interface Shield {
  /** What the reader has seen, medium by medium (./knowledge): what the shield shows without asking. */
  knowledge: Knowledge;
  /** What the page asks the server for: that, and the units of items the reader asked to see ("Show it"). */
  asking: Knowledge;
  mode: ShieldMode;
  hasProgress: boolean;
}

/** A stored mode; anything else (none, unreadable) shields the most. */
export function parseShieldMode(value: string | null): ShieldMode {
  return value === "blur" || value === "off" ? value : "hide";
}

/** A stored choice of titles of what the reader has not reached; anything else (none, unreadable) hides them. */
export function parseTitlesChoice(value: string | null): TitlesChoice {
  return value === "show" ? "show" : "hide";
}

/** Whether something revealed by `revealedBy` spoils nothing (the server shows it to everyone). */
export function isPublic(revealedBy: Revealers | undefined) {
  return revealedBy === null || revealedBy === undefined;
}

/** Whether something revealed by `revealedBy` may be shown without asking (null shield: on the server, before hydration). */
export function isRevealed(shield: Shield | null, revealedBy: Revealers | undefined) {
  if (isPublic(revealedBy)) return true;
  if (!shield) return false;
  return shield.mode === "off" || knows(shield.knowledge, revealedBy);
}

/** What a request for gated content asks for, beyond the shield itself. */
export interface RevealRequest {
  /** The revealers of the page's sealed items: when the whole is too long for an address, only the ticks among them are sent. */
  revealers?: Iterable<string>;
  /**
   * Only what the shield shows without asking (search suggestions, which never blur): what the reader
   * has seen, or everything with the shield off; not what they asked to see, and not everything in blur mode.
   */
  shownOnly?: boolean;
  /** Everything, whatever the shield: the reader asked to see what a page withheld without a trace ("Show it"). */
  everything?: boolean;
  /**
   * The rest of the request's query as sent (a search's text, a page's filters): the parameter takes
   * only the room it leaves under the site's query limit, so a long search beside a long record is
   * answered, never refused as too long (ticks are left out first, which only hides more).
   */
  besides?: string;
}

/** What a data request adds to its query beside the page's own and `reveal`: `_routes=` and a route id, as sent. */
const FRAMEWORK_PARAMETERS_LENGTH = 120;

/** How long the reveal parameter may be, as sent, beside the rest of a query. */
function revealRoom(besides: string) {
  const taken = besides.length + `&${REVEAL_PARAMETER}=`.length + FRAMEWORK_PARAMETERS_LENGTH;
  return Math.min(MAX_REVEAL_LENGTH, MAX_QUERY_LENGTH - taken);
}

/**
 * The one way to build the `reveal` parameter, for every request for gated content (a page's own
 * data, the tracker's timeline, suggestions, similar entries, the API page's example): everything in
 * blur mode or with the shield off, else what the reader knows and asked to see; "" when that is
 * nothing (the request then shares the answer everyone gets). When it is too long for an address as
 * sent, or beside the rest of the query (a reader who ticked many side stories, searching in a script
 * that takes nine characters a letter), a page that gives its sealed items' `revealers` asks with the
 * ticks among them (`knowledgeFor`); beyond that, ticks are left out, which only hides more.
 */
export function revealParameter(
  shield: Shield,
  { revealers, shownOnly = false, everything = false, besides = "" }: RevealRequest = {},
) {
  if (everything || shield.mode === "off" || (shield.mode === "blur" && !shownOnly)) return "all";
  const knowledge = shownOnly ? shield.knowledge : shield.asking;
  const room = revealRoom(besides);
  const whole = encodeKnowledge(knowledge, Infinity);
  if (revealLength(whole) <= room) return whole;
  return encodeKnowledge(revealers ? knowledgeFor(knowledge, revealers) : knowledge, room);
}

/** The query with the reveal parameter set to `reveal`, or without one when it states nothing. */
export function withReveal(query: string | Record<string, string> | URLSearchParams, reveal: string) {
  const params = new URLSearchParams(query);
  if (reveal) params.set(REVEAL_PARAMETER, reveal);
  else params.delete(REVEAL_PARAMETER);
  return params;
}

/** Every unit that reveals one of these items. */
export function revealersOf(items: readonly { revealedBy: Revealers }[]) {
  return items.flatMap((item) => item.revealedBy ?? []);
}

/** Whether a page that left gated items out without a trace asks again (useShieldedData's `withheld`). */
export function wouldAskWithheld(shield: Shield | null): shield is Shield {
  return shield !== null && (shield.mode !== "hide" || opensAnyGate(shield.knowledge));
}

/** A list in order, as items shown and runs of hidden items (each run shown as one line). */
export type ShieldedSegment<T> = { shown: true; item: T } | { shown: false; items: T[] };

/** Groups a list into items shown and runs of consecutive hidden ones. */
export function hiddenRuns<T>(items: readonly T[], isShown: (item: T) => boolean): ShieldedSegment<T>[] {
  const segments: ShieldedSegment<T>[] = [];
  for (const item of items) {
    const last = segments.at(-1);
    if (isShown(item)) segments.push({ shown: true, item });
    else if (last && !last.shown) last.items.push(item);
    else segments.push({ shown: false, items: [item] });
  }
  return segments;
}
