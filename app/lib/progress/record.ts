import { volumeKey } from "../content/units";
import { type Knowledge, knowledgeOfUnits, noKnowledge } from "../shield/knowledge";

/*
 * A reader's progress record, what it has reached and what that makes known: all the shield on every
 * page reads. Apart from ./progress (how a record changes), ./tracker-units and ./up-next, which only
 * the tracker and "I have read up to here" load.
 */

/**
 * A reader's progress in every medium. Kept in the browser for everyone and, for signed-in readers,
 * in D1 too. `position` is derived (the furthest point on the story timeline reached in any medium)
 * and stays in the stored record so older files keep importing; the spoiler shield never reads it (what a reader
 * knows is worked out per medium: ./knowledge).
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
  /**
   * Web novel chapters and light novel volumes before the reader's place that they have not read, by
   * unit key: what they passed over when they crossed from another medium (./media-crossing). They
   * stay unread, and what they reveal stays hidden, until the reader marks them read.
   */
  skipped: string[];
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
  skipped: [],
  position: 0,
  updatedAt: "1970-01-01T00:00:00.000Z",
};

/** The unit keys a progress record has reached (for positions, and for what the reader knows). */
export function reachedUnits(progress: Progress) {
  return [
    progress.webNovel,
    ...Object.entries(progress.lightNovels).map(([collection, volume]) => volumeKey(collection, volume)),
    ...progress.sideStories,
    progress.anime,
    ...progress.breakTime,
  ].filter((unit): unit is string => Boolean(unit));
}

/** What a reader with this progress knows (./knowledge): every place but the units skipped on the way. */
export function knowledgeOf(progress: Progress | null): Knowledge {
  return progress ? knowledgeOfUnits(reachedUnits(progress), progress.skipped) : noKnowledge;
}
