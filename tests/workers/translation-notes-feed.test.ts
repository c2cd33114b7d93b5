/**
 * The translation notes' Atom feed, which cannot ask its reader what they have seen: it is sealed for what
 * its address states (`reveal`), and every entry behind the spoiler shield is what is public of it (its
 * volume or episode and when the site posted or changed it), never how it is judged, where it is within
 * its unit, who wrote it or its lines. Over the tiny pack's entries, with their gates moved as a pack or a
 * report can leave them: a revealer the site does not know, a unit far ahead, none at all (public).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as feedLoader } from "~/routes/translation-meta.feed";
import {
  animeTrackLabels,
  entryHandle,
  formatTimestamp,
  mistakeCategoryLabels,
  mistakeSeverityLabels,
  mistakeStatusLabels,
} from "~/lib/mistakes/rules";
import { formatDate } from "~/lib/format";
import { knows, parseKnowledge, readRevealers } from "~/lib/shield/knowledge";
import { load, present } from "../support/workers-context";

interface StoredEntry {
  id: string;
  revealed_by: string | null;
  category: keyof typeof mistakeCategoryLabels;
  severity: keyof typeof mistakeSeverityLabels;
  status: keyof typeof mistakeStatusLabels;
  credits: string;
  japanese: string | null;
  official: string;
  suggested: string;
  explanation: string;
  /** Its volume's or episode's label. */
  unit_label: string;
  /** Its volume, or its episode, as the pages show it to everyone (its label): "Tiny Tale 2", "Season 1 · Episode 2". */
  place: string;
  added_on: string;
  updated_on: string | null;
  /** What says where it is within its volume or episode, and in which edition or on which track. */
  within: string[];
}

async function storedEntries(): Promise<StoredEntry[]> {
  const common = `m.id, m.revealed_by, m.category, m.severity, m.status, m.credits, m.japanese, m.official, m.suggested,
                  m.explanation, m.added_on, m.updated_on, u.label AS unit_label`;
  const [ln, anime] = await env.DB.batch<
    Omit<StoredEntry, "within" | "place"> &
      Record<"chapter" | "chapter_label" | "page" | "ebook_position" | "edition", unknown> &
      Record<"start_seconds" | "end_seconds" | "platform" | "track", unknown>
  >([
    env.DB.prepare(`SELECT ${common}, m.chapter, m.chapter_label, m.page, m.ebook_position, m.edition
                    FROM ln_mistakes m JOIN story_units u ON u.key = m.volume_key`),
    env.DB.prepare(`SELECT ${common}, m.start_seconds, m.end_seconds, m.platform, m.track
                    FROM anime_mistakes m JOIN story_units u ON u.key = m.episode_key`),
  ]);
  return [
    ...ln!.results.map((row) => ({
      ...row,
      place: row.unit_label,
      within: [
        `chapter ${row.chapter}`,
        row.chapter_label,
        row.page === null ? null : `p. ${row.page}`,
        row.ebook_position,
        row.edition,
      ].filter((text): text is string => typeof text === "string"),
    })),
    ...anime!.results.map((row) => ({
      ...row,
      place: row.unit_label,
      within: [
        formatTimestamp(row.start_seconds as number),
        formatTimestamp(row.end_seconds as number),
        String(row.platform),
        animeTrackLabels[row.track as keyof typeof animeTrackLabels],
      ],
    })),
  ];
}

/** Everything of an entry the pages send only with its reveal. */
function whatItIs(entry: StoredEntry) {
  return [
    mistakeCategoryLabels[entry.category],
    mistakeSeverityLabels[entry.severity],
    mistakeStatusLabels[entry.status],
    `term="${entry.category}"`,
    `term="${entry.severity}"`,
    ...(JSON.parse(entry.credits) as string[]),
    ...entry.within,
    entry.japanese,
    entry.official,
    entry.suggested,
    entry.explanation,
    entry.id,
  ].filter((text): text is string => Boolean(text));
}

