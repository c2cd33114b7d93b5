import { lengthProblem, textLength } from "../forms/text-length";

/*
 * What a comment's text may be: plain text with line breaks. It is cleaned the same way in the
 * browser (to count what will be kept) and on the server (what is stored): Unicode normalised,
 * bidirectional controls and invisible characters taken out, marks stacked on one character cut to a
 * few, line ends made "\n", spaces at line ends and runs of blank lines trimmed. Links stay text; pages
 * draw them (app/components/discussion).
 */

/**
 * The shortest and longest a comment may be, in characters as a reader counts them (code points); the
 * shortest counts only characters that show (a mark or a joiner alone shows nothing).
 */
export const COMMENT_MIN_LENGTH = 2;
export const COMMENT_MAX_LENGTH = 4000;
/** The most lines a comment may take: one character a line would make it thousands of pixels tall. */
export const COMMENT_MAX_LINES = 60;
/**
 * Marks past the fourth on one character (accents, vowel signs): every script writes with fewer, and
 * hundreds stacked draw a column over the page around the comment.
 */
const stackedMarks = /(\p{M}{4})\p{M}+/gu;

/**
 * Characters a comment never keeps: bidirectional embeddings, overrides and isolates (which can make
 * text read differently from what it says), zero-width spaces and word joiners, the byte order mark,
 * soft hyphens, fillers that draw nothing, and control characters other than tab and line feed. The
 * zero-width joiner and non-joiner stay: emoji sequences and several scripts need them.
 */
const removed =
  // eslint-disable-next-line no-control-regex -- control characters are what this takes out
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]|\u034f|\u17b4|\u17b5/gu;

/** A comment's text as it is kept: see the top of this module. */
export function cleanCommentText(text: string) {
  return text
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(removed, "")
    .replace(stackedMarks, "$1")
    .replace(/[ \t\u00a0]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** How long a text is once kept (cleanCommentText), as its field counts it against its limit. */
export const keptLength = (text: string) => textLength(cleanCommentText(text));

/** Characters that show nothing of themselves: marks, joiners, variation selectors and tags, spaces, the blank Braille cell. */
const showsNothing = /[\p{M}\p{Default_Ignorable_Code_Point}\s\u2800]/gu;

/** Whether a text kept (cleanCommentText) shows anything: a field of blank Braille cells or fillers is empty. */
export const showsSomething = (kept: string) => kept.replace(showsNothing, "") !== "";

/** What is wrong with a comment's text as it will be kept, or null. */
export function commentTextProblem(text: string): string | null {
  const kept = cleanCommentText(text);
  if (textLength(kept.replace(showsNothing, "")) < COMMENT_MIN_LENGTH) return "Write at least two characters.";
  const tooLong = lengthProblem(kept, COMMENT_MAX_LENGTH);
  if (tooLong) return tooLong;
  const lines = kept.split("\n").length;
  if (lines > COMMENT_MAX_LINES)
    return `Keep it to ${COMMENT_MAX_LINES} lines (this is ${lines.toLocaleString("en")}).`;
  return null;
}

/** A run of a comment's text: words, or a link as it was written (drawn as a link, never followed by search engines). */
export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const linkPattern = /\bhttps?:\/\/[^\s<>"'`]+/gi;

/**
 * The text with its web addresses picked out, so a page can draw them as links. Only http and https
 * addresses; trailing punctuation ("see https://example.com.") stays text. A link reads as written where
 * its host is the host it goes to; otherwise it reads as where it goes (a host of look-alike letters as
 * its ASCII form, a fraction slash "⁄" read as part of the host, a "name@" before it dropped), so no
 * link looks like the site's own page and goes elsewhere. Neither says a user name or a password.
 */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(linkPattern)) {
    const address = match[0].replace(/[.,;:!?)\]}]+$/, "");
    const start = match.index;
    if (start > from) parts.push({ kind: "text", text: text.slice(from, start) });
    parts.push(linkOf(address));
    from = start + address.length;
  }
  if (from < text.length) parts.push({ kind: "text", text: text.slice(from) });
  return parts;
}

/** An address as a link (textParts), or as text where it is no address. */
function linkOf(address: string): TextPart {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { kind: "text", text: address };
  }
  const href = `${url.origin}${url.pathname}${url.search}${url.hash}`;
  const writtenHost = address
    .slice(address.indexOf("//") + 2)
    .split(/[/?#\\]/, 1)[0]!
    .toLowerCase();
  return { kind: "link", text: writtenHost === url.host ? address : href, href };
}

/** The longest a writer's name is shown, in characters. */
export const WRITER_NAME_MAX_LENGTH = 60;

/**
 * A writer's name as their comments show it: cleaned like a comment's text, on one line, cut between
 * characters (never inside one) with "…" to say so; "A reader" when nothing is left.
 */
export function writerName(name: string | null) {
  const characters = Array.from(cleanCommentText(name ?? "").replace(/\s+/g, " "));
  if (characters.length <= WRITER_NAME_MAX_LENGTH) return characters.join("") || "A reader";
  return `${characters
    .slice(0, WRITER_NAME_MAX_LENGTH - 1)
    .join("")
    .trim()}…`;
}
