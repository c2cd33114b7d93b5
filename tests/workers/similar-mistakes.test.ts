/**
 * The report forms' "already reported?" suggestions (`/resources/similar-mistakes`) through the whole
 * site in workerd: any word a reader types, on either side, answers with suggestions, never a 5xx.
 * D1 refuses a LIKE pattern over 50 bytes, which 17 Japanese characters used to reach on the anime side.
 */
import fc from "fast-check";
import { entryHandle, volumeSlugFromKey } from "~/lib/mistakes/rules";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_QUERY_LENGTH } from "~/lib/http/addresses";
import { knows, noKnowledge, parseKnowledge } from "~/lib/shield/knowledge";
import { cleanQuery } from "~/lib/search/query";
import { entriesIn, storedMistakes, unknownTextsIn, wronglyShownOrSealed } from "../support/mistakes";
import { RUNS } from "../support/arbitraries";
import { visitor } from "../support/readers";

type Suggestions = {
  entries: Array<{
    id: string;
    revealedBy: readonly string[] | null;
    content: { official: string; suggested: string } | null;
  }>;
};

const query = (kind: "ln" | "anime", q: string, unit = "") => new URLSearchParams({ kind, unit, q }).toString();

function similar(kind: "ln" | "anime", q: string, unit = "", reveal?: string) {
  return visitor.fetch(`/resources/similar-mistakes?${query(kind, q, unit)}${reveal ? `&reveal=${reveal}` : ""}`);
}

const longLine = "灯籠の落ちる夜に約束した言葉をまだ覚えているかどうか分からない";