const unescaped = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The feed's entries by the handle their link ends with, each as its XML and its title. */
async function feedEntries(path = "/translation_meta/feed.xml") {
  const response = await load(feedLoader, path);
  expect(response.status).toBe(200);
  const xml = await response.text();
  return new Map(
    [...xml.matchAll(/<entry>[\s\S]*?<\/entry>/g)].map(([text]) => [
      present(/#entry-([^<"]+)<\/id>/.exec(text), "an entry's id")[1]!,
      { text: unescaped(text), title: unescaped(present(/<title>([^<]*)<\/title>/.exec(text))[1]!) },
    ]),
  );
}

/** What a feed entry may not say of a sealed entry: every fact of it, whatever case it is written in. */
function leaksOf(entry: StoredEntry, text: string) {
  return whatItIs(entry).filter((fact) => text.toLowerCase().includes(fact.toLowerCase()));
}

/** Each entry's gate set as given (by pack id), the others as imported. */
async function gate(revealers: Record<string, string | null>) {
  await env.DB.batch(
    Object.entries(revealers).flatMap(([id, revealedBy]) =>
      ["ln_mistakes", "anime_mistakes"].map((table) =>
        env.DB.prepare(`UPDATE ${table} SET revealed_by = ? WHERE id = ?`).bind(revealedBy, id),
      ),
    ),
  );
}

describe("the translation notes feed", () => {
  let entries: StoredEntry[];
  beforeAll(async () => {
    // The tiny pack's notes, each behind the shield, with a revealer the site does not know, one far
    // ahead of the rest, and one with none it knows of (an empty list: nothing reveals it).
    const last = present(
      await env.DB.prepare(`SELECT key FROM story_units ORDER BY position DESC LIMIT 1`).first<{ key: string }>(),
    ).key;
    await gate({ "main-1-hinge-name": "wn:99-9", "s1e2-the-lie": last, "main-2-lamp-softened": "" });
    entries = await storedEntries();
    expect(entries.every((entry) => entry.revealed_by !== null)).toBe(true);
  });

  /** A sealed entry's title: its place, and the day the site posted it or, where it changed since, changed it. */
  const sealedTitle = (entry: StoredEntry) =>
    `${entry.place}: a note behind the spoiler shield, ${
      entry.updated_on && entry.updated_on !== entry.added_on
        ? `changed ${formatDate(entry.updated_on)}`
        : `added ${formatDate(entry.added_on)}`
    }`;

  it("names a sealed entry by its volume or episode and its date alone, whatever its gate", async () => {
    const feed = await feedEntries();
    expect(feed.size).toBe(entries.length);
    for (const entry of entries) {
      const fed = present(feed.get(entryHandle(entry.id)), entry.id);
      expect(fed.title, entry.id).toBe(sealedTitle(entry));
      expect(leaksOf(entry, fed.text), entry.id).toEqual([]);
    }
    // Two entries of one volume, or of one episode, read apart by their dates.
    expect(new Set([...feed.values()].map((fed) => fed.title)).size).toBe(entries.length);
  });

  it.each(["all", "wn:1-1", "anime:1-1", "wn:2-9,anime:1-1"])(
    "opens to reveal=%s the entries it states, as the pages do, and keeps the others sealed",
    async (reveal) => {
      const knowledge = present(parseKnowledge(reveal));
      const feed = await feedEntries(`/translation_meta/feed.xml?reveal=${encodeURIComponent(reveal)}`);
      expect(feed.size).toBe(entries.length);
      const opened: string[] = [];
      for (const entry of entries) {
        const fed = present(feed.get(entryHandle(entry.id)), entry.id);
        if (knows(knowledge, readRevealers(entry.revealed_by))) {
          opened.push(entry.id);
          expect(fed.title, entry.id).toContain(mistakeCategoryLabels[entry.category]);
          expect(fed.text, entry.id).toContain(entry.official);
        } else {
          expect(fed.title, entry.id).toBe(sealedTitle(entry));
          expect(leaksOf(entry, fed.text), entry.id).toEqual([]);
        }
      }
      expect(opened.length).toBeGreaterThan(0);
      if (reveal !== "all") expect(opened.length).toBeLessThan(entries.length);
    },
  );
});
