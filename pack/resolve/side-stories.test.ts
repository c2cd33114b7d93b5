import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, parsePack, resolvePack } from "../index";
import { slugGivesAway } from "./side-stories";

/*
 * A side story's slug is in every address, anchor, feed entry and unit key of the story: where the
 * shield hides its title, the slug must not give the title away. Checked on the tiny pack, whose
 * story ss:lamp-oil is read after wn:1-2.
 */

function problemsOf(change: (stories: any[]) => void) {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    if (file === "side-stories.json") change(json.sideStories);
    return { json };
  });
  if (!parsed.pack) return parsed.problems.map(formatProblem);
  return resolvePack(parsed.pack, "tiny").problems.map(formatProblem);
}

describe("slugGivesAway", () => {
  it.each([
    ["the-headmistress-takes-her-tea-black", "The Headmistress Takes Her Tea Black"],
    ["headmistress-takes-her-tea-black", "The Headmistress Takes Her Tea Black"],
    ["headmistress-tea", "The Headmistress Takes Her Tea Black"],
    ["black-tea-time", "The Black Tea of the Headmistress"],
    ["corvins-ledger", "Page One of Corvin's Ledger"],
    // A possessive's s dropped, accents as a slug drops them.
    ["corvin-ledger", "Page One of Corvin's Ledger"],
    ["renee-betrays-eloise", "Renée Betrays Éloise"],
    ["cafe-fire", "The Café Fire"],
    ["soren-falls", "Søren Falls"],
    ["aegir-waits", "Ægir Waits"],
  ])("%s gives away “%s”", (slug, title) => {
    expect(slugGivesAway(slug, title)).toBe(true);
  });

  it.each([
    ["staff-room-afternoon", "The Headmistress Takes Her Tea Black"],
    ["if-the-longest-watch", "IF: The Ash Warden Keeps Watch"],
    ["the-first-ledger-page", "Page One of Corvin's Ledger"],
    ["ssc-2-story-2", "The Headmistress Takes Her Tea Black"],
  ])("%s keeps “%s” to itself", (slug, title) => {
    expect(slugGivesAway(slug, title)).toBe(false);
  });
});

describe("a gated side story's slug", () => {
  const gated = (slug: string) => (stories: any[]) =>
    stories.push({
      slug,
      kind: "short_story",
      title: "The Keeper's Second Key",
      publishedIn: "Author's blog",
      readAfter: "wn:1-2",
      canon: true,
      revealAt: "wn:2-1",
    });

  it("is refused where it holds the title's words, with the sentence that says why", () => {
    expect(problemsOf(gated("keepers-second-key"))).toEqual([
      "side-stories.json › sideStories[2].slug: spells the story's title, which is gated: choose a slug of other words, one that does not give it away",
    ]);
    expect(problemsOf(gated("second-key"))).toHaveLength(1);
  });

  it("is taken where it says something else, and a title nobody hides may be its own slug", () => {
    expect(problemsOf(gated("blog-march"))).toEqual([]);
    expect(
      problemsOf((stories) => stories.push({ ...stories[0], slug: "lamp-oil-again", title: "Lamp Oil Again" })),
    ).toEqual([]);
  });
});
