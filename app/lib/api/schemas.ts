/** The shapes of the API's answers, as JSON Schema (the `components.schemas` of ./api-document.ts). */
import { apiErrorCodes } from "./contract";
import { media } from "../content/units";
import { namedMedia } from "../content/medium-names";
import { animeSpecialKinds, collectionKinds, mistakeSeverities } from "../vocabulary";
import { date, nullable, nullableObject, object, pageOf, ref, storyDate, strings } from "./document-parts";

/** Where a medium or a translation names a character otherwise, as far as the requester knows. */
const mediumNames = {
  type: "array",
  description:
    "The character's name in a medium (`web_novel`, `light_novels`, `anime`) or one of its translations, where it differs from `name`, in the pack's order: the first of a medium is the one its readers see. A name a medium says only later is left out unless the reader knows it.",
  items: object({
    medium: { type: "string", enum: [...namedMedia] },
    translation: nullable("string", "Which translation of the medium says it, where the medium has several."),
    name: { type: "string" },
  }),
};

/** A unit as a discussion names it. */
const place = (description: string) =>
  object(
    { key: { type: "string" }, label: { type: "string", description: "A short name that never spoils." } },
    description,
  );

/** What a comment or a reply says, and who said it: all of it behind its horizon. */
const post = {
  author: { type: "string", description: "The writer's name as they posted; empty once removed." },
  text: { type: "string", description: "Plain text with line breaks; empty once removed." },
  removed: {
    type: ["string", "null"],
    enum: ["deleted", "hidden", null],
    description: "Why there is no text: its writer deleted it, or a moderator hid it; null while it stands.",
  },
  posted_at: { type: "string", format: "date-time" },
  edited_at: { type: ["string", "null"], format: "date-time" },
  stamp: {
    type: "array",
    items: place("A place the writer had reached."),
    description: "The writer's furthest unit on each line when they posted; empty once removed.",
  },
  writer_knew: {
    type: "string",
    description: "What the writer had seen when they posted, as `reveal` writes it; empty once removed.",
  },
};

const horizon = place("What a reader must have seen to read it: the thread's unit, or one its writer raised it to.");

