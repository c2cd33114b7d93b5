import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { ExternalList, ExternalService } from "./external-ids";
import { isNovelUpdatesPage, readNovelUpdatesPage } from "./novel-updates-page";

/*
 * Reading the list exports of tracking services, in the browser, when the reader picks a file on the
 * reading tracker (loaded only then: it carries the XML parser).
 *
 * MyAnimeList exports each list as XML: <myanimelist>, a <myinfo> block (user_export_type 1 for anime,
 * 2 for manga), then one <anime> (series_animedb_id, my_watched_episodes, my_status…) or <manga>
 * (manga_mangadb_id, my_read_volumes, my_read_chapters, my_status…) per entry. AniList and Kitsu write
 * the same format, naming entries by their MyAnimeList ids (docs/content.md, with sources). The parser
 * never expands entities (a DOCTYPE that defines some is read as plain text, so a "billion laughs" file
 * stays as small as it is) and the file is checked for being well-formed XML first.
 *
 * Novel Updates has no export: readers save their reading-list page from the browser, read by
 * ./novel-updates-page without any parser.
 */

/** One entry of a reader's list on a service: what it names and how far they are in it. */
export interface ServiceEntry {
  service: ExternalService;
  list: ExternalList;
  id: string;
  /** Episodes watched (anime), or volumes and chapters read (manga). */
  episodes: number;
  volumes: number;
  chapters: number;
  /**
   * MyAnimeList-format anime only: the whole entry is watched (its status "Completed", or as many episodes
   * watched as the entry has), which is how an OVA's or a film's own entry counts as watched.
   */
  finished?: boolean;
  /** Novel Updates only: the release the reader is at, as the page names it ("c45", "v3c2"). */
  place?: string;
}

export type ServiceExport =
  { service: ExternalService; entries: ServiceEntry[]; error: null } | { service: null; entries: null; error: string };

const refused = (error: string): ServiceExport => ({ service: null, entries: null, error });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A count from the file ("12", " 12 ", "" or missing); anything else counts as none. */
function count(value: unknown): number {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  return /^\d{1,9}$/.test(text) ? Number(text) : 0;
}

/** An id as the file writes it: digits only (a missing or 0 id names nothing). */
function idOf(value: unknown): string | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  return /^[1-9]\d{0,8}$/.test(text) ? text : null;
}

const parser = new XMLParser({
  // Entities are never expanded, not even the five XML ones: the import reads numbers only.
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === "anime" || name === "manga",
});

/** The entries of a MyAnimeList-format list (MyAnimeList, AniList, Kitsu), or null when the XML is something else. */
function myAnimeListEntries(document: Record<string, unknown>): ServiceEntry[] | null {
  const root = document.myanimelist;
  if (root === "") return [];
  if (!isRecord(root)) return null;
  const entries: ServiceEntry[] = [];
  const each = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);
  for (const anime of each(root.anime)) {
    const id = idOf(anime.series_animedb_id);
    const watched = count(anime.my_watched_episodes);
    const total = count(anime.series_episodes);
    if (id)
      entries.push({
        service: "myanimelist",
        list: "anime",
        id,
        episodes: watched,
        volumes: 0,
        chapters: 0,
        finished: anime.my_status === "Completed" || (total > 0 && watched >= total),
      });
  }
  for (const manga of each(root.manga)) {
    const id = idOf(manga.manga_mangadb_id);
    if (id)
      entries.push({
        service: "myanimelist",
        list: "manga",
        id,
        episodes: 0,
        volumes: count(manga.my_read_volumes),
        chapters: count(manga.my_read_chapters),
      });
  }
  return entries;
}

/**
 * A service's list export, read: its entries, or why the file cannot be imported (not XML, not
 * well-formed, not an export this site reads). The file's own text is never part of a message.
 */
export function readServiceExport(text: string): ServiceExport {
  const body = text.replace(/^\uFEFF/, "").trimStart();
  // Novel Updates offers no list export: what readers save is its reading-list page (docs/content.md).
  if (!/<myanimelist[\s>]/.test(body.slice(0, 200_000)) && isNovelUpdatesPage(body)) {
    const page = readNovelUpdatesPage(body);
    if (page.error !== null) return refused(page.error);
    const entries = page.rows.map(({ slug, place }): ServiceEntry => ({
      service: "novelupdates",
      list: "series",
      id: slug,
      episodes: 0,
      volumes: 0,
      chapters: 0,
      place,
    }));
    return { service: "novelupdates", entries, error: null };
  }
  if (!body.startsWith("<"))
    return refused(
      "This file is not a progress export from this site, a MyAnimeList, AniList or Kitsu export, or a saved Novel Updates reading list.",
    );
  const valid = XMLValidator.validate(body);
  if (valid !== true) {
    return refused(
      `This file is not well-formed XML (the problem is on line ${valid.err.line}): it may have been cut short or changed. Export your list again and pick the new file.`,
    );
  }
  let document: unknown;
  try {
    document = parser.parse(body);
  } catch {
    return refused(
      "This file is not well-formed XML: it may have been cut short or changed. Export your list again and pick the new file.",
    );
  }
  const entries = isRecord(document) ? myAnimeListEntries(document) : null;
  if (!entries)
    return refused(
      "This XML file is not a list export this site can read: it reads MyAnimeList's anime and manga list exports, which AniList and Kitsu also make.",
    );
  return { service: "myanimelist", entries, error: null };
}
