import { useEffect, useState, useSyncExternalStore } from "react";
import { useFetcher, useLocation } from "react-router";
import { sealedItems } from "./gated";
import {
  encodeKnowledge,
  type Knowledge,
  knowledgeFor,
  knowledgeOfUnits,
  knows,
  knowsAnything,
  MAX_REVEAL_LENGTH,
  REVEAL_PARAMETER,
} from "./knowledge";
import { knowledgeOf, reachedUnits } from "./reached-units";
import { readStored, storageKeys, writeStored } from "./storage-keys";
import { readStoredProgress, subscribeToStoredProgress } from "./stored-progress";

export type ShieldMode = "hide" | "blur" | "off";
export const shieldModes: ShieldMode[] = ["hide", "blur", "off"];
/** Same-tab writes fire no storage event, so this page's shields hear of a new mode through this one. */
const MODE_CHANGED = "rc:spoiler-mode-changed";

export interface Shield {
  /** What the reader has seen, medium by medium (./knowledge): what the shield shows without asking. */
  knowledge: Knowledge;
  /** What the page asks the server for: that, and the units of items the reader asked to see ("Show it"). */
  asking: Knowledge;
  mode: ShieldMode;
  hasProgress: boolean;
}

function parseMode(value: string | null): ShieldMode {
  return value === "blur" || value === "off" ? value : "hide";
}

/** Units the reader asked to see one item of ("Show it"): what they reveal is fetched, though only that item is shown. */
const askedUnits = new Set<string>();
const ASKED = "rc:spoiler-asked";

/** The shield from stored progress and mode; unreadable progress counts as none, which shields the most. */
export function readShield(): Shield {
  const progress = readStoredProgress();
  const knowledge = knowledgeOf(progress);
  const asking = askedUnits.size
    ? knowledgeOfUnits(
        [...(progress ? reachedUnits(progress) : []), ...askedUnits],
        (progress?.skipped ?? []).filter((key) => !askedUnits.has(key)),
      )
    : knowledge;
  return { knowledge, asking, mode: parseMode(readStored("spoilerMode")), hasProgress: knowsAnything(knowledge) };
}

let snapshot: Shield | null = null;
let snapshotKey = "";

function getSnapshot() {
  const current = readShield();
  const key = `${encodeKnowledge(current.knowledge, Infinity)}|${encodeKnowledge(current.asking, Infinity)}|${current.mode}`;
  if (!snapshot || key !== snapshotKey) {
    snapshot = current;
    snapshotKey = key;
  }
  return snapshot;
}

function subscribe(listener: () => void) {
  const stopProgress = subscribeToStoredProgress(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.spoilerMode.key) listener();
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

/*
 * The one spoiler rule (./knowledge: `knows`). Everything gated carries the units that reveal it. Each
 * response is sealed for its requester (app/server/shield.server.ts): a first load knows nothing, so
 * pages, titles, meta descriptions and feeds are the same for everyone and never hold gated text. In
 * the browser, the shield knows what its reader has seen; useRevealedData fetches the page's gated
 * content the reader knows, in one request, and the shield's components show it in place.
 */

/** Whether something revealed by `revealedBy` spoils nothing (the server shows it to everyone). */
export function isPublic(revealedBy: string | null | undefined) {
  return revealedBy === null || revealedBy === undefined;
}

/** Whether something revealed by `revealedBy` may be shown without asking (null shield: on the server, before hydration). */
export function isRevealed(shield: Shield | null, revealedBy: string | null | undefined) {
  if (isPublic(revealedBy)) return true;
  if (!shield) return false;
  return shield.mode === "off" || knows(shield.knowledge, revealedBy);
}

/** Asks for what one item's units reveal, so the reader can see it ("Show it"). */
export function askToSee(revealedBy: string | null | undefined) {
  const unit = revealedBy?.split(" ")[0];
  if (!unit || askedUnits.has(unit)) return;
  askedUnits.add(unit);
  window.dispatchEvent(new Event(ASKED));
}

/**
 * The reveal parameter a page (or a form's suggestions) asks with: everything in blur mode or with the
 * shield off, else what the reader knows and asked to see. When that is too long for an address (a
 * reader who ticked many side stories), a page that gives its sealed items' revealers (`units`) asks
 * with the ticks among them (`knowledgeFor`); beyond that, ticks are left out, which only hides more.
 */
export function revealParameter(shield: Shield, units?: Iterable<string>) {
  if (shield.mode !== "hide") return "all";
  const whole = encodeKnowledge(shield.asking, Infinity);
  if (whole.length <= MAX_REVEAL_LENGTH) return whole;
  return encodeKnowledge(units ? knowledgeFor(shield.asking, units) : shield.asking);
}

/** Every unit that reveals one of these items. */
export function revealersOf(items: readonly { revealedBy: string | null }[]) {
  return items.flatMap((item) => item.revealedBy?.split(" ").filter(Boolean) ?? []);
}

/** The address of the page's own data, as revealed for the shield. */
function revealHref(pathname: string, search: string, reveal: string) {
  const params = new URLSearchParams(search);
  params.set(REVEAL_PARAMETER, reveal);
  return `${pathname}?${params}`;
}

/** Whether a page that left gated items out without a trace asks again (useRevealedData's `withheld`). */
export function wouldAskWithheld(shield: Shield | null): shield is Shield {
  return shield !== null && (shield.mode !== "hide" || knowsAnything(shield.knowledge));
}

/**
 * A page's loader data with the gated content its reader may see. The server sends every page sealed
 * (nothing gated in it); after hydration, when the shield would show any sealed item (the reader knows
 * it, asked for it, or blurs or shows everything), the page's loader is asked once more with what the
 * reader knows, and its answer replaces the sealed data. Nothing is asked when nothing would show.
 * `withheld`: the page left gated items out without a trace (search, a character not met), so it
 * asks whenever the reader knows anything or the shield does not hide.
 */
export function useRevealedData<D>(loaderData: D, { withheld = false }: { withheld?: boolean } = {}): D {
  const shield = useShield();
  const { pathname, search } = useLocation();
  const fetcher = useFetcher<D>();
  const [loaded, setLoaded] = useState<{ page: string; reveal: string } | null>(null);
  const page = `${pathname}${search}`;
  const sealed = sealedItems(loaderData);
  const wanted =
    shield &&
    ((withheld && wouldAskWithheld(shield)) ||
      sealed.some((item) => shield.mode !== "hide" || knows(shield.asking, item.revealedBy)));
  // A page that left items out without a trace asks with all the reader knows; others with what their sealed items need.
  const reveal = wanted ? revealParameter(shield, withheld ? undefined : revealersOf(sealed)) : null;
  const { load } = fetcher;
  useEffect(() => {
    if (reveal === null) return;
    setLoaded({ page, reveal });
    void load(revealHref(pathname, search, reveal));
  }, [load, page, pathname, search, reveal]);
  // The answer for this page (an older one while a newer is on its way: the shield still decides what shows).
  return loaded?.page === page && fetcher.data ? (fetcher.data as D) : loaderData;
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

/** Stores how the shield shows things beyond the reader's progress, and tells every shield on the page. */
export function setShieldMode(mode: ShieldMode) {
  writeStored("spoilerMode", mode === "hide" ? null : mode);
  window.dispatchEvent(new Event(MODE_CHANGED));
}
