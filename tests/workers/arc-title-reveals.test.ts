/**
 * An arc whose title gives something away (web-novel.json `titleRevealAt`), over the tiny pack with arc 2
 * named after Oren Vale, whom a reader first meets at its first chapter (wn:2-1), which the anime's
 * episode 2 adapts, and revealed there.
 * Until a reader knows that point the arc is "Arc 2" on every page, answer and list, its original title
 * with it; a reader of wn:2-1 or a viewer of episode 2 sees it.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeKnowledge, knowledgeOfUnits, noKnowledge } from "~/lib/shield/knowledge";
import { getTimeline } from "~/models/timeline.server";
import { searchSite } from "~/models/search.server";
import { importTestPack, resolveTestPack } from "../support/packs";
import { fetchDeployed } from "../support/site";

const TITLE = "The Hall of Oren Vale";
const ORIGINAL = "オレン・ヴェイルの間";

beforeAll(async () => {
  await importTestPack("tiny", {
    edit: (files) => {
      const arc = files["web-novel.json"].arcs[1];
      Object.assign(arc, { title: TITLE, originalTitle: ORIGINAL, titleRevealAt: "wn:2-1" });
    },
  });
});
afterAll(() => importTestPack("tiny"));

const reveal = (units: string[]) => encodeURIComponent(encodeKnowledge(knowledgeOfUnits(units)));
const text = async (path: string) => (await fetchDeployed(path)).text();

describe("an arc's gated title", () => {
  it("is left out of the web novel page, its data, the anime page, the API and the 404's arcs for a reader short of it", async () => {
    for (const path of [
      "/web_novel?arc=2",
      "/web_novel",
      `/web_novel?arc=2&reveal=${reveal(["wn:1-3"])}`,
      "/web_novel.data?arc=2",
      "/anime",
      "/api/v1/series",
      "/web_novel?arc=9",
    ]) {
      const body = await text(path);
      expect([path, body.includes(TITLE), body.includes(ORIGINAL)]).toEqual([path, false, false]);
    }
    const page = (await text("/web_novel?arc=2")).replaceAll("<!-- -->", "");
    expect(page).toMatch(/id="arc-title"[^>]*>Arc 2: <span[^>]*>title hidden<\/span><\/h2>/);
    expect(page.match(/<title>[^<]*<\/title>/)?.[0]).toMatch(/^<title>Web novel · Arc 2\b/);
    const api = JSON.parse(await text("/api/v1/series")) as { arcs: { number: number; title: string | null }[] };
    expect(api.arcs).toEqual([
      { number: 1, title: "The Door" },
      { number: 2, title: null },
    ]);
  });

  it("is shown to a reader of the chapter that reveals it and to a viewer of the episode that adapts it", async () => {
    for (const units of [["wn:2-1"], ["anime:1-2"]]) {
      const page = await text(`/web_novel?arc=2&reveal=${reveal(units)}`);
      expect([units, page.includes(TITLE), page.includes(ORIGINAL)]).toEqual([units, true, true]);
      const anime = await text(`/anime?reveal=${reveal(units)}`);
      expect([units, anime.includes(TITLE)]).toEqual([units, true]);
      const api = JSON.parse(await text(`/api/v1/series?reveal=${reveal(units)}`)) as { arcs: { title: string }[] };
      expect([units, api.arcs[1]?.title]).toEqual([units, TITLE]);
    }
    // A page's title and link previews are what everyone may see, whatever the request says it knows.
    const page = await text(`/web_novel?arc=2&reveal=${reveal(["wn:2-1"])}`);
    expect(page.match(/<title>[^<]*<\/title>/)?.[0]).not.toContain(TITLE);
  });

  it("names the arc by its number in the tracker's groups, and is found by search only by a reader who knows it", async () => {
    const { units } = await getTimeline(env.DB);
    expect(new Set(units.filter((unit) => unit.medium === "web_novel").map((unit) => unit.group))).toEqual(
      new Set(["Arc 1: The Door", "Arc 2"]),
    );
    const search = (knowledge = noKnowledge) =>
      searchSite(env.DB, "hall oren", knowledge, { kind: "arc", limit: 10, offset: 0 });
    const unknowing = await search();
    expect(JSON.stringify(unknowing)).not.toContain(TITLE);
    const short = await search(knowledgeOfUnits(["wn:1-3"]));
    expect(short.results.every((result) => result.content === null)).toBe(true);
    const knowing = await search(knowledgeOfUnits(["wn:2-1"]));
    expect(knowing.results.map((result) => result.content?.title)).toEqual([TITLE]);
  });

  it("lets the content check judge the title's names from where it is revealed", () => {
    const problems = (titleRevealAt?: string) =>
      resolveTestPack("tiny", {
        edit: (files) => Object.assign(files["web-novel.json"].arcs[1], { title: TITLE, titleRevealAt }),
      }).problems.map((problem) => `${problem.path}: ${problem.message}`);
    // Named to every reader, it names Oren Vale before they meet him; revealed where they do, it does not.
    expect(problems().filter((problem) => problem.startsWith("arcs[1].title"))).toEqual([
      expect.stringContaining("Oren Vale"),
    ]);
    expect(problems("wn:2-1")).toEqual([]);
    expect(problems("wn:9-1")).toEqual([expect.stringMatching(/^arcs\[1\]\.titleRevealAt: /)]);
  });
});
