/**
 * The public read-only API's contract in code: its address, its error body, how it reads a query and
 * how it pages a list. The OpenAPI document (./api-document.ts) describes the same things for the
 * people who build on it, and the human page `/api` quotes these numbers.
 */
import { media, type Medium } from "../content/units";
import { type Knowledge, MAX_REVEAL_LENGTH, parseKnowledge, REVEAL_PARAMETER } from "../shield/knowledge";
import { oneOf, parsePositiveInt } from "../http/params";
import { pageInfo, pageOffset } from "../http/paging";

/** Where version 1 lives. A change that could break a client gets a new version beside it, never here. */
export const API_BASE = "/api/v1";

/** Whether an address belongs to the API (the human page `/api` does not). */
export function isApiAddress(pathname: string) {
  // Routes match without regard to case, so /API/v1/… is the API too and gets its edges.
  return /^\/api\/./i.test(pathname);
}

/** The methods the API answers; OPTIONS only as a CORS preflight. */
export const API_METHODS = ["GET", "HEAD", "OPTIONS"] as const;

/** Per client (its IP address, an IPv6 network of 64 bits), counted only for answers not served from the edge cache. */
export const API_LIMITS = { perMinute: 120, perDay: 10_000 };

/** The limits as the IETF RateLimit-Policy header states them (draft-ietf-httpapi-ratelimit-headers): the same on every answer. */
export const API_RATE_LIMIT_POLICY = `"minute";q=${API_LIMITS.perMinute};w=60, "day";q=${API_LIMITS.perDay};w=86400`;

/** How long a browser and the edge keep an answer: content changes only when a pack is imported or a mistake is published. */
export const API_CACHE_CONTROL = "public, max-age=60, s-maxage=600, stale-while-revalidate=300";

/** Paged lists: `page` from 1, `per_page` up to the most. */
export const API_PAGE_SIZE = { default: 50, most: 100 };

/** What went wrong, in a word a client can switch on. Stable: codes are added, never renamed or removed. */
export const apiErrorCodes = [
  "invalid_parameter",
  "unknown_parameter",
  "not_found",
  "method_not_allowed",
  "request_too_large",
  "bad_request",
  "rate_limited",
  "unavailable",
  "internal_error",
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

/** The one body of every answer that is not a success. */
export interface ApiErrorBody {
  error: { status: number; code: ApiErrorCode; message: string; parameter?: string };
}

export function apiError(status: number, code: ApiErrorCode, message: string, parameter?: string): ApiErrorBody {
  return { error: { status, code, message, ...(parameter === undefined ? {} : { parameter }) } };
}

/** A query parameter's reader: its value, or why it is not one. */
type ParameterReader<T> = (value: string) => { value: T } | { problem: string };

export type QuerySpec = Record<string, ParameterReader<unknown>>;

type ValuesOf<S extends QuerySpec> = { [K in keyof S]: S[K] extends ParameterReader<infer T> ? T | undefined : never };

export type QueryOutcome<S extends QuerySpec> = { ok: true; values: ValuesOf<S> } | { ok: false; error: ApiErrorBody };

/**
 * Reads a query by its spec, strictly: a parameter the endpoint does not take, one given twice or a
 * value that is not one is a 400 naming it, so a typo never silently changes the answer.
 */
export function readQuery<S extends QuerySpec>(params: URLSearchParams, spec: S): QueryOutcome<S> {
  const values: Record<string, unknown> = {};
  for (const name of new Set(params.keys())) {
    const reader = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (!reader) {
      const known = Object.keys(spec);
      const takes = known.length
        ? `It takes ${known.map((each) => `\`${each}\``).join(", ")}.`
        : "It takes no parameters.";
      return {
        ok: false,
        error: apiError(400, "unknown_parameter", `This endpoint has no parameter \`${name}\`. ${takes}`, name),
      };
    }
    const given = params.getAll(name);
    if (given.length > 1)
      return {
        ok: false,
        error: apiError(400, "invalid_parameter", `\`${name}\` is given ${given.length} times; give it once.`, name),
      };
    const read = reader(given[0]!);
    if ("problem" in read)
      return { ok: false, error: apiError(400, "invalid_parameter", `\`${name}\` ${read.problem}`, name) };
    values[name] = read.value;
  }
  return { ok: true, values: values as ValuesOf<S> };
}

/** `page`: a whole number from 1. */
export const pageParameter: ParameterReader<number> = (value) => {
  const page = parsePositiveInt(value);
  return page === null ? { problem: "must be a whole number from 1 (no leading zeros)." } : { value: page };
};

/** `per_page`: a whole number from 1 to the most a page holds. */
export const perPageParameter: ParameterReader<number> = (value) => {
  const size = parsePositiveInt(value);
  return size === null || size > API_PAGE_SIZE.most
    ? { problem: `must be a whole number from 1 to ${API_PAGE_SIZE.most}.` }
    : { value: size };
};

/** `medium`: one of the story's media (or of those given). */
export function mediumParameter(): ParameterReader<Medium>;
export function mediumParameter<M extends Medium>(allowed: readonly M[]): ParameterReader<M>;
export function mediumParameter(allowed: readonly Medium[] = media): ParameterReader<Medium> {
  return (value) => {
    const medium = oneOf(allowed, value);
    return medium ? { value: medium } : { problem: `must be one of ${allowed.join(", ")}.` };
  };
}

/** `reveal`: what the reader has seen, in the site's own knowledge encoding (app/lib/shield/knowledge.ts). */
export const readRevealParameter: ParameterReader<Knowledge> = (value) => {
  if (value.length > MAX_REVEAL_LENGTH) {
    return {
      problem: `is longer than ${MAX_REVEAL_LENGTH} characters: state the furthest place in each medium, which covers what comes before it.`,
    };
  }
  const knowledge = parseKnowledge(value);
  return knowledge
    ? { value: knowledge }
    : {
        problem:
          "is not a statement of what the reader has seen: unit keys joined by commas (wn:2-14,ln:main-3,anime:1-5,ss:short-stories-2-1), a skipped one with a leading -, consecutive skipped units or shorts as a span from the first key to the last number (-wn:1-7..12, bt:1-1..9), titles to show titles of what the reader has not reached, or all.",
      };
};

/** Every endpoint that answers with story content takes `reveal`. */
export const revealing = { [REVEAL_PARAMETER]: readRevealParameter };

/** The parameters every paged list takes. */
export const pagingParameters = { page: pageParameter, per_page: perPageParameter };

/** One page of a list the requester may see, and where it stands in the whole. */
export interface ApiPage<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
  page_count: number;
}

/**
 * One page of `items` (already only what the requester may see, so the total and the page count tell
 * nothing of the rest). A page past the end is empty, with the same total.
 */
export function pageOf<T>(items: readonly T[], page = 1, perPage = API_PAGE_SIZE.default): ApiPage<T> {
  const start = pageOffset(page, perPage);
  return pageFrom(items.slice(start, start + perPage), items.length, page, perPage);
}

/** A page read with LIMIT/OFFSET, with the list's total. */
export function pageFrom<T>(items: T[], total: number, page = 1, perPage = API_PAGE_SIZE.default): ApiPage<T> {
  // The site's paging result (./paging.ts), in the API's words.
  const paging = pageInfo(page, perPage, total);
  return { items, page: paging.page, per_page: paging.perPage, total: paging.total, page_count: paging.pageCount };
}
