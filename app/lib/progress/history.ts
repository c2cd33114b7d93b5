import { checkProgress } from "./file";
import type { Progress } from "./record";
import { type TrackerUnit, unitName } from "./tracker-units";

/*
 * The history of a signed-in reader's saves, as the tracker shows it: each save's record, when, and
 * whether it was a set-back, its places named as the tracker names them.
 */

/** One save of a reader's record as the account's history keeps it. */
export interface ProgressHistoryEntry {
  revision: number;
  progress: Progress;
  savedAt: string;
  change: "saved" | "set_back";
}

/**
 * The places a record holds, in the tracker's words: "Web novel: Arc 3 · Chapter 5", "Lanternfall:
 * Volume 2", "Anime: Season 1 · Episode 12", "3 side stories", "1 Break Time short". Only labels,
 * which carry no title, so a save from before a set-back names nothing the reader may not know now; a
 * unit the timeline no longer lists is left out.
 */
export function savedPlaces(progress: Progress, units: readonly TrackerUnit[]): string[] {
  const byKey = new Map(units.map((unit) => [unit.key, unit]));
  const places: string[] = [];
  const webNovel = progress.webNovel && byKey.get(progress.webNovel);
  if (webNovel) places.push(`Web novel: ${webNovel.label}`);
  for (const key of progress.lightNovels) {
    const volume = byKey.get(key);
    if (volume) places.push(`${volume.group}: ${unitName(volume)}`);
  }
  const anime = progress.anime && byKey.get(progress.anime);
  if (anime) places.push(`Anime: ${anime.label}`);
  for (const key of progress.recuts) {
    const episode = byKey.get(key);
    if (episode) places.push(`Anime: ${episode.label}`);
  }
  for (const key of progress.manga) {
    const chapter = byKey.get(key);
    if (chapter) places.push(`Manga: ${chapter.label}`);
  }
  const count = (keys: readonly string[], one: string, many: string) => {
    const known = keys.filter((key) => byKey.has(key)).length;
    if (known) places.push(`${known} ${known === 1 ? one : many}`);
  };
  count(progress.sideStories, "side story", "side stories");
  count(progress.breakTime, "Break Time short", "Break Time shorts");
  count(progress.animeSpecials, "OVA, special or film", "OVAs, specials and films");
  return places;
}

/** The history an answer of /resources/progress/history carries; entries that are not one are left out. */
export function historyIn(body: unknown): ProgressHistoryEntry[] | null {
  const history = typeof body === "object" && body !== null ? (body as { history?: unknown }).history : undefined;
  if (!Array.isArray(history)) return null;
  return history.flatMap((entry: unknown) => {
    if (typeof entry !== "object" || entry === null) return [];
    const { revision, progress, savedAt, change } = entry as Record<string, unknown>;
    const record = checkProgress(progress).progress;
    if (!record || !Number.isSafeInteger(revision) || typeof savedAt !== "string") return [];
    if (change !== "saved" && change !== "set_back") return [];
    return [{ revision: revision as number, progress: record, savedAt, change }];
  });
}
