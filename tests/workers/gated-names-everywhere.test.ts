/**
 * A gated arc title and a flagged season episode's title, over the tiny pack (arc 2 named after Oren Vale,
 * revealed at wn:2-1; anime:1-2 flagged), tried on every response the site serves, with no knowledge
 * stated, with a reader short of them who shows titles of what they have not reached, and with a
 * `reveal` the site cannot read or states twice.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { searchSite } from "~/models/search.server";
import { encodeKnowledge, type Knowledge, knowledgeOfUnits, noKnowledge } from "~/lib/shield/knowledge";
import { importTestPack } from "../support/packs";
import { fetchDeployed } from "../support/site";

vi.setConfig({ testTimeout: 300_000, hookTimeout: 60_000 });

const ARC = "The Hall of Oren Vale";
const ARC_ORIGINAL = "オレン・ヴェイルの間";
const EPISODE = "Oren Vale Keeps the Hall";
const EPISODE_ORIGINAL = "広間の番人オレン";
const SECRETS = [ARC, ARC_ORIGINAL, EPISODE, EPISODE_ORIGINAL];

beforeAll(async () => {
  await importTestPack("tiny", {
    edit: (files) => {
      Object.assign(files["web-novel.json"].arcs[1], {
        title: ARC,
        originalTitle: ARC_ORIGINAL,
        titleRevealAt: "wn:2-1",
      });
      Object.assign(files["anime.json"].seasons[0].episodes[1], {
        title: EPISODE,
        originalTitle: EPISODE_ORIGINAL,
        titleIsSpoiler: true,
      });
      files["characters.json"].characters[1].firstAppearances.anime = "anime:1-2";
    },
  });
});
afterAll(() => importTestPack("tiny"));

const enc = (knowledge: Knowledge) => encodeURIComponent(encodeKnowledge(knowledge));
const short = {
  ...knowledgeOfUnits(["wn:1-3", "anime:1-1", "anime:1r1-1", "ln:main-1"]),
  unreachedTitles: "show" as const,
};

const pages = [
  "/",
  "/web_novel",
  "/web_novel?arc=1",
  "/web_novel?arc=2",
  "/web_novel?arc=3",
  "/web_novel?arc=0",
  "/web_novel?arc=abc",
  "/web_novel?arc=2&arc=1",
  "/light_novels",
  "/side_stories",
  "/anime",
  "/anime?season=1",
  "/anime?season=2",
  "/anime/specials",
  "/break_time",
  "/manga",
  "/characters",
  "/characters/oren-vale",
  "/characters/mira-hale",
  "/discuss",
  "/discuss/wn:2-1",
  "/discuss/wn:2-2",
  "/discuss/wn:2-9",
  "/discuss/anime:1-2",
  "/discuss/anime:1r1-2",
  "/discuss/anime:1-9",
  "/search?q=hall",
  "/search?q=oren",
  "/search?q=hall&kind=arc",
  "/search?q=hall&kind=episode",
  "/search?q=%E3%82%AA%E3%83%AC%E3%83%B3",
  "/search?q=%E5%BA%83%E9%96%93",
  "/releases",
  "/releases/feed.xml",
  "/releases/anime/feed.xml",
  "/releases/web_novel/feed.xml",
  "/releases/calendar.ics",
  "/translation_meta",
  "/translation_meta/ln_mistls",
  "/translation_meta/anime_mistls",
  "/translation_meta/feed.xml",
  "/reading_tracker",
  "/statistics",
  "/statistics/readership",
  "/privacy_policy",
  "/site.webmanifest",
  "/api",
  "/api/v1/openapi.json",
  "/api/v1/series",
  "/api/v1/units",
  "/api/v1/units?medium=web_novel",
  "/api/v1/units?medium=anime",
  "/api/v1/units/wn:2-1",
  "/api/v1/units/anime:1-2",
  "/api/v1/units/anime:1r1-2",
  "/api/v1/characters",
  "/api/v1/characters/oren-vale",
  "/api/v1/releases",
  "/api/v1/translation-notes",
  "/api/v1/discussions/anime:1-2",
  "/api/v1/nothing",
  "/resources/timeline",
  "/resources/similar-mistakes?side=anime&q=hall",
  "/resources/similar-mistakes?side=ln&q=hall",
  "/sitemap.xml",
  "/robots.txt",
  "/nowhere",
  "/web_novel/2",
];
const isResource = (path: string) =>
  /^\/(resources|api)(\/|$)/.test(path) || /\.(xml|ics|txt|json|webmanifest)(\?|$)/.test(path) || path === "/api";

function variants(path: string): string[] {
  const [pathname, search = ""] = path.split("?");
  const join = (extra: string) => `${pathname}?${[search, extra].filter(Boolean).join("&")}`;
  const stated = [
    "",
    `reveal=${enc(short)}`,
    `reveal=${enc({ ...noKnowledge, unreachedTitles: "show" })}`,
    "reveal=%%%",
    "reveal=",
    `reveal=${enc(short)}&reveal=${enc(short)}`,
    "reveal=anime:1-1&reveal=wn:1-3",
  ].map((extra) => (extra ? join(extra) : path));
  const data = isResource(path)
    ? []
    : stated.map((address) => {
        const [p, s] = address.split("?");
        return `${p === "/" ? "/_root" : p}.data${s ? `?${s}` : ""}`;
      });
  return [...stated, ...data];
}

describe("a gated arc title and a flagged episode title", () => {
  it("are in no response to a requester who has not seen them, and nothing fails", async () => {
    const problems: string[] = [];
    let client = 0;
    for (const path of pages)
      for (const address of variants(path)) {
        const headers = new Headers({ "CF-Connecting-IP": `198.51.100.${++client % 250}` });
        const response = await fetchDeployed(address, { headers });
        const body = await response.text();
        if (response.status >= 500) problems.push(`${address}: ${response.status}`);
        for (const secret of SECRETS)
          if (body.includes(secret)) problems.push(`${address} (${response.status}) carries ${secret}`);
      }
    expect(problems).toEqual([]);
  });

  it("are shown to a reader who has seen them, where a title is shown", async () => {
    const missing: string[] = [];
    const knows = (units: string[]) => `reveal=${enc(knowledgeOfUnits(units))}`;
    const expectations: [string, string[], string[]][] = [
      ["/web_novel?arc=2", ["wn:2-1"], [ARC, ARC_ORIGINAL]],
      ["/web_novel", ["wn:2-1"], [ARC]],
      ["/web_novel?arc=1", ["wn:2-1"], [ARC]],
      ["/anime", ["wn:2-1"], [ARC, EPISODE, EPISODE_ORIGINAL]],
      ["/anime", ["anime:1-2"], [ARC, EPISODE, EPISODE_ORIGINAL]],
      ["/search?q=hall%20oren", ["wn:2-1"], [ARC]],
      ["/search?q=keeps", ["anime:1-2"], [EPISODE]],
      ["/api/v1/series", ["wn:2-1"], [ARC]],
      ["/api/v1/units/anime:1-2", ["anime:1-2"], [EPISODE]],
      ["/releases?medium=anime", ["anime:1-2"], [EPISODE]],
      ["/characters/oren-vale", ["anime:1-2"], [EPISODE]],
      ["/break_time", ["anime:1-2"], [EPISODE]],
      ["/resources/timeline", ["anime:1-2"], [EPISODE]],
      ["/api/v1/units?medium=anime", ["anime:1r1-2"], [EPISODE]],
      ["/releases/anime/feed.xml", ["anime:1-2"], [EPISODE]],
      ["/translation_meta/anime_mistls", ["anime:1-2"], [EPISODE]],
    ];
    for (const [path, units, texts] of expectations) {
      const response = await fetchDeployed(`${path}${path.includes("?") ? "&" : "?"}${knows(units)}`);
      const body = await response.text();
      for (const text of texts)
        if (!body.includes(text)) missing.push(`${path} for ${units} lacks ${text} (${response.status})`);
    }
    expect(missing).toEqual([]);
  });

  it("finds no chapter by the gated arc title for a reader who reached the chapter but not the title", async () => {
    // Gated later in its arc, the title is unknown to a reader of wn:2-1 and to one who shows titles
    // of what they have not reached; both may find the arc's chapters, but not by the title's words.
    await importTestPack("tiny", {
      edit: (files) =>
        Object.assign(files["web-novel.json"].arcs[1], {
          title: ARC,
          originalTitle: ARC_ORIGINAL,
          titleRevealAt: "wn:2-2",
        }),
    });
    const found = async (query: string, knowledge: Knowledge) =>
      (await searchSite(env.DB, query, knowledge, { kind: null, limit: 10, offset: 0 })).results.map(
        (result) => result.ref,
      );
    for (const knowledge of [knowledgeOfUnits(["wn:2-1"]), { ...noKnowledge, unreachedTitles: "show" as const }]) {
      expect(await found("hall of oren", knowledge)).toEqual([]);
      expect(await found(ARC_ORIGINAL, knowledge)).toEqual([]);
      // The chapter is still found by its own title.
      expect(await found("corridor", knowledge)).toContain("chapter:wn:2-1");
    }
    // A reader who knows the title finds the arc by it.
    expect(await found("hall of oren", knowledgeOfUnits(["wn:2-2"]))).toContain("arc:2");
  });
});