beforeAll(async () => {
  // An anime and a light novel entry whose official text is one long Japanese word.
  const episode = await env.DB.prepare(
    `SELECT e.key, u.position FROM anime_episodes e JOIN story_units u ON u.key = e.key LIMIT 1`,
  ).first<{ key: string; position: number }>();
  const volume = await env.DB.prepare(
    `SELECT v.key, u.position FROM ln_volumes v JOIN story_units u ON u.key = v.key LIMIT 1`,
  ).first<{ key: string; position: number }>();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO anime_mistakes (id, episode_key, start_seconds, end_seconds, platform, track, official, suggested, explanation, category, severity, status, reveal_position, added_on)
       VALUES ('long-anime-line', ?1, 10, 15, 'Netflix', 'subtitles', ?2, 'A suggested long line', 'One long word', 'typo', 'minor', 'confirmed', ?3, '2026-01-01')`,
    ).bind(episode!.key, longLine, episode!.position),
    env.DB.prepare(
      `INSERT INTO ln_mistakes (id, volume_key, chapter, edition, japanese, official, suggested, explanation, category, severity, status, reveal_position, added_on)
       VALUES ('long-ln-line', ?1, 1, 'First', '', ?2, 'A suggested long line', 'One long word', 'typo', 'minor', 'confirmed', ?3, '2026-01-01')`,
    ).bind(volume!.key, longLine, volume!.position),
  ]);
});

describe("similar entries for long words", () => {
  it("finds an entry by a Japanese word far over the pattern limit, on both sides", async () => {
    for (const kind of ["anime", "ln"] as const) {
      // 17 characters (51 bytes) and the whole 31-character line.
      for (const word of [longLine.slice(0, 17), longLine]) {
        // Revealed by nothing a reader can consume (no revealed_by): seen with the shield off.
        const response = await similar(kind, word, "", "all");
        expect(response.status, `${kind}: ${word}`).toBe(200);
        const { entries } = await response.json<Suggestions>();
        expect(
          entries.map((entry) => entry.id),
          `${kind}: ${word}`,
        ).toContain(entryHandle(kind === "anime" ? "long-anime-line" : "long-ln-line"));
      }
    }
  });

  it("finds a light novel entry by a Japanese word inside its line, as the anime's are found", async () => {
    // 扉は二度叩け is the tiny pack's first entry's Japanese: one run of letters to the index.
    const response = await similar("ln", "二度叩け", "", "all");
    expect((await response.json<Suggestions>()).entries.map((entry) => entry.id)).toContain(
      entryHandle("main-1-knock-twice"),
    );
    // Several words, one in Japanese; a line's letter alone (a particle) finds nothing by itself.
    const several = await similar("ln", "knock 叩け door", "", "all");
    expect(several.status).toBe(200);
    expect((await several.json<Suggestions>()).entries.map((entry) => entry.id)).toContain(
      entryHandle("main-1-knock-twice"),
    );
    for (const words of ["は", "扉"]) {
      const none = await similar("ln", words, "", "all");
      expect((await none.json<Suggestions>()).entries, words).toEqual([]);
    }
  });

  it("answers words of any script and length on both sides, never 5xx (fast-check)", async () => {
    const word = fc.oneof(
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }),
      fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
      fc
        .tuple(fc.constantFrom("a", "é", "漢", "😀", "\u0301", "ﬃ", "İ", "%", "_"), fc.integer({ min: 1, max: 100 }))
        .map(([unit, times]) => unit.repeat(times)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("ln" as const, "anime" as const),
        fc.array(word, { minLength: 1, maxLength: 8 }),
        fc.string({ maxLength: 50 }),
        async (kind, words, unit) => {
          // The form sends what the server reads (cleanQuery); an address longer than the site takes is a 414.
          for (const typed of [cleanQuery(words.join(" ")), words.join(" ")]) {
            const response = await similar(kind, typed, unit);
            if (query(kind, typed, unit).length > MAX_QUERY_LENGTH) {
              expect(response.status).toBe(414);
              continue;
            }
            expect(response.status).toBe(200);
            expect(Array.isArray((await response.json<Suggestions>()).entries)).toBe(true);
          }
        },
      ),
      { numRuns: RUNS.normal },
    );
  });
});

describe("what counts as a similar entry", () => {
  // Lines of two volumes: some share only common words with what is typed, or one word of several.
  const lines = [
    ["alike-night", "ln:main-1", "In this city, the night is long."],
    ["alike-alleys", "ln:main-1", "Get out of the unlit alleys before night falls."],
    ["alike-first-volume", "ln:main-1", "The Lady of Moths smiled once, long ago."],
    ["alike-lady-only", "ln:main-2", "I never lie. I am a lady, after all."],
    ["alike-same-line", "ln:main-2", "In Lowwick, the Lady of Moths smiled at her."],
    ["alike-oh-you", "ln:main-2", "Oh, you again."],
  ] as const;
  const animeLines = [
    ["alike-anime-name", "The name of the thing is the thing."],
    ["alike-anime-moths", "The Lady of Moths smiled."],
  ] as const;

  beforeAll(async () => {
    const episode = await env.DB.prepare(
      `SELECT e.key, u.position FROM anime_episodes e JOIN story_units u ON u.key = e.key LIMIT 1`,
    ).first<{ key: string; position: number }>();
    await env.DB.batch([
      ...lines.map(([id, volume, official]) =>
        env.DB.prepare(
          `INSERT INTO ln_mistakes (id, volume_key, chapter, edition, japanese, official, suggested, explanation, category, severity, status, reveal_position, added_on)
           VALUES (?1, ?2, 1, 'First', '', ?3, 'x', 'x', 'typo', 'minor', 'confirmed', 0, '2026-01-01')`,
        ).bind(id, volume, official),
      ),
      ...animeLines.map(([id, official]) =>
        env.DB.prepare(
          `INSERT INTO anime_mistakes (id, episode_key, start_seconds, end_seconds, platform, track, official, suggested, explanation, category, severity, status, reveal_position, added_on)
           VALUES (?1, ?2, 10, 15, 'Netflix', 'subtitles', ?3, 'x', 'x', 'typo', 'minor', 'confirmed', ?4, '2026-01-01')`,
        ).bind(id, episode!.key, official, episode!.position),
      ),
    ]);
  });

  afterAll(async () => {
    await env.DB.batch([
      env.DB.prepare(`DELETE FROM ln_mistakes WHERE id LIKE 'alike-%'`),
      env.DB.prepare(`DELETE FROM anime_mistakes WHERE id LIKE 'alike-%'`),
    ]);
  });

  const ids = async (kind: "ln" | "anime", q: string, unit = "") =>
    (await (await similar(kind, q, unit, "all")).json<Suggestions>()).entries.map((entry) => entry.id);

  it("needs half the words that say something, not only words such as 'the' and 'of', the chosen volume first", async () => {
    expect(await ids("ln", "The Lady of Moths smiled", "ln:main-2")).toEqual([
      entryHandle("alike-same-line"),
      entryHandle("alike-first-volume"),
    ]);
    expect(await ids("ln", "The Lady of Moths smiled", "ln:main-1")).toEqual([
      entryHandle("alike-first-volume"),
      entryHandle("alike-same-line"),
    ]);
    expect(await ids("anime", "The Lady of Moths smiled")).toEqual([entryHandle("alike-anime-moths")]);
    // Nothing that shares only common words, or one of three words.
    expect(await ids("ln", "The Lady of the Lake waved", "ln:main-2")).toEqual([]);
    expect(await ids("ln", "Out of the city")).toEqual([entryHandle("alike-night")]);
    expect(await ids("anime", "The thing of the moths, the name")).toEqual([entryHandle("alike-anime-name")]);
  });

  it("finds a line of common words only by every one of them", async () => {
    // The tiny pack's own "Oh, you." and this one.
    expect((await ids("ln", "Oh, you.")).sort()).toEqual(
      [entryHandle("alike-oh-you"), entryHandle("main-2-lamp-softened")].sort(),
    );
    expect(await ids("ln", "Oh, it is you")).toEqual([]);
  });
});

describe("where a similar entry links", () => {
  it("opens a light novel entry on the page of its volume that lists it, past the first 50 too", async () => {
    const volume = await env.DB.prepare(`SELECT key FROM ln_volumes LIMIT 1`).first<{ key: string }>();
    const ids = Array.from({ length: 60 }, (_, index) => `paged-${String(index).padStart(2, "0")}`);
    // Four of them hold both words asked, so they are the ones suggested.
    const suggested = ["paged-00", "paged-49", "paged-50", "paged-59"];
    await env.DB.batch(
      ids.map((id) =>
        env.DB.prepare(
          `INSERT INTO ln_mistakes (id, volume_key, chapter, edition, japanese, official, suggested, explanation, category, severity, status, reveal_position, added_on)
           VALUES (?1, ?2, 0, 'First', '', ?3, 'x', 'x', 'typo', 'minor', 'confirmed', 0, '2026-01-01')`,
        ).bind(id, volume!.key, suggested.includes(id) ? "quillwort fenwick" : "quillwort marsh"),
      ),
    );
    try {
      const { entries } = await (
        await similar("ln", "quillwort fenwick", "", "all")
      ).json<{ entries: Array<{ id: string; path: string }> }>();
      const volumePage = `/translation_meta/ln_mistls/${volumeSlugFromKey(volume!.key)}`;
      // Chapter 0 comes before every other entry of the volume: the first 50 are on its first page.
      expect(entries.slice(0, 4).map((entry) => entry.path)).toEqual([
        `${volumePage}#entry-${entryHandle("paged-00")}`,
        `${volumePage}#entry-${entryHandle("paged-49")}`,
        `${volumePage}?page=2#entry-${entryHandle("paged-50")}`,
        `${volumePage}?page=2#entry-${entryHandle("paged-59")}`,
      ]);
    } finally {
      await env.DB.prepare(`DELETE FROM ln_mistakes WHERE id LIKE 'paged-%'`).run();
    }
  });

  it("opens an anime entry on its season's page", async () => {
    const { entries } = await (
      await similar("anime", longLine, "", "all")
    ).json<{ entries: Array<{ id: string; path: string }> }>();
    const entry = entries.find((each) => each.id === entryHandle("long-anime-line"));
    expect(entry?.path).toMatch(
      new RegExp(`^/translation_meta/anime_mistls\\?season=\\d+#entry-${entryHandle("long-anime-line")}$`),
    );
  });
});

