/** The parameters, headers and answers the API's endpoints share (the `components` of ./api-document.ts). */
import { API_PAGE_SIZE, API_RATE_LIMIT_POLICY } from "./contract";
import { slugPattern, unitKeyPattern } from "../content/units";
import { MAX_REVEAL_LENGTH, REVEAL_PARAMETER, UNREACHED_TITLES } from "../shield/knowledge";
import { errorResponse, ref } from "./document-parts";

const revealDescription = `What the reader has seen, in the site's own encoding, so the answer holds exactly what that reveals. Without it the answer is for a reader who knows nothing: items whose content is gated are left out of lists, and gated titles are null. Entries joined by commas. A unit's key stands for everything before it in its medium: the last web novel chapter read (\`wn:2-14\`), each light novel collection's last volume (\`ln:main-3\`), the last anime episode watched (\`anime:1-5\`), each manga series' last chapter read (\`manga:wick-7\`); side stories (\`ss:short-stories-2-1\`) and Break Time shorts (\`bt:1-5\`) count one by one. A unit before the reader's place that they skipped has a leading \`-\` (\`-wn:1-7\`, \`-manga:wick-7\`). Consecutive skipped units, or ticked shorts, of one arc, collection or season can be written as a span: the first key and the last number, joined by \`..\` (\`-wn:1-7..12\` for chapters 7 to 12 of arc 1 skipped, \`bt:1-1..9\` for the first nine shorts of season 1). A span ends after it starts; a place and a side story are never spans. The entry \`titles\` shows the titles of units the reader has not reached (without it they are null, as on the site by default), except a title that spoils. \`all\` reveals everything. At most ${MAX_REVEAL_LENGTH} characters. Sorting the entries, and writing consecutive units as spans, gives one cached answer for everyone who has seen the same.`;

/** The form of a reveal (the keys and spans in it are checked by the one reader of it, app/lib/shield/knowledge.ts). */
const revealEntry = `(?:${UNREACHED_TITLES}|-?[a-z]+:[a-z0-9-]+(?:\\.\\.[1-9][0-9]{0,5})?)`;
export const revealPattern = `^(?:all|${revealEntry}(?:,${revealEntry})*)$`;

export const apiParameters = {
  reveal: {
    name: REVEAL_PARAMETER,
    in: "query",
    required: false,
    description: revealDescription,
    schema: { type: "string", maxLength: MAX_REVEAL_LENGTH, pattern: revealPattern },
    example: "-wn:1-7..9,ln:main-2,wn:1-12",
  },
  page: {
    name: "page",
    in: "query",
    required: false,
    description: "The page, from 1.",
    schema: { type: "integer", minimum: 1, maximum: 999999, default: 1 },
  },
  per_page: {
    name: "per_page",
    in: "query",
    required: false,
    description: "Items a page.",
    schema: { type: "integer", minimum: 1, maximum: API_PAGE_SIZE.most, default: API_PAGE_SIZE.default },
  },
  unitMedium: {
    name: "medium",
    in: "query",
    required: false,
    description: "Only units of this medium.",
    schema: ref("Medium"),
  },
  releaseMedium: {
    name: "medium",
    in: "query",
    required: false,
    description: "Only releases of this medium.",
    schema: ref("Medium"),
  },
  noteMedium: {
    name: "medium",
    in: "query",
    required: false,
    description:
      "Only notes of this medium (`anime`: the episodes', the OVAs', specials' and films', and the recut episodes').",
    schema: { type: "string", enum: ["light_novels", "anime"] },
  },
  noteUnit: {
    name: "unit",
    in: "query",
    required: false,
    description:
      "Only notes of this light novel volume, anime episode, recut episode (`anime:1r1-3`), or OVA, special or film (`sp:<slug>`).",
    schema: { type: "string", pattern: unitKeyPattern.source },
    example: "ln:main-1",
  },
  unitKey: {
    name: "key",
    in: "path",
    required: true,
    description: "A unit's key: `wn:2-14`, `ln:main-3`, `ss:short-stories-2-1`, `anime:1-5`, `bt:1-5`.",
    schema: { type: "string", pattern: unitKeyPattern.source },
    example: "wn:1-1",
  },
  discussionUnit: {
    name: "unit",
    in: "path",
    required: true,
    description: "The unit whose thread it is: `wn:2-14`, `ln:main-3`, `ss:short-stories-2-1`, `anime:1-5`, `bt:1-5`.",
    schema: { type: "string", pattern: unitKeyPattern.source },
    example: "anime:1-11",
  },
  characterSlug: {
    name: "slug",
    in: "path",
    required: true,
    description: "A character's slug, as `/characters` lists it.",
    schema: { type: "string", pattern: slugPattern.source },
    example: "ilse-marrow",
  },
};

export const apiHeaders = {
  ETag: {
    description: "A tag of the answer's body; send it in If-None-Match to get a 304 while it is unchanged.",
    schema: { type: "string" },
  },
  CacheControl: { description: "How long the answer may be kept.", schema: { type: "string" } },
  AllowOrigin: { description: "Any origin may read the answer.", schema: { type: "string", const: "*" } },
  RetryAfter: { description: "Seconds to wait before asking again.", schema: { type: "integer", minimum: 1 } },
  RateLimitPolicy: {
    description:
      "The client's limits, as the IETF RateLimit-Policy header writes them: requests (`q`) per window of seconds (`w`).",
    schema: { type: "string", const: API_RATE_LIMIT_POLICY },
  },
};

export const apiResponses = {
  NotModified: {
    description: "The answer is unchanged since the ETag sent in If-None-Match: no body.",
    headers: {
      ETag: { $ref: "#/components/headers/ETag" },
      "Access-Control-Allow-Origin": { $ref: "#/components/headers/AllowOrigin" },
    },
  },
  BadRequest: errorResponse(
    "A parameter the endpoint does not take, one given twice or a value that is not one (`parameter` names it).",
  ),
  NotFound: errorResponse("Nothing is at this address (for a character: no one the reader has met)."),
  MethodNotAllowed: errorResponse("The API is read-only: GET, HEAD and OPTIONS only (see `Allow`)."),
  OtherError: errorResponse(
    "Any other error (an unknown path is a 404, another method a 405 with `Allow`, a failure on our side a 500), in the same body.",
  ),
  TooManyRequests: {
    ...errorResponse("The client is over its limit; `Retry-After` says when to ask again."),
    headers: {
      "Retry-After": { $ref: "#/components/headers/RetryAfter" },
      "RateLimit-Policy": { $ref: "#/components/headers/RateLimitPolicy" },
      "Access-Control-Allow-Origin": { $ref: "#/components/headers/AllowOrigin" },
    },
  },
  Unavailable: {
    ...errorResponse("The story database is not answering; try again shortly."),
    headers: {
      "Retry-After": { $ref: "#/components/headers/RetryAfter" },
      "Access-Control-Allow-Origin": { $ref: "#/components/headers/AllowOrigin" },
    },
  },
};