export const apiSchemas = {
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
      chapters_without_words: {
        type: "integer",
        description: "Chapters whose word count is not known: `words` sums the others.",
      },
      chapters_without_month: { type: "integer", description: "Chapters whose date is not known to the month." },
      volumes_undated: {
        type: "integer",
        description: "Light novel volumes whose date in the original language is not known.",
      },
    }),
    arcs: {
      type: "array",
      items: object({
        number: { type: "integer" },
        title: nullable("string", "Null where the title gives something away the requester has not seen."),
      }),
    },
    light_novel_collections: {
      type: "array",
      items: object({
        code: { type: "string" },
        name: { type: "string" },
        kind: { type: "string", enum: [...collectionKinds] },
      }),
    },
    anime_seasons: {
      type: "array",
      items: object({
        number: { type: "integer" },
        title: { type: "string" },
        runtime: nullable("integer", "How long its episodes usually run, in minutes; null where not known."),
        parts: {
          type: "array",
          description:
            "The parts (cours) it aired in, apart from each other, in order; empty for a season aired in one run. Its episodes keep the season's numbers.",
          items: object({
            number: { type: "integer" },
            title: nullable("string", "Null when it has none, or it would spoil something the reader has not seen."),
            first_episode: {
              type: "integer",
              description: "Its first episode's place in the season, the number in its key (`anime:2-13`).",
            },
            last_episode: { type: "integer", description: "Its last episode's place in the season, likewise." },
            episodes: {
              type: "string",
              description:
                "Its episodes by the numbers the series gives them, as the site names them: `Episodes 13–24`, `Episodes 13.5–24`.",
            },
            aired_from: storyDate("Its first broadcast; null where not known."),
            aired_to: storyDate("Its last broadcast; null where not known."),
          }),
        },
      }),
    },
    anime_specials: {
      type: "array",
      description:
        "The anime's OVAs, specials and films, in the pack's order. Each is watched on its own (`sp:` keys in `reveal`): it stands for no episode.",
      items: object({
        key: { type: "string", examples: ["sp:film-1"] },
        kind: { type: "string", enum: [...animeSpecialKinds] },
        label: { type: "string", description: "A short name that never spoils: `Anime · Film`, `Anime · OVA 2`." },
        title: nullable(
          "string",
          "Null when the title spoils something the reader has not seen, or the special has no title yet (its label names it).",
        ),
        original_title: nullable("string", "Null when there is none or the title is withheld."),
        released_on: storyDate("When it came out (in cinemas, on disc, on air); null where not known."),
        runtime: nullable("integer", "Its length in minutes; null where not known."),
        synopsis: nullable(
          "string",
          "What it tells; null when there is none, or the requester has not seen it or what it adapts.",
        ),
        anime_original: { type: "boolean", description: "Whether it adapts nothing of the web novel or side stories." },
        original_note: nullable(
          "string",
          "An anime-original special's note on what it tells; null for one that adapts something, or when withheld as the synopsis is.",
        ),
        adapts: object({
          chapters: {
            type: "array",
            description: "Web novel chapter ranges, first and last chapter keys.",
            items: object({ from: { type: "string" }, to: { type: "string" } }),
          },
          side_stories: { type: "array", items: { type: "string" }, description: "Side story keys (ss:slug)." },
        }),
        watch_after: nullable("string", "The episode it is watched after, where the pack says."),
        url: { type: "string", format: "uri", description: "Where the site shows it." },
      }),
    },
    manga: {
      type: "array",
      description:
        "The manga's series, in the pack's order, each read on its own (`manga:<series>-<n>` keys in `reveal`, `n` the chapter's place in its series): reading one says nothing of another. Its chapters are units of the medium `manga`.",
      items: object({
        code: { type: "string", examples: ["wick"] },
        label: { type: "string", description: "A short name that never spoils: `Manga 1`." },
        title: nullable("string", "Null when the title spoils something the reader has not seen."),
        original_title: nullable("string", "Null when there is none or the title is withheld."),
        artist: nullable("string", "Who draws it, as the series credits them; null where the pack does not say."),
        publisher: nullable("string", "Who publishes it, and where it runs; null where the pack does not say."),
        volumes: {
          type: "array",
          description: "Its volumes, numbered from 1 in the series.",
          items: object({
            number: { type: "integer" },
            title: nullable(
              "string",
              "Null when it has none, or until `reveal` reaches its first chapter (or asks for `titles`).",
            ),
            released_on: storyDate("When it came out in the original; null where not known."),
            released_en: storyDate(
              "When its English edition came out or comes out; null where it has none (`no_english_edition`) or the date is not known.",
            ),
            no_english_edition: {
              type: "boolean",
              description:
                "True where it has no English edition yet, as the site knows; false where it has one or whether it has one is not known.",
            },
            isbn: nullable("string", "Null where not known."),
            first_chapter: { type: "string", description: "The key of its first chapter.", examples: ["manga:wick-5"] },
            last_chapter: { type: "string", description: "The key of its last chapter.", examples: ["manga:wick-8"] },
          }),
        },
        url: { type: "string", format: "uri", description: "Where the site shows it." },
      }),
    },
    url: { type: "string", format: "uri" },
  }),
  Unit: object(
    {
      key: { type: "string", examples: ["wn:2-14"] },
      medium: ref("Medium"),
      label: { type: "string", description: "A short name that never spoils: `Arc 2 · Chapter 14`." },
      title: nullable(
        "string",
        "Null when the title spoils something the reader has not seen; the label where the unit has no title (a manga chapter; an episode, a Break Time short, an OVA, special or film, or a light novel volume announced by its number).",
      ),
      original_title: nullable(
        "string",
        "The title in the original language; null when there is none or the title is withheld.",
      ),
      released_on: storyDate(
        "When it was first published, released in the original language or aired (an episode: the broadcaster's date, in its time zone); null where it is not known.",
      ),
      part: nullable(
        "integer",
        "The part (cour) of its season an anime episode aired in; null for other units and in a season without parts.",
      ),
      runtime: nullable(
        "integer",
        "An anime episode's length in minutes (its own, else its season's usual), or an OVA's, special's or film's; null where not known or for other units.",
      ),
      aired_time: nullable(
        "string",
        "An anime episode's local broadcast time, HH:MM on `released_on` in `time_zone` (00:30, never 24:30); null where not known.",
      ),
      time_zone: nullable("string", "The broadcaster's IANA time zone for `aired_time` (Asia/Tokyo); null with it."),
      url: { type: "string", format: "uri", description: "Where the site shows it." },
      adapts: nullableObject(
        {
          chapters: {
            type: "array",
            description:
              "The runs of web novel chapters it adapts, in story order, each by its first and last chapter key; the chapters between two runs it passed over.",
            items: object({ from: { type: "string" }, to: { type: "string" } }),
          },
          side_stories: { type: "array", items: { type: "string" }, description: "Side story keys (ss:slug)." },
          anime_original: {
            type: "boolean",
            description: "Whether it adapts nothing of the web novel or side stories (a recap, a filler episode).",
          },
          original_note: nullable(
            "string",
            "An anime-original one's note on what the anime made up; null for one that adapts something, or until the requester has watched it.",
          ),
        },
        "What a season's anime episode, or an OVA, special or film, adapts. Null for every other unit (and a recut's episode, which holds the season's).",
      ),
      volume: nullableObject(
        {
          illustrator: nullable(
            "string",
            "Who illustrated it: the volume's own, else its collection's, else the series'.",
          ),
          editions: {
            type: "array",
            items: object({
              language: {
                type: "string",
                description: "A BCP 47 language tag: `ja`, `en`, `pt-BR`.",
                examples: ["en"],
              },
              publisher: { type: "string" },
              title: nullable(
                "string",
                "Its title in its language; null when there is none, or whenever the volume's own title is withheld.",
              ),
              released_on: storyDate("When this edition came out; null where it is not known."),
              isbn: nullable("string", "Its ISBN, check digit verified."),
            }),
          },
        },
        "A light novel volume's book: who illustrated it and its editions. Null for every other unit.",
      ),
    },
    "A web novel chapter, light novel volume, side story, anime episode, Break Time short, or OVA, special or film.",
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
    name: { type: "string", description: "The name everyone who has met them knows them by." },
    true_name: nullable(
      "string",
      "The character's true name, where the story keeps it secret under the name they are known by (`name`): null unless the reader knows it, and for a character with no other name.",
    ),
    true_name_original: nullable(
      "string",
      "The true name as the original writes it (`original_name` is that of `name`): null unless the reader knows the true name, or where it is not known.",
    ),
    medium_names: mediumNames,
    original_name: nullable("string"),
    aliases: strings,
    affiliations: strings,
    portrait: { ...ref("Portrait"), description: "Null when there is none, or it would spoil." },
    url: { type: "string", format: "uri" },
  }),
  CharacterPage: pageOf("Character", "One page of characters."),
  CharacterProfile: object({
    slug: { type: "string" },
    name: { type: "string", description: "The name everyone who has met them knows them by." },
    true_name: nullable(
      "string",
      "The character's true name, where the story keeps it secret under the name they are known by (`name`): null unless the reader knows it, and for a character with no other name.",
    ),
    true_name_original: nullable(
      "string",
      "The true name as the original writes it (`original_name` is that of `name`): null unless the reader knows the true name, or where it is not known.",
    ),
    medium_names: mediumNames,
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
        title: nullable(
          "string",
          "Null when it spoils, or the unit has no title (a manga chapter without one, an episode or a light novel volume announced by its number).",
        ),
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
        true_name: nullable("string", "The related character's true name, null unless the reader knows it."),
        medium_names: mediumNames,
        kind: { type: "string" },
        description: nullable("string"),
      }),
    },
  }),
  TranslationNote: object({
    id: { type: "string" },
    medium: { type: "string", enum: ["light_novels", "anime"] },
    unit_key: {
      type: "string",
      description:
        "The light novel volume, or the anime episode, OVA, special or film (`sp:<slug>`) or recut episode (`anime:1r1-3`, a line of a scene the recut adds) the line is spoken in.",
    },
    category: { type: "string" },
    severity: { type: "string", enum: [...mistakeSeverities] },
    status: { type: "string" },
    japanese: nullable(
      "string",
      "The line as the original says it, in the series' original language (the field is named for a Japanese series).",
    ),
    official: { type: "string" },
    suggested: { type: "string" },
    explanation: { type: "string" },
    credits: strings,
    added_on: { type: "string", format: "date" },
    updated_on: date("When it last changed."),
    light_novel: {
      type: ["object", "null"],
      additionalProperties: false,
      required: ["chapter", "chapter_label", "chapter_title", "web_novel_chapter", "page", "ebook_position", "edition"],
      properties: {
        chapter: {
          type: "integer",
          description: "The chapter's place in the volume's contents (1 is the first entry, a prologue included).",
        },
        chapter_label: nullable(
          "string",
          'The chapter as the book labels it ("Chapter 6", "Prologue"), where it is known.',
        ),
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
    key: { type: "string", description: "The unit released; for a manga volume, its first chapter." },
    medium: ref("Medium"),
    edition: {
      type: ["string", "null"],
      enum: ["jp", "en", null],
      description:
        "For a light novel volume: released in the series' original language (`jp`, named for a Japanese series) or in English. For a manga volume: `en` for its English edition, null for its original.",
    },
    volume: nullable(
      "integer",
      "For a manga volume (its chapters bound in a book, released apart from them): its number in its series; null for a unit.",
    ),
    label: { type: "string", description: "A short name that never spoils." },
    title: nullable(
      "string",
      "Null when the title spoils something the reader has not seen; the label where the release has no title of its own.",
    ),
    released_on: storyDate("When it came out or comes out.", "string"),
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
  DiscussionReply: object({
    id: { type: "integer" },
    horizon,
    content: nullableObject(post, "Null unless `reveal` reveals the reply's horizon."),
  }),
  DiscussionComment: object({
    id: { type: "integer" },
    horizon,
    content: nullableObject(
      { ...post, replies: { type: "array", items: ref("DiscussionReply"), description: "In the order posted." } },
      "Null unless `reveal` reveals the comment's horizon.",
    ),
  }),
  DiscussionThread: object({
    unit: object({
      key: { type: "string" },
      label: { type: "string", description: "A short name that never spoils." },
      url: { type: "string", format: "uri", description: "Where the site shows the unit." },
    }),
    url: { type: "string", format: "uri", description: "Where the site shows the thread." },
    comment_count: {
      type: "integer",
      minimum: 0,
      description:
        "Comments (not replies) listed in the whole thread: the same for everyone. How many replies a comment has is behind its horizon.",
    },
    page: { type: "integer", minimum: 1, description: "The page answered; past the last page, `comments` is empty." },
    per_page: { type: "integer", minimum: 1 },
    page_count: { type: "integer", minimum: 1 },
    comments: {
      type: ["array", "null"],
      items: ref("DiscussionComment"),
      description: "This page's comments in the order posted; null unless `reveal` reveals the thread's unit.",
    },
  }),
};
