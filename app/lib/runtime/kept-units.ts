import { discussionPath, unitPath } from "../content/units";
import { volumeSlugFromKey } from "../mistakes/rules";
import { REVEAL_PARAMETER } from "../shield/knowledge";
import { dataAddress } from "../http/data-address";

/*
 * "Keep for offline" (docs/reliability.md): what one tap on an arc, a season or a volume keeps on the
 * device, and what a change of the reader's knowledge takes away. Pure, so the service worker
 * (app/service-worker.ts), the page that asks it (app/browser/keep-for-offline.client.ts) and the tests
 * share one answer; nothing here touches a cache.
 */

/**
 * The most pages one keep holds: the unit's own page first, then its related pages in order (an arc of
 * 60 chapters keeps the threads of its first 49). Each page is kept as up to three answers: its document,
 * its data for a navigation within the site, and its reveal answer.
 */
export const MAX_KEPT_PAGES = 50;

/** An arc, a season or a volume to keep: named by its place ("Arc 3"), never by a title, and its pages. */
export interface UnitToKeep {
  /** Which unit: `arc:3`, `season:2`, `volume:main-3`. */
  unit: string;
  place: string;
  /** Its pages' addresses (path and query), at most MAX_KEPT_PAGES. */
  pages: string[];
}

const bounded = (unit: string, place: string, pages: string[]): UnitToKeep => ({
  unit,
  place,
  pages: [...new Set(pages)].slice(0, MAX_KEPT_PAGES),
});

/** An arc: its page of the web novel, and the discussion thread of each of its chapters. */
export function arcToKeep(arc: number, chapters: readonly string[]): UnitToKeep {
  return bounded(`arc:${arc}`, `Arc ${arc}`, [`/web_novel?arc=${arc}`, ...chapters.map(discussionPath)]);
}

/**
 * A season: its page of the anime, its Break Time shorts, the specials page that lists each OVA, special
 * or film the season names (at the address its link asks, `/anime/specials?special=…`) and the list of
 * them all it links to, then the discussion thread of each episode.
 */
export function seasonToKeep(
  season: number,
  episodes: readonly string[],
  specials: SeasonSpecialsToKeep = none,
): UnitToKeep {
  return bounded(`season:${season}`, `Season ${season}`, [
    `/anime?season=${season}`,
    `/break_time?season=${season}`,
    ...specials.named.map((key) => unitPath(key).split("#")[0]!),
    ...(specials.any ? ["/anime/specials"] : []),
    ...episodes.map(discussionPath),
  ]);
}

/** What a season's page says of the specials: those it names (their keys), and whether it links to a list of any. */
export interface SeasonSpecialsToKeep {
  named: readonly string[];
  any: boolean;
}
const none: SeasonSpecialsToKeep = { named: [], any: false };

/**
 * A volume (`ln:main-3`, named as its cover names it: "Main story 3"): the light novels page that lists
 * it, its translation notes when it has any, and its discussion thread.
 */
export function volumeToKeep(volume: string, place: string, hasNotes: boolean): UnitToKeep {
  return bounded(`volume:${volume.slice("ln:".length)}`, place, [
    unitPath(volume).split("#")[0]!,
    ...(hasNotes ? [`/translation_meta/ln_mistls/${volumeSlugFromKey(volume)}`] : []),
    discussionPath(volume),
  ]);
}

/**
 * What a page says of the unit it offers to keep (app/components/offline/keep-for-offline.tsx): the
 * facts alone, so the rules above load with the button, not with the page.
 */
export type KeepRequest =
  | { arc: number; chapters: readonly string[] }
  | { season: number; episodes: readonly string[]; specials: SeasonSpecialsToKeep }
  | { volume: string; place: string; hasNotes: boolean };

export function unitToKeep(request: KeepRequest): UnitToKeep {
  if ("arc" in request) return arcToKeep(request.arc, request.chapters);
  if ("season" in request) return seasonToKeep(request.season, request.episodes, request.specials);
  return volumeToKeep(request.volume, request.place, request.hasNotes);
}

