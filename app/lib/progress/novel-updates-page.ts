/*
 * Reading a reader's Novel Updates reading-list page, saved from the browser ("Save page as…", HTML):
 * Novel Updates has no list export, so this page is what readers have (docs/content.md, with what is
 * read and what is assumed). Each series is a row `<tr class="rl_links" data-title="…">` holding a
 * link to `/series/<slug>/` and, as `<a class="chp-release">` links, the release the reader is at,
 * then the latest release ("c45", "v3c2", "v2", "c12 part2"…).
 *
 * No DOM and no HTML parser: a forward scan with indexOf, each step bounded (a tag is looked at within
 * its first few kilobytes, a row within its first few tens), so any file, however built, is read in
 * time proportional to its size. Regular expressions only ever run on those bounded pieces.
 */

/** One row of the reading list: the series' slug and the reader's place, as the page writes it. */
export interface NovelUpdatesRow {
  slug: string;
  /** The release the reader is at ("c45", "v3c2"), tags removed and entities decoded; "" when the row has none. */
  place: string;
}

/** Longer tags or rows than these are not the reading list's: they are cut at this length. */
const MAX_TAG = 4_096;
const MAX_ROW = 32_768;
/** A place is a short release name; a longer text is cut before it is shown. */
const MAX_PLACE = 40;

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Tags removed, the common entities decoded, spaces collapsed, cut short: text to be shown as text, never as HTML. */
function textOf(html: string): string {
  let text = "";
  let inTag = false;
  for (const char of html) {
    if (char === "<") inTag = true;
    else if (char === ">") inTag = false;
    else if (!inTag) text += char;
  }
  return text
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => entities[name] ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_PLACE);
}

/** The value of an attribute of one (bounded) start tag, or null. */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? "") : null;
}

const hasClass = (tag: string, name: string) => (attribute(tag, "class") ?? "").split(/\s+/).includes(name);

/**
 * Finds strings in one text front to back: each needle's last position is kept, so asking again from
 * a later place reuses it, and the text is scanned for each needle once in all.
 */
function finder(text: string) {
  const found = new Map<string, number>();
  return (needle: string, from: number) => {
    const last = found.get(needle);
    if (last !== undefined && (last >= from || last < 0)) return last < 0 ? -1 : last;
    const at = text.indexOf(needle, from);
    found.set(needle, at);
    return at;
  };
}

type Find = ReturnType<typeof finder>;

/**
 * The start tag beginning at `at`: up to its ">", if that comes before any other "<" and within
 * MAX_TAG characters, else null. So tags never overlap and each is short.
 */
function startTag(html: string, find: Find, at: number): string | null {
  const end = find(">", at);
  const nextOpen = find("<", at + 1);
  if (end < 0 || (nextOpen >= 0 && nextOpen < end) || end - at > MAX_TAG) return null;
  return html.slice(at, end + 1);
}

/** The series slug a link points at (`…/series/<slug>/`), or null. */
function seriesSlug(href: string): string | null {
  const at = href.indexOf("/series/");
  if (at < 0) return null;
  const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*/.exec(href.slice(at + 8, at + 8 + 200).toLowerCase());
  return slug ? slug[0] : null;
}

/** One row's slug and the reader's place: the first `/series/` link and the first `chp-release` link. */
function readRow(row: string): NovelUpdatesRow | null {
  const find = finder(row);
  let slug: string | null = null;
  let place: string | null = null;
  for (let at = find("<a", 0); at >= 0 && (slug === null || place === null); at = find("<a", at + 2)) {
    const tag = startTag(row, find, at);
    if (!tag || !/^<a[\s>]/i.test(tag)) continue;
    if (slug === null) slug = seriesSlug(attribute(tag, "href") ?? "");
    if (place === null && hasClass(tag, "chp-release")) {
      const close = find("</a", at + tag.length);
      place = textOf(row.slice(at + tag.length, Math.min(close < 0 ? row.length : close, at + tag.length + MAX_TAG)));
    }
  }
  return slug === null ? null : { slug, place: place ?? "" };
}

export type NovelUpdatesList = { rows: NovelUpdatesRow[]; error: null } | { rows: null; error: string };

/** Whether a file looks like a page saved from Novel Updates (its address or its reading-list rows). */
export function isNovelUpdatesPage(text: string): boolean {
  const head = text.slice(0, 200_000);
  return /novelupdates\.com/i.test(head) || text.includes("rl_links");
}

/**
 * The rows of a saved reading-list page, in page order, or why there are none: the file is another
 * Novel Updates page (a series page, the sign-in page) or a list made from one (text, CSV).
 */
export function readNovelUpdatesPage(html: string): NovelUpdatesList {
  const rows: NovelUpdatesRow[] = [];
  let listRows = 0;
  const find = finder(html);
  for (let at = find("<tr", 0); at >= 0;) {
    const next = find("<tr", at + 3);
    const tag = startTag(html, find, at);
    if (tag && /^<tr[\s>]/i.test(tag) && hasClass(tag, "rl_links")) {
      listRows += 1;
      const close = find("</tr", at);
      const end = Math.min(next < 0 ? html.length : next, close < 0 ? html.length : close, at + MAX_ROW);
      const row = readRow(html.slice(at + tag.length, end));
      if (row) rows.push(row);
    }
    at = next;
  }
  if (!listRows) {
    return {
      rows: null,
      error:
        "This file comes from Novel Updates but is not your reading list saved as a page. Open novelupdates.com/reading-list/ while signed in, save it with your browser (Save page as…, HTML) and pick that file. Nothing was changed.",
    };
  }
  return { rows, error: null };
}

/** A place on Novel Updates, read: a volume and/or a chapter, and whether it is only part of that chapter. */
export interface Release {
  volume: number | null;
  chapter: number | null;
  /** "c12 part2": the chapter is split into parts and the reader is at one of them. */
  part: boolean;
}

/**
 * A release name as Novel Updates writes them: "c45", "c12-13" (the later counts), "v3c2", "v3 c2",
 * "v2", with an optional " part2" (or "p2"). Anything else ("prologue", "ex1", "side story 3") is null.
 */
export function parseRelease(place: string): Release | null {
  const match = /^(?:v(\d{1,4}))?\s?(?:c(\d{1,5})(?:\s?-\s?c?(\d{1,5}))?)?(\s?(?:part|p)\s?\d{1,3})?$/.exec(
    place.trim().toLowerCase(),
  );
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const volume = match[1] === undefined ? null : Number(match[1]);
  const chapter = match[2] === undefined ? null : Math.max(Number(match[2]), Number(match[3] ?? 0));
  return { volume, chapter, part: match[4] !== undefined };
}
