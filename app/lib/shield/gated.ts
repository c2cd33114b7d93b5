import { type Knowledge, knows, noKnowledge, type Revealers } from "./knowledge";

/**
 * Story content behind the spoiler shield, as pages and models pass it around: the units that reveal
 * it (null: it spoils nothing) and the content itself, or null where the response may not carry it.
 * Every response is sealed for its requester (`seal`), so a gated text reaches only a reader who
 * stated they know it; pages show content through the shield's components, which also ask the reader.
 */
export interface Gated<T> {
  revealedBy: Revealers;
  content: T | null;
}

export function gated<T>(revealedBy: Revealers, content: T): Gated<T> {
  return { revealedBy, content };
}

/**
 * Gated content whose being there at all gives the story away: a name that is itself a secret (a masked
 * figure's true name, a name a medium says only later). Where a response may not carry it, it carries
 * null in its place, as if there were none, and a list leaves it out: no revealers, no placeholder, no
 * gap, nothing to blur or to ask for.
 */
export interface Secret<T> extends Gated<T> {
  secret: true;
}

export function secretly<T>(revealedBy: Revealers, content: T): Secret<T> {
  return { revealedBy, content, secret: true };
}

/**
 * The items a requester with this knowledge may see, in their order. What the others are, how many and
 * where they stood is left out with them: a list that leaves out what a requester does not know must
 * not tell them it did.
 */
export function knownTo<T extends Gated<unknown>>(items: readonly T[], knowledge: Knowledge): T[] {
  return items.filter((item) => knows(knowledge, item.revealedBy));
}

/**
 * Whether a value is gated content: a plain object with both fields. It may carry other fields, which
 * are public (a list item's key, so a permalink finds the item while its content is sealed).
 */
export function isGated(value: unknown): value is Gated<unknown> {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && "revealedBy" in value && "content" in value
  );
}

/**
 * The data as a response may carry it: every gated content the knowledge does not reveal is taken
 * out, wherever it sits (a page's loader data is plain objects and arrays). What is revealed stays.
 */
export function seal<D>(data: D, knowledge: Knowledge): D {
  return sealValue(data, knowledge) as D;
}

function sealValue(value: unknown, knowledge: Knowledge): unknown {
  if (typeof value !== "object" || value === null) return value;
  // A secret in a list leaves no place behind: how many there were would tell that there are more.
  if (Array.isArray(value))
    return value.filter((item) => !unknownSecret(item, knowledge)).map((item) => sealValue(item, knowledge));
  if (value instanceof Date) return value;
  if (isGated(value)) {
    if (unknownSecret(value, knowledge)) return null;
    // A gated item may carry fields beside its content (an entry's episode), gated items among them.
    const { content, ...beside } = value;
    const sealed = knows(knowledge, value.revealedBy) ? sealValue(content, knowledge) : null;
    return { ...(sealValue(beside, knowledge) as object), content: sealed };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, sealValue(item, knowledge)]));
}

/** Whether a value is a secret (`secretly`) the knowledge does not reveal. */
const unknownSecret = (value: unknown, knowledge: Knowledge) =>
  isGated(value) && "secret" in value && value.secret === true && !knows(knowledge, value.revealedBy);

/** Every gated item in the data whose content the response left out. */
export function sealedItems(data: unknown, found: Gated<unknown>[] = []): Gated<unknown>[] {
  if (typeof data !== "object" || data === null) return found;
  if (Array.isArray(data)) {
    for (const item of data) sealedItems(item, found);
  } else if (isGated(data)) {
    const { content, ...beside } = data;
    if (content === null) found.push(data);
    else sealedItems(content, found);
    sealedItems(beside, found);
  } else {
    for (const item of Object.values(data)) sealedItems(item, found);
  }
  return found;
}

declare const shieldedData: unique symbol;

/**
 * A page's loader data as the server sends it: sealed for its requester (`shieldedData` on the server).
 * Its fields cannot be read as they are: the page's component opens it with `useShieldedData`, which
 * reveals what the reader may see; document metadata opens it with `publicCopy`, and what reads the data
 * as sent (whether a search had a query) with `sealedCopy`. So a page cannot seal its data and forget
 * the browser half.
 *
 * It travels as JSON text, one string in the page's hydration data. React Router writes loader data as
 * a flat table in which every object names its keys and values by their index, so each row of a list
 * spells out numbers of its own and gzip finds little to repeat; the same rows as JSON repeat their
 * keys and shapes and come to half the size (a web novel arc: 4.0 KB gzip as a table, 2.1 as JSON).
 * The data is plain (strings, numbers, booleans, null, arrays, objects), so nothing is lost.
 */
export interface Shielded<D> {
  readonly [shieldedData]: D;
  readonly sealed: string;
}

/** Data JSON keeps as it is: no dates, maps, sets or functions anywhere in it (dates travel as ISO text). */
export type Plain<D> = D extends
  Date | ReadonlyMap<unknown, unknown> | ReadonlySet<unknown> | bigint | ((...args: never[]) => unknown)
  ? never
  : D extends object
    ? { [K in keyof D]: Plain<D[K]> }
    : D;

/** The sealed data written for the response: what `shieldedData` returns. */
export function shieldedJson<D>(sealed: D & Plain<D>): Shielded<D> {
  return { sealed: JSON.stringify(sealed) } as Shielded<D>;
}

/** Each shielded data read once: the page's renders, its metadata and its follow-ups share one copy. */
const opened = new WeakMap<Shielded<unknown>, unknown>();

/** The data of a shielded page as sent: gated content the requester did not state stays sealed. */
export function sealedCopy<D>(data: Shielded<D>): D {
  if (!opened.has(data)) opened.set(data, JSON.parse(data.sealed));
  return opened.get(data) as D;
}

/**
 * What everyone may see of a shielded page, whatever its requester stated: a page's title and link
 * previews read this, so a link that carries `reveal` cannot put a gated name in them.
 */
export function publicCopy<D>(data: Shielded<D> | undefined): D | undefined {
  return data && seal(sealedCopy(data), noKnowledge);
}

/** The plain data inside a shielded page's loader data type (for a component's prop types). */
export type Unshielded<S> = S extends Shielded<infer D> ? D : never;
