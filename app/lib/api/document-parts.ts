/** Pieces of the API's OpenAPI document (./api-document.ts): schema shorthands and the answers every endpoint shares. */
import { API_PAGE_SIZE } from "./contract";

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const nullable = (type: string, description?: string) => ({
  type: [type, "null"],
  ...(description ? { description } : {}),
});
export const date = (description: string) => ({ type: ["string", "null"], format: "date", description });
/** A date of the story at the precision the series' sources give it (app/lib/content/dates.ts): a day, a month, a quarter or a year. */
export const storyDate = (description: string, type: string | string[] = ["string", "null"]) => ({
  type,
  pattern: "^\\d{4}(-(\\d{2}(-\\d{2})?|Q[1-4]))?$",
  description: `${description} Written at its precision: \`2016-10-12\`, \`2016-10\` (a month), \`2027-Q2\` (a quarter: April to June) or \`2016\` (a year).`,
});
export const strings = { type: "array", items: { type: "string" } };

export function object(properties: Record<string, unknown>, description?: string) {
  return {
    type: "object",
    ...(description ? { description } : {}),
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  };
}

/** An object, or null where the answer withholds it. */
export function nullableObject(properties: Record<string, unknown>, description?: string) {
  return { ...object(properties, description), type: ["object", "null"] };
}

/** A page of a list: the items and where they stand in the whole. */
export function pageOf(item: string, description: string) {
  return object(
    {
      items: { type: "array", items: ref(item) },
      page: { type: "integer", minimum: 1, description: "The page answered; past the last page, `items` is empty." },
      per_page: { type: "integer", minimum: 1, maximum: API_PAGE_SIZE.most },
      total: {
        type: "integer",
        minimum: 0,
        description: "How many items the whole list has for this request's knowledge.",
      },
      page_count: { type: "integer", minimum: 1 },
    },
    description,
  );
}

export const errorResponse = (description: string) => ({
  description,
  headers: { "Access-Control-Allow-Origin": { $ref: "#/components/headers/AllowOrigin" } },
  content: { "application/json": { schema: ref("Error") } },
});

export function success(schema: unknown, description: string) {
  return {
    description,
    headers: {
      ETag: { $ref: "#/components/headers/ETag" },
      "Cache-Control": { $ref: "#/components/headers/CacheControl" },
      "Access-Control-Allow-Origin": { $ref: "#/components/headers/AllowOrigin" },
      "RateLimit-Policy": { $ref: "#/components/headers/RateLimitPolicy" },
    },
    content: { "application/json": { schema } },
  };
}

/** The answers every data endpoint can give besides its 200. */
export const otherAnswers = {
  "304": { $ref: "#/components/responses/NotModified" },
  "400": { $ref: "#/components/responses/BadRequest" },
  "429": { $ref: "#/components/responses/TooManyRequests" },
  "503": { $ref: "#/components/responses/Unavailable" },
};

export function endpoint(
  operationId: string,
  summary: string,
  description: string,
  parameters: string[],
  answer: unknown,
  notFound = false,
) {
  return {
    get: {
      operationId,
      summary,
      description,
      parameters: parameters.map((name) => ({ $ref: `#/components/parameters/${name}` })),
      responses: {
        "200": answer,
        ...otherAnswers,
        ...(notFound ? { "404": { $ref: "#/components/responses/NotFound" } } : {}),
        default: { $ref: "#/components/responses/OtherError" },
      },
    },
  };
}