describe("similar entries behind the spoiler shield", () => {
  // Lines like every entry of the tiny pack, on each side: an entry is like a line only when it holds
  // enough of its words.
  const asked = [
    ["ln", "Knock on the door"],
    ["ln", "Hinge Guard"],
    ["ln", "Oh, you."],
    ["anime", "Let's eat"],
    ["anime", "I never lied"],
  ] as const;

  it("without a reveal parameter, leave out every entry the requester does not know, without a trace, and stay cacheable", async () => {
    const stored = await storedMistakes();
    for (const [kind, words] of asked) {
      const response = await similar(kind, words);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
      const body = await response.text();
      expect(unknownTextsIn(body, stored, noKnowledge), kind).toEqual([]);
      const { entries } = JSON.parse(body) as Suggestions;
      expect(
        entries.filter((entry) => !knows(noKnowledge, entry.revealedBy)),
        kind,
      ).toEqual([]);
    }
    // Every entry of the tiny pack is gated: words that match them all answer as words that match nothing.
    for (const [kind, words] of asked) {
      expect((await (await similar(kind, words, "", "all")).json<Suggestions>()).entries.length, kind).toBeGreaterThan(
        0,
      );
      const [gatedOnly, nothing] = await Promise.all([similar(kind, words), similar(kind, "qqzzxv wwjjkk")]);
      expect({ status: gatedOnly.status, body: await gatedOnly.text() }, kind).toEqual({
        status: nothing.status,
        body: await nothing.text(),
      });
    }
  });

  it("lists the entries a requester knows in the same order whatever gated entries also match", async () => {
    const before = await (await similar("ln", "door knock guard", "", "wn:1-2")).text();
    expect((JSON.parse(before) as Suggestions).entries.map((entry) => entry.id)).toContain(
      entryHandle("main-1-knock-twice"),
    );
    const volume = await env.DB.prepare(`SELECT key FROM ln_volumes LIMIT 1`).first<{ key: string }>();
    await env.DB.batch(
      Array.from({ length: 30 }, (_, index) =>
        env.DB.prepare(
          `INSERT INTO ln_mistakes (id, volume_key, chapter, edition, japanese, official, suggested, explanation, category, severity, status, reveal_position, revealed_by, added_on)
           VALUES (?1, ?2, 1, 'First', '', ?3, 'x', 'x', 'typo', 'minor', 'confirmed', 1, 'wn:9-9', '2099-01-01')`,
        ).bind(`gated-${index}`, volume!.key, index % 2 ? "door knock door door" : "guard door guard"),
      ),
    );
    try {
      expect(await (await similar("ln", "door knock guard", "", "wn:1-2")).text()).toBe(before);
    } finally {
      await env.DB.prepare(`DELETE FROM ln_mistakes WHERE id LIKE 'gated-%'`).run();
    }
  });

  it.each(["wn:1-2", "anime:1-2", "ln:main-2", "all"])(
    "with reveal=%s, exactly the entries those units reveal come with their text",
    async (reveal) => {
      const stored = await storedMistakes();
      const knowledge = parseKnowledge(reveal)!;
      let shown = 0;
      for (const [kind, words] of asked) {
        const body = await (await similar(kind, words, "", reveal)).text();
        expect(unknownTextsIn(body, stored, knowledge), kind).toEqual([]);
        const data: unknown = JSON.parse(body);
        expect(wronglyShownOrSealed(data, stored, knowledge), kind).toEqual([]);
        shown += [...entriesIn(data).values()].filter(Boolean).length;
      }
      expect(shown).toBeGreaterThan(0);
    },
  );
});
