import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useLocation, useMatches } from "react-router";
import { sealedCopy, sealedItems, type Shielded } from "~/lib/shield/gated";
import {
  allKnowledge,
  encodeKnowledge,
  knowledgeOfUnits,
  knows,
  knowsAnything,
  knowsNoMoreThan,
  type Revealers,
  type TitlesChoice,
} from "~/lib/shield/knowledge";
import { knowledgeOf, type Progress, reachedUnits } from "~/lib/progress/record";
import {
  parseShieldMode,
  parseTitlesChoice,
  revealersOf,
  revealParameter,
  type Shield,
  type ShieldMode,
  withReveal,
  wouldAskWithheld,
} from "~/lib/shield/shield";
import { storageKeys } from "~/lib/runtime/storage-keys";
import { fetchLoaderData, retryFailedFollowUps, useFollowUp } from "./follow-up";
import { readStored, writeStored } from "./storage";
import { loadStoredProgress, storedProgressIfRead, subscribeToStoredProgress } from "./stored-progress";

/*
 * The spoiler shield in the browser: what this reader has seen (stored progress) and how they want the
 * rest shown, kept current on the page, and the page's gated content fetched for it. The rules it
 * applies are pure and shared with the server (app/lib/shield/shield.ts).
 */

/** Same-tab writes fire no storage event, so this page's shields hear of a new mode or choice of titles through this one. */
const MODE_CHANGED = "rc:spoiler-mode-changed";

/** Units the reader asked to see one item of ("Show it"): what they reveal is fetched, though only that item is shown. */
const askedUnits = new Set<string>();
const ASKED = "rc:spoiler-asked";

/** Counts the units asked for, so a snapshot knows when it is out of date. */
let askedVersion = 0;

/**
 * The shield from stored progress and mode; unreadable progress counts as none, which shields the most.
 * Null while the stored progress cannot be read yet (its reader is on its way): as before hydration,
 * everything gated stays hidden.
 */
function readShield(): Shield | null {
  const progress = storedProgressIfRead();
  return progress === undefined ? null : shieldOf(progress, readStored("spoilerMode"), readStored("unreachedTitles"));
}

function shieldOf(progress: Progress | null, mode: string | null, titles: string | null): Shield {
  // The reader's choice of titles is part of what they know: it travels with it in every reveal.
  const unreachedTitles = parseTitlesChoice(titles);
  const knowledge = { ...knowledgeOf(progress), unreachedTitles };
  const asking = askedUnits.size
    ? {
        ...knowledgeOfUnits(
          [...(progress ? reachedUnits(progress) : []), ...askedUnits],
          (progress?.skipped ?? []).filter((key) => !askedUnits.has(key)),
        ),
        unreachedTitles,
      }
    : knowledge;
  return { knowledge, asking, mode: parseShieldMode(mode), hasProgress: knowsAnything(knowledge) };
}

/**
 * The last shield handed out and what it was made from. Every shielded component on a page reads it on
 * every render and every event (a long page has over a hundred), so it is made again only when the
 * stored progress (one object per stored value), the stored mode, the choice of titles or the units asked
 * for change, and kept as the same object when the new one says the same.
 */
let snapshot: {
  progress: Progress | null;
  mode: string | null;
  titles: string | null;
  asked: number;
  key: string;
  shield: Shield;
} | null = null;

function getSnapshot() {
  const progress = storedProgressIfRead();
  if (progress === undefined) return null;
  const mode = readStored("spoilerMode");
  const titles = readStored("unreachedTitles");
  if (
    snapshot &&
    snapshot.progress === progress &&
    snapshot.mode === mode &&
    snapshot.titles === titles &&
    snapshot.asked === askedVersion
  )
    return snapshot.shield;
  const shield = shieldOf(progress, mode, titles);
  const key = `${encodeKnowledge(shield.knowledge, Infinity)}|${encodeKnowledge(shield.asking, Infinity)}|${shield.mode}`;
  snapshot = {
    progress,
    mode,
    titles,
    asked: askedVersion,
    key,
    shield: snapshot?.key === key ? snapshot.shield : shield,
  };
  return snapshot.shield;
}

function subscribe(listener: () => void) {
  const stopProgress = subscribeToStoredProgress(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.spoilerMode.key || event.key === storageKeys.unreachedTitles.key) listener();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(MODE_CHANGED, listener);
  window.addEventListener(ASKED, listener);
  return () => {
    stopProgress();
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(MODE_CHANGED, listener);
    window.removeEventListener(ASKED, listener);
  };
}

/** The reader's shield in the browser; null on the server and before hydration, when everything gated stays hidden. */
export function useShield(): Shield | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}