/** The route whose data a kept page's reveal answer holds (the page's own route: its last match). */
export function routeOfPage(page: string): string | null {
  const { pathname } = new URL(page, "https://site.invalid");
  if (pathname.startsWith("/discuss/")) return "routes/discuss";
  if (pathname.startsWith("/translation_meta/ln_mistls/")) return "routes/translation-meta.ln-page";
  const routes: Record<string, string> = {
    "/web_novel": "routes/web-novel",
    "/anime": "routes/anime",
    "/anime/specials": "routes/anime.specials",
    "/break_time": "routes/break-time",
    "/light_novels": "routes/light-novels",
  };
  return routes[pathname] ?? null;
}

/**
 * What a keep stores for one page at one knowledge, as absolute addresses: its document, its data for a
 * navigation, and, when the reader's knowledge states anything (`reveal`, as the page itself would ask
 * with it: app/browser/spoiler-shield.ts), its reveal answer.
 */
export function keptAddresses(page: string, reveal: string, origin: string): string[] {
  const document = new URL(page, origin);
  document.hash = "";
  const addresses = [document.href, dataAddress(page, origin)];
  const routeId = routeOfPage(page);
  if (reveal && routeId) {
    const query = new URLSearchParams(document.search);
    query.set(REVEAL_PARAMETER, reveal);
    addresses.push(dataAddress(page, origin, { routeId, query }));
  }
  return addresses;
}

/** A unit kept on the device, as the worker lists it (kept beside its answers, in the same cache). */
export interface KeptUnit extends UnitToKeep {
  /**
   * The knowledge its reveal answers were made for: the reveal parameter the reader's knowledge writes
   * (app/browser/keep-for-offline.client.ts: `keptKnowledge`), "" for none.
   */
  knowledge: string;
  /** Every address kept for it. */
  addresses: string[];
  /** The bytes of its kept answers, summed. */
  bytes: number;
  /** When it was kept (milliseconds since the epoch). */
  keptAt: number;
  /**
   * `kept`: whole at its knowledge. `refresh`: its reveal answers are gone (the reader's knowledge moved)
   * or it came from an older build; it is kept again when next there is a network. `lost`: keeping it
   * again failed, so it holds nothing; the list says so and offers to keep it again.
   */
  state: "kept" | "refresh" | "lost";
}

/** Whether an address is a reveal answer (it states a knowledge). */
export const isRevealAnswer = (address: string) => new URL(address).searchParams.has(REVEAL_PARAMETER);

/**
 * What the kept units lose when the reader's knowledge is now `knowledge` (moved on, or set back): every
 * reveal answer made for any other knowledge, so a copy on the device never holds more than the reader
 * knows. Gives the addresses to delete and the units as they are after it (those that lost answers to
 * be kept again).
 */
export function afterKnowledge(kept: readonly KeptUnit[], knowledge: string) {
  const drop: string[] = [];
  const units = kept.map((unit): KeptUnit => {
    if (unit.knowledge === knowledge) return unit;
    const stale = unit.addresses.filter(isRevealAnswer);
    drop.push(...stale);
    return {
      ...unit,
      knowledge,
      addresses: unit.addresses.filter((address) => !isRevealAnswer(address)),
      state: unit.state === "lost" ? "lost" : "refresh",
    };
  });
  // An address two units share (a page both keep) goes only if no unit still keeps it.
  const still = new Set(units.flatMap((unit) => unit.addresses));
  return { drop: [...new Set(drop)].filter((address) => !still.has(address)), units };
}

/**
 * The addresses a unit's removal deletes: its own, but none another kept unit still holds (two seasons
 * may share nothing, but a page such as a volume's notes could be kept twice).
 */
export function removedAddresses(kept: readonly KeptUnit[], unit: string): string[] {
  const others = new Set(kept.filter((each) => each.unit !== unit).flatMap((each) => each.addresses));
  return (kept.find((each) => each.unit === unit)?.addresses ?? []).filter((address) => !others.has(address));
}

/** A size as the list shows it: "840 B", "120 KB", "1.4 MB". */
export function formatBytes(bytes: number) {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
