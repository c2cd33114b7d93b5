/**
 * A reader's progress in every medium. Kept in the browser for everyone and, for signed-in readers,
 * in D1 too. `position` is derived (the furthest point on the story timeline reached in any medium)
 * and cached here so the spoiler shield can use it on any page without the timeline.
 */
export interface Progress {
  version: 1;
  /** The last web novel chapter read, e.g. wn:2-14. */
  webNovel: string | null;
  /** Per light novel collection, the last volume read. */
  lightNovels: Record<string, number>;
  /** Side stories read, by unit key (ss:slug). */
  sideStories: string[];
  /** The last anime episode watched, e.g. anime:1-5. */
  anime: string | null;
  /** Break Time shorts watched, by unit key (bt:1-5). */
  breakTime: string[];
  position: number;
  updatedAt: string;
}

export const emptyProgress: Progress = {
  version: 1,
  webNovel: null,
  lightNovels: {},
  sideStories: [],
  anime: null,
  breakTime: [],
  position: 0,
  updatedAt: "1970-01-01T00:00:00.000Z",
};

/** wn:2-14 → [2, 14], for comparing units of one medium. */
function numbers(unitKey: string) {
  return (unitKey.split(":")[1] ?? "").split("-").map(Number);
}

function later(a: string | null, b: string | null) {
  if (!a) return b;
  if (!b) return a;
  const [a1 = 0, a2 = 0] = numbers(a);
  const [b1 = 0, b2 = 0] = numbers(b);
  return a1 > b1 || (a1 === b1 && a2 >= b2) ? a : b;
}

/**
 * Merges two progress records, as on sign-in on a new device: the furthest progress wins in each
 * medium, checklists are united, nothing is lost.
 */
export function mergeProgress(a: Progress, b: Progress): Progress {
  const lightNovels: Record<string, number> = { ...a.lightNovels };
  for (const [collection, volume] of Object.entries(b.lightNovels)) lightNovels[collection] = Math.max(lightNovels[collection] ?? 0, volume);
  return {
    version: 1,
    webNovel: later(a.webNovel, b.webNovel),
    lightNovels,
    sideStories: [...new Set([...a.sideStories, ...b.sideStories])].sort(),
    anime: later(a.anime, b.anime),
    breakTime: [...new Set([...a.breakTime, ...b.breakTime])].sort(),
    position: Math.max(a.position, b.position),
    updatedAt: a.updatedAt > b.updatedAt ? a.updatedAt : b.updatedAt,
  };
}

export function sameProgress(a: Progress, b: Progress) {
  const { updatedAt: _a, ...left } = a;
  const { updatedAt: _b, ...right } = b;
  return JSON.stringify(left) === JSON.stringify(right);
}

/** The unit keys a progress record has reached (for positions). */
export function reachedUnits(progress: Progress) {
  return [
    progress.webNovel,
    ...Object.entries(progress.lightNovels).map(([collection, volume]) => `ln:${collection}-${volume}`),
    ...progress.sideStories,
    progress.anime,
    ...progress.breakTime,
  ].filter((unit): unit is string => Boolean(unit));
}

/** The furthest timeline position reached, given each unit's position. */
export function progressPosition(progress: Progress, positionOf: (unitKey: string) => number | undefined) {
  return Math.max(0, ...reachedUnits(progress).map((unit) => positionOf(unit) ?? 0));
}