/** The reader's shield once its stored progress can be read (for a client loader, which runs before any hook). */
export async function loadShield(): Promise<Shield> {
  await loadStoredProgress();
  return readShield()!;
}

/**
 * Asks for what some items' units reveal, so the reader can see them ("Show it", "Show them"). Asked
 * again for units already asked for, what was asked did not come (its question failed, offline): it is
 * asked once more.
 */
export function askToSee(items: ReadonlyArray<Revealers | undefined>) {
  const units = items.flatMap((revealedBy) => (revealedBy?.[0] ? [revealedBy[0]] : []));
  const fresh = units.filter((unit) => !askedUnits.has(unit));
  if (!fresh.length) {
    if (units.length) retryFailedFollowUps();
    return;
  }
  for (const unit of fresh) askedUnits.add(unit);
  askedVersion++;
  window.dispatchEvent(new Event(ASKED));
}

/**
 * A page's loader data with the gated content its reader may see: the browser half of `shieldedData`
 * (app/server/shield.server.ts). The server sends every page sealed (nothing gated in it); after
 * hydration, when the shield would show any sealed item (the reader knows it, asked for it, or blurs or
 * shows everything), the page's loader is asked once more with what the reader knows, and its answer
 * replaces the sealed data. Nothing is asked when nothing would show; should the question fail, the page
 * keeps what it shows (sealed, for its first question; else the last answer, if it shows no more than
 * the reader may see now) and the reader is told (app/browser/follow-up.ts).
 * `withheld`: the page left gated items out without a trace (search, a character not met), so it
 * asks whenever the reader knows anything or the shield does not hide. `everything`: the reader asked
 * to see what the page withheld ("Show it" on a character not met), so it asks with `reveal=all`.
 * `shownOnly`: with `withheld`, ask only for what the shield shows without asking (what the reader has
 * seen, or everything with the shield off), for a list that counts what it shows and so has no line
 * for hidden items to blur or show (the characters a reader has met).
 * `opens`: the view the page opens on for this reader where its address names none (the season that
 * holds their next episode): asked for, with what they know, whatever the sealed items, and its answer
 * shown at the page's address (the address the data comes from is one anyone may ask for, so it is cached
 * as any other).
 * `waiting`: an answer is on its way (not after it failed, nor while it is tried again); `revealed`:
 * `data` is an answer for this page, not the data as sent; `failed`: the last question failed.
 */
export function useShieldedData<D>(
  shielded: Shielded<D>,
  {
    withheld = false,
    everything = false,
    shownOnly = false,
    opens = null,
  }: { withheld?: boolean; everything?: boolean; shownOnly?: boolean; opens?: Record<string, string> | null } = {},
): { data: D; waiting: boolean; revealed: boolean; failed: boolean } {
  const loaderData = sealedCopy(shielded);
  const shield = useShield();
  const { pathname, search } = useLocation();
  const routeId = useMatches().at(-1)?.id ?? "root";
  const page = `${pathname}${search}`;
  const query = opens ? new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(search)), ...opens }) : null;
  const asked = query ? query.toString() : search.slice(1);
  const sealed = sealedItems(loaderData);
  const wanted =
    shield &&
    (query !== null ||
      (withheld && wouldAskWithheld(shield)) ||
      sealed.some((item) => shield.mode !== "hide" || knows(shield.asking, item.revealedBy)));
  // A page that left items out without a trace asks with all the reader knows, and so does one opening on
  // another view (whose sealed items are not these); others with what their sealed items need.
  const reveal =
    shield && (wanted || everything)
      ? revealParameter(shield, {
          ...(withheld || query ? { shownOnly } : { revealers: revealersOf(sealed) }),
          everything,
          besides: asked,
        })
      : null;
  // What an answer to it may show at most (over-counted: the reader's asking, or everything for "all").
  const sealedFor = !shield || reveal === null ? null : reveal === "all" ? allKnowledge : shield.asking;
  // The page's data sent again for the same address (an action revalidated it: a comment posted) is asked for again too.
  const revision = useRevision(loaderData);
  const revealed = useFollowUp(
    reveal === null || sealedFor === null
      ? null
      : {
          key: `${routeId} ${page} ${asked} ${reveal} ${revision}`,
          failure: "The parts of this page you have reached could not be loaded, so they stay hidden.",
          // A question asked anew (a chapter marked offline) that fails leaves what the page showed.
          keepsAnswer: true,
          reveal: true,
          load: async (signal) => ({
            page,
            asked,
            sealedFor,
            data: sealedCopy(
              await fetchLoaderData<Shielded<D>>(`${pathname}?${withReveal(asked, reveal)}`, routeId, signal),
            ),
          }),
        },
  );
  // The answer for this page, if it answered the same question (one for another view of it, the one the
  // page stayed on before, does not): an older one while a newer is on its way, or once that failed,
  // only if it shows no more than the reader may see now (they set their progress back, or hid what
  // they had shown).
  const { waiting, failed } = revealed;
  const answer = revealed.data;
  return answer?.page === page && answer.asked === asked && sealedFor && knowsNoMoreThan(answer.sealedFor, sealedFor)
    ? { data: answer.data, waiting, revealed: true, failed }
    : { data: loaderData, waiting, revealed: false, failed };
}

