/**
 * The OpenAPI 3.1 document of API version 1, served at /api/v1/openapi.json: everything a developer
 * needs to build on the API. tests/e2e/api.spec.ts validates the document against the OpenAPI 3.1
 * schema and every endpoint's answers against it, so it cannot drift from what the API does.
 */
import { API_BASE, API_LIMITS } from "./contract";
import { REVEAL_PARAMETER } from "../shield/knowledge";
import { apiHeaders, apiParameters, apiResponses } from "./components";
import { endpoint, ref, success } from "./document-parts";
import { apiSchemas } from "./schemas";

/** The document, with the site's origin as its server. */
export function apiDocument(origin: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Reading companion API",
      version: "1.0.0",
      summary:
        "The story's units, characters, releases, translation notes and readers' discussions, read-only and spoiler-safe.",
      description: `A public read-only API over the same content as the site. Every endpoint answers GET (and HEAD) with JSON the same for everyone who asks the same URL.

**Spoilers.** Everything that could spoil the story is left out unless the request says what its reader has seen with \`${REVEAL_PARAMETER}\`, and then only what that reveals is included. Nothing left out leaves a trace: counts, totals, pages and order depend only on what the reader may see, and an item the reader may not see answers as one that does not exist.

**Stability.** Version 1 keeps its fields and meanings: fields may be added, never removed or renamed. A change that could break a client becomes version 2 beside it.

**Caching.** Answers carry an \`ETag\`; send it back in \`If-None-Match\` and an unchanged answer is a 304 without a body. They may be cached (\`Cache-Control\`).

**Limits.** Each client (IP address; IPv6 by its /64 network) may make ${API_LIMITS.perMinute} requests a minute and ${API_LIMITS.perDay.toLocaleString("en")} a day that the edge cache does not answer, each minute and day counted from the first request after the last one ended. Over a limit: 429 with \`Retry-After\` in seconds. Every answer states the limits in \`RateLimit-Policy\`.

**Errors.** Every error has the same body (\`Error\`): its status, a stable \`code\`, a message for people and, for a bad parameter, the parameter's name. An unknown or repeated parameter is a 400, never ignored. Methods other than GET, HEAD and OPTIONS are a 405 with \`Allow\`; an unknown path is a 404.

**CORS.** Any origin may read the answers (\`Access-Control-Allow-Origin: *\`); OPTIONS answers preflights.`,
    },
    servers: [{ url: `${origin}${API_BASE}` }],
    paths: {
      "/series": endpoint(
        "getSeries",
        "The series",
        "Who made the series, its media, its totals and how each medium is grouped. Only names are gated: a title that gives something away (an arc's, a season part's, an OVA's, special's or film's, a manga series') is null, and what a special tells too, unless `reveal` says the requester has seen what reveals it.",
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
        "Where the official English light novels and anime differ from the original: light novel notes, then anime notes, each in story order. Every note quotes the story, so only the notes `reveal` reveals are listed (none without it), counted and paged among themselves.",
        ["reveal", "page", "per_page", "noteMedium", "noteUnit"],
        success(ref("TranslationNotePage"), "One page of notes."),
      ),
      "/releases": endpoint(
        "listReleases",
        "Releases",
        `The release radar: what is coming (soonest first, at most 50) and what came out (newest first, 50 a page), of every medium or one. A light novel volume is released twice, in the series' original language (\`edition: jp\`, named for a Japanese series) and in English (\`en\`); a manga volume is released apart from its chapters and goes by its first chapter's \`key\` with its \`volume\` number, and its English edition again (\`edition: en\`), so a release is told apart by \`key\`, \`edition\` and \`volume\` together. Every release is listed; a title that spoils is null unless \`reveal\` reveals it, and a release without a title of its own carries its label as its title. A release dated by its month, quarter or year is coming until that month, quarter or year is over, and sorts by the earliest it can be; an undated one is not a release.`,
        ["reveal", "page", "releaseMedium"],
        success(ref("Releases"), "What is coming and one page of what came out."),
      ),
      "/discussions/{unit}": endpoint(
        "getDiscussion",
        "A unit's discussion",
        "One page of the readers' thread about a unit: its comments in the order posted (50 a page), each with its replies. The count and the pages are the same for everyone. The comments are null unless `reveal` reveals the unit; each comment's and reply's content (its writer, text, time, stamp and replies) is null unless `reveal` reveals its horizon, which is always given.",
        ["discussionUnit", "reveal", "page"],
        success(ref("DiscussionThread"), "One page of the thread."),
        true,
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
    components: { parameters: apiParameters, headers: apiHeaders, responses: apiResponses, schemas: apiSchemas },
  };
}
