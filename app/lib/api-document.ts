/**
 * The OpenAPI 3.1 document of API version 1, served at /api/v1/openapi.json: everything a developer
 * needs to build on the API. tests/e2e/api.spec.ts validates the document against the OpenAPI 3.1
 * schema and every endpoint's answers against it, so it cannot drift from what the API does.
 */
import { API_BASE, API_LIMITS, API_PAGE_SIZE, API_RATE_LIMIT_POLICY, apiErrorCodes } from "./api";
import { media, slugPattern, unitKeyPattern } from "./content/units";
import { MAX_REVEAL_LENGTH, REVEAL_PARAMETER } from "./knowledge";
import { collectionKinds, mistakeSeverities } from "./vocabulary";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string, description?: string) => ({
  type: [type, "null"],
  ...(description ? { description } : {}),
});
const date = (description: string) => ({ type: ["string", "null"], format: "date", description });
const strings = { type: "array", items: { type: "string" } };

function object(properties: Record<string, unknown>, description?: string) {
  return {
    type: "object",
    ...(description ? { description } : {}),
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  };
}

/** A page of a list: the items and where they stand in the whole. */
function pageOf(item: string, description: string) {
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

const errorResponse = (description: string) => ({
  description,
  headers: { "Access-Control-Allow-Origin": { $ref: "#/components/headers/AllowOrigin" } },
  content: { "application/json": { schema: ref("Error") } },
});

function success(schema: unknown, description: string) {
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
const otherAnswers = {
  "304": { $ref: "#/components/responses/NotModified" },
  "400": { $ref: "#/components/responses/BadRequest" },
  "429": { $ref: "#/components/responses/TooManyRequests" },
  "503": { $ref: "#/components/responses/Unavailable" },
};

function endpoint(
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

const revealDescription = `What the reader has seen, in the site's own encoding, so the answer holds exactly what that reveals. Without it the answer is for a reader who knows nothing: items whose content is gated are left out of lists, and gated titles are null. Unit keys joined by commas, each standing for everything before it in its medium: the last web novel chapter read (\`wn:2-14\`), each light novel collection's last volume (\`ln:main-3\`), the last anime episode watched (\`anime:1-5\`), and side stories (\`ss:festival-night\`) and Break Time shorts (\`bt:1-5\`) one by one; a chapter or volume before the reader's place that they skipped has a leading \`-\` (\`-wn:1-7\`). \`all\` reveals everything. At most ${MAX_REVEAL_LENGTH} characters. Sorting the units gives one cached answer for everyone who has seen the same.`;

/** The document, with the site's origin as its server. */
export function apiDocument(origin: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Reading companion API",
      version: "1.0.0",
      summary: "The story's units, characters, releases and translation notes, read-only and spoiler-safe.",
      description: `A public read-only API over the same content as the site. Every endpoint answers GET (and HEAD) with JSON the same for everyone who asks the same URL.

**Spoilers.** Everything that could spoil the story is left out unless the request says what its reader has seen with \`${REVEAL_PARAMETER}\`, and then only what that reveals is included. Nothing left out leaves a trace: counts, totals, pages and order depend only on what the reader may see, and an item the reader may not see answers as one that does not exist.

**Stability.** Version 1 keeps its fields and meanings: fields may be added, never removed or renamed. A change that could break a client becomes version 2 beside it.

**Caching.** Answers carry an \`ETag\`; send it back in \`If-None-Match\` and an unchanged answer is a 304 without a body. They may be cached (\`Cache-Control\`).

**Limits.** Each client (IP address; IPv6 by its /64 network) may make ${API_LIMITS.perMinute} requests a minute and ${API_LIMITS.perDay.toLocaleString("en")} a day that the edge cache does not answer. Over a limit: 429 with \`Retry-After\` in seconds. Every answer states the limits in \`RateLimit-Policy\`.

**Errors.** Every error has the same body (\`Error\`): its status, a stable \`code\`, a message for people and, for a bad parameter, the parameter's name. An unknown or repeated parameter is a 400, never ignored. Methods other than GET, HEAD and OPTIONS are a 405 with \`Allow\`; an unknown path is a 404.

**CORS.** Any origin may read the answers (\`Access-Control-Allow-Origin: *\`); OPTIONS answers preflights.`,
    },
    servers: [{ url: `${origin}${API_BASE}` }],
    paths: {
      "/series": endpoint(
        "getSeries",
        "The series",
        "Who made the series, its media, its totals and how each medium is grouped. Nothing in it is gated; `reveal` is accepted so a client can send it everywhere.",
        ["reveal"],
        success(ref("Series"), "The series."),
        true,
      ),
      "/units": endpoint(
        "listUnits",
        "Units of the story",
        "Every unit of the story (web novel chapters, light novel volumes, side stories, anime episodes, Break Time shorts), or those of one medium, in story order. Every unit is listed for everyone; a title that spoils is null unless `reveal` reveals it.",
        ["reveal", "page", "per_page", "unitMedium"],
        success(ref("UnitPage"), "One page of units."),
      ),
      "/units/{key}": endpoint(
        "getUnit",
        "One unit",
        "One unit by its key.",
        ["unitKey", "reveal"],
        success(ref("Unit"), "The unit."),
        true,
      ),
      "/characters": endpoint(
        "listCharacters",
        "Characters",
        "The characters the reader has met, by name. A character the reader has not met is not in the list, and the total counts only those met.",
        ["reveal", "page", "per_page"],
        success(ref("CharacterPage"), "One page of characters."),
      ),
      "/characters/{slug}": endpoint(
        "getCharacter",
        "One character",
        "A character's profile with the facts and relationships the reader knows. A character the reader has not met is a 404, the same as a slug that names no one.",
        ["characterSlug", "reveal"],
        success(ref("CharacterProfile"), "The character."),
        true,
      ),
      "/translation-notes": endpoint(
        "listTranslationNotes",
        "Translation notes",
        "Where the official English light novels and anime differ from the Japanese: light novel notes, then anime notes, each in story order. Every note quotes the story, so only the notes `reveal` reveals are listed (none without it), counted and paged among themselves.",
        ["reveal", "page", "per_page", "noteMedium", "noteUnit"],
        success(ref("TranslationNotePage"), "One page of notes."),
      ),
      "/releases": endpoint(
        "listReleases",
        "Releases",
        `The release radar: what is coming (soonest first, at most 50) and what came out (newest first, 50 a page), of every medium or one. A light novel volume is released twice, in Japan (\`edition: jp\`) and in English (\`en\`). Every release is listed; a title that spoils is null unless \`reveal\` reveals it. Undated Break Time shorts and side stories are not releases.`,
        ["reveal", "page", "releaseMedium"],
        success(ref("Releases"), "What is coming and one page of what came out."),
      ),
      "/openapi.json": {
        get: {
          operationId: "getOpenApiDocument",
          summary: "This document",
          responses: {
            "200": success({ type: "object" }, "The OpenAPI 3.1 document."),
            "304": { $ref: "#/components/responses/NotModified" },
            "400": { $ref: "#/components/responses/BadRequest" },
          },
        },
      },
    },
    components: {
      parameters: {
        reveal: {
          name: REVEAL_PARAMETER,
          in: "query",
          required: false,
          description: revealDescription,
          schema: { type: "string", maxLength: MAX_REVEAL_LENGTH },
          example: "ln:main-2,wn:1-12",
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
          description: "Only notes of this medium.",
          schema: { type: "string", enum: ["light_novels", "anime"] },
        },
        noteUnit: {
          name: "unit",
          in: "query",
          required: false,
          description: "Only notes of this light novel volume or anime episode.",
          schema: { type: "string", pattern: unitKeyPattern.source },
          example: "ln:main-1",
        },
        unitKey: {
          name: "key",
          in: "path",
          required: true,
          description: "A unit's key: `wn:2-14`, `ln:main-3`, `ss:festival-night`, `anime:1-5`, `bt:1-5`.",
          schema: { type: "string", pattern: unitKeyPattern.source },
          example: "wn:1-1",
        },
        characterSlug: {
          name: "slug",
          in: "path",
          required: true,
          description: "A character's slug, as `/characters` lists it.",
          schema: { type: "string", pattern: slugPattern.source },
          example: "ilse-marrow",
        },
      },
      headers: {
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
      },
      responses: {
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
      },
      schemas: {
        Error: object({
          error: {
            type: "object",
            additionalProperties: false,
            required: ["status", "code", "message"],
            properties: {
              status: { type: "integer", minimum: 400, maximum: 599, description: "The HTTP status, repeated." },
              code: {
                type: "string",
                enum: [...apiErrorCodes],
                description: "What went wrong. Codes are added, never renamed.",
              },
              message: { type: "string", description: "For people: what went wrong and what to do." },
              parameter: { type: "string", description: "The query parameter at fault, for a 400 about one." },
            },
          },
        }),
        Medium: { type: "string", enum: [...media] },
        Series: object({
          title: { type: "string" },
          original_title: { type: "string" },
          synopsis: { type: "string" },
          author: nullable("string"),
          illustrator: nullable("string"),
          media: strings,
          totals: object({
            arcs: { type: "integer" },
            chapters: { type: "integer" },
            words: { type: "integer" },
            volumes: { type: "integer" },
            side_stories: { type: "integer" },
            episodes: { type: "integer" },
            shorts: { type: "integer", description: "Break Time shorts." },
          }),
          arcs: { type: "array", items: object({ number: { type: "integer" }, title: { type: "string" } }) },
          light_novel_collections: {
            type: "array",
            items: object({
              code: { type: "string" },
              name: { type: "string" },
              kind: { type: "string", enum: [...collectionKinds] },
            }),
          },
          anime_seasons: { type: "array", items: object({ number: { type: "integer" }, title: { type: "string" } }) },
          url: { type: "string", format: "uri" },
        }),
        Unit: object(
          {
            key: { type: "string", examples: ["wn:2-14"] },
            medium: ref("Medium"),
            label: { type: "string", description: "A short name that never spoils: `Arc 2 · Chapter 14`." },
            title: nullable("string", "Null when the title spoils something the reader has not seen."),
            original_title: nullable(
              "string",
              "The title in the original language; null when there is none or the title is withheld.",
            ),
            released_on: date("When it was first published, released in Japan or aired."),
            url: { type: "string", format: "uri", description: "Where the site shows it." },
          },
          "A web novel chapter, light novel volume, side story, anime episode or Break Time short.",
        ),
        UnitPage: pageOf("Unit", "One page of units."),
        Portrait: {
          type: ["object", "null"],
          additionalProperties: false,
          required: ["url", "alt"],
          properties: { url: { type: "string", format: "uri" }, alt: { type: "string" } },
        },
        Character: object({
          slug: { type: "string" },
          name: { type: "string" },
          original_name: nullable("string"),
          aliases: strings,
          affiliations: strings,
          portrait: { ...ref("Portrait"), description: "Null when there is none, or it would spoil." },
          url: { type: "string", format: "uri" },
        }),
        CharacterPage: pageOf("Character", "One page of characters."),
        CharacterProfile: object({
          slug: { type: "string" },
          name: { type: "string" },
          original_name: nullable("string"),
          aliases: strings,
          affiliations: strings,
          portrait: ref("Portrait"),
          url: { type: "string", format: "uri" },
          summary: nullable("string"),
          first_appearances: {
            type: "array",
            items: object({
              key: { type: "string" },
              medium: ref("Medium"),
              label: { type: "string" },
              title: nullable("string", "Null when it spoils."),
            }),
          },
          facts: {
            type: "array",
            description: "Only the facts the reader knows.",
            items: object({ label: { type: "string" }, value: { type: "string" } }),
          },
          relationships: {
            type: "array",
            description: "Only the relationships the reader knows.",
            items: object({
              slug: { type: "string" },
              name: { type: "string" },
              kind: { type: "string" },
              description: nullable("string"),
            }),
          },
        }),
        TranslationNote: object({
          id: { type: "string" },
          medium: { type: "string", enum: ["light_novels", "anime"] },
          unit_key: { type: "string", description: "The volume or episode." },
          category: { type: "string" },
          severity: { type: "string", enum: [...mistakeSeverities] },
          status: { type: "string" },
          japanese: nullable("string"),
          official: { type: "string" },
          suggested: { type: "string" },
          explanation: { type: "string" },
          credits: strings,
          added_on: { type: "string", format: "date" },
          updated_on: date("When it last changed."),
          light_novel: {
            type: ["object", "null"],
            additionalProperties: false,
            required: ["chapter", "chapter_title", "web_novel_chapter", "page", "ebook_position", "edition"],
            properties: {
              chapter: { type: "integer" },
              chapter_title: nullable("string"),
              web_novel_chapter: nullable("string", "The web novel chapter's key."),
              page: nullable("integer"),
              ebook_position: nullable("string"),
              edition: { type: "string" },
            },
          },
          anime: {
            type: ["object", "null"],
            additionalProperties: false,
            required: ["start_seconds", "end_seconds", "platform", "track"],
            properties: {
              start_seconds: { type: "integer" },
              end_seconds: { type: "integer" },
              platform: { type: "string" },
              track: { type: "string" },
            },
          },
          url: { type: "string", format: "uri" },
        }),
        TranslationNotePage: pageOf("TranslationNote", "One page of notes."),
        Release: object({
          key: { type: "string", description: "The unit released." },
          medium: ref("Medium"),
          edition: {
            type: ["string", "null"],
            enum: ["jp", "en", null],
            description: "For a light novel volume: released in Japan or in English.",
          },
          label: { type: "string", description: "A short name that never spoils." },
          title: nullable("string", "Null when the title spoils something the reader has not seen."),
          released_on: { type: "string", format: "date" },
          url: { type: "string", format: "uri" },
        }),
        ReleasePage: pageOf("Release", "One page of releases out, newest first."),
        Releases: object({
          upcoming: {
            type: "array",
            items: ref("Release"),
            description: "Announced releases after today (UTC), soonest first.",
          },
          recent: ref("ReleasePage"),
        }),
      },
    },
  };
}