/** How long a list waits, invisible, for its reader's own answer before the first one is shown. */
const ANSWER_WAIT_MS = 3000;

/**
 * For a page that leaves items out without a trace (useShieldedData's `withheld`), whose list the
 * reader's own answer reorders and recounts: the first answer cannot hold the places of what the reader
 * knows without telling everyone where they are. So while that answer is on its way (before hydration:
 * in a browser that keeps progress, <html data-progress>) the list, its counts and its pages wait,
 * invisible, in their place, instead of being pushed about by it; if it does not come within a few
 * seconds, or fails, the first answer is shown, and `onGaveUp` is told. `asks`: whether the page asks at
 * all (a search with words). `markedBy`: the mark that says, before hydration, that this browser's
 * reader may be waited for (the pages of seasons wait only for a reader with a place in the anime).
 * Gives the class for what waits (undefined when nothing does) and whether it waits.
 */
export function useAnswerWait(
  asks: boolean,
  answer: { waiting: boolean; revealed: boolean; failed: boolean },
  {
    markedBy = "progress",
    onGaveUp,
  }: {
    markedBy?: WaitMark;
    /**
     * Told when the wait ends without the answer, slow or failed: a page of views then stays on the view
     * it was sent with, so a later answer (a retry, the connection's return) does not move it.
     */
    onGaveUp?: () => void;
  } = {},
) {
  const shield = useShield();
  const asking = asks && (shield ? answer.waiting && !answer.revealed : true);
  const failed = asks && answer.failed && !answer.revealed;
  // Each time the page starts asking is a wait of its own (a new search, the page visited again).
  const waits = useRef({ asking: false, count: 0 });
  if (asking && !waits.current.asking) waits.current.count++;
  waits.current.asking = asking;
  const wait = waits.current.count;
  const [gaveUpOn, setGaveUpOn] = useState(0);
  const toldOfGivingUp = useRef(onGaveUp);
  toldOfGivingUp.current = onGaveUp;
  useEffect(() => {
    if (!asking) return;
    const timer = setTimeout(() => {
      setGaveUpOn(wait);
      toldOfGivingUp.current?.();
    }, ANSWER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [asking, wait]);
  useEffect(() => {
    if (failed) toldOfGivingUp.current?.();
  }, [failed]);
  const waiting = asking && gaveUpOn !== wait;
  return {
    waiting,
    className: waiting ? (shield ? "invisible" : waitsBeforeHydration[markedBy]) : undefined,
  };
}

/**
 * Before hydration, what waits is invisible only in a browser marked so (progress-mark.ts), and shows
 * anyway after a while, should the page's code never run (`animate-appear-late`).
 */
export type WaitMark = keyof typeof waitsBeforeHydration;

const waitsBeforeHydration = {
  progress: "[:root[data-progress]_&]:invisible [:root[data-progress]_&]:animate-appear-late",
  animePlace: "[:root[data-anime-place]_&]:invisible [:root[data-anime-place]_&]:animate-appear-late",
  webNovelPlace: "[:root[data-web-novel-place]_&]:invisible [:root[data-web-novel-place]_&]:animate-appear-late",
};

/**
 * How many times the value has changed since the component mounted: a new object is a new revision.
 * Read during render (a ref, so it costs no render of its own); rendering twice with the same value
 * counts once.
 */
function useRevision(value: unknown) {
  const seen = useRef({ value, revision: 0 });
  if (seen.current.value !== value) seen.current = { value, revision: seen.current.revision + 1 };
  return seen.current.revision;
}

/** Stores how the shield shows things beyond the reader's progress, and tells every shield on the page. */
export function setShieldMode(mode: ShieldMode) {
  writeStored("spoilerMode", mode === "hide" ? null : mode);
  window.dispatchEvent(new Event(MODE_CHANGED));
}

/** Stores whether titles of what the reader has not reached show, and tells every shield on the page. */
export function setUnreachedTitles(choice: TitlesChoice) {
  writeStored("unreachedTitles", choice === "hide" ? null : choice);
  window.dispatchEvent(new Event(MODE_CHANGED));
}
