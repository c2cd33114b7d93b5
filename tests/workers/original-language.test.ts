/**
 * A series first written in another language than Japanese (series.json `originalLanguage`): wherever a
 * page's words mean the original, they name its language, never Japan.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { publicPages } from "../support/public-pages";
import { importTestPack } from "../support/packs";
import { fetchSite } from "../support/site";

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };
const decode = (text: string) =>
  text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => entities[name.toLowerCase()] ?? whole);

/** A page's own words, one text per element (no scripts), and its description. */
function wordsOf(html: string) {
  const texts = html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, "\n")
    .replace(/<!--[\s\S]*?-->/g, "")
    .split(/<[^>]+>/)
    .map((text) => decode(text).replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1];
  return [...texts, ...(description ? [decode(description)] : [])];
}

describe("a Korean series", () => {
  let packText = "";
  beforeAll(async () => {
    const rows = await importTestPack("demo", {
      edit: (files) => {
        files["series.json"].originalLanguage = "ko";
        packText = JSON.stringify(files);
      },
    });
    expect(rows.series[0]?.original_language).toBe("ko");
  });
  afterAll(() => importTestPack("tiny"));

  it("is said to be in Korean where a page means the original, and Japan is left to what the pack itself writes", async () => {
    const saidJapan: string[] = [];
    const pages: Record<string, string[]> = {};
    for (const path of publicPages) {
      const words = wordsOf(await (await fetchSite(path)).text());
      pages[path] = words;
      for (const text of words) if (/Japan/.test(text) && !packText.includes(text)) saidJapan.push(`${path}: ${text}`);
    }
    expect(saidJapan).toEqual([]);
    const says = (path: string, text: string) => expect(pages[path]?.join("\n"), path).toContain(text);
    says("/light_novels", "Each collection with its volumes: Korean and English release dates");
    says("/light_novels?collection=ex", "Korean\nJul 2018");
    says("/releases", "light novel volumes in Korean and in English");
    says("/releases", "Light novel, Korean");
    says("/statistics", "Volumes released in Korean each year");
    says("/translation_meta/ln_mistls", "Searches the official text, the suggestions, the Korean and the notes.");
    says("/translation_meta/ln_mistls/main_v1", "differs from the Korean, in reading order.");
    // The anime (often made in Japanese from a Korean series) and what covers both say the original.
    says("/", "Where the official English light novels and anime differ from the original.");
    says("/anime", "and where its subtitles differ from the original.");
    says("/translation_meta", "An entry needs the original, the official English");
    says("/translation_meta/anime_mistls", "Subtitle, dub and caption lines that differ from the original");
  });
});
