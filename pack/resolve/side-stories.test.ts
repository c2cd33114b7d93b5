import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, parsePack, resolvePack } from "../index";
import { slugGivesAway } from "./side-stories";

/*
 * A side story's slug is in every address, anchor, feed entry and unit key of the story: where the
 * shield hides its title, the slug must not give the title away. Checked on the tiny pack, whose
 * story ss:blog-1 is read after wn:1-2.
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

describe("a side story's slug", () => {
  const story =
    (slug: string, gate: { revealAt?: string } = {}) =>
    (stories: any[]) =>
      stories.push({
        slug,
        kind: "short_story",
        title: "The Keeper's Second Key",
        publishedIn: "Author's blog",
        readAfter: "wn:1-2",
        canon: true,
        ...gate,
      });
  const refusal =
    "side-stories.json › sideStories[2].slug: spells the story's title, which is hidden from readers who have not reached it: choose a slug of other words, such as where it was published (ln-5-melonbooks-bonus, ex-2)";

  it("is refused where it holds the title's words, with the sentence that says why, flagged or not", () => {
    expect(problemsOf(story("keepers-second-key", { revealAt: "wn:2-1" }))).toEqual([refusal]);
    // A title nobody flagged is hidden too from a reader who has not reached the story (decision 39).
    expect(problemsOf(story("keepers-second-key"))).toEqual([refusal]);
    expect(problemsOf(story("second-key"))).toHaveLength(1);
  });

  it("is taken where it says something else", () => {
    expect(problemsOf(story("blog-march", { revealAt: "wn:2-1" }))).toEqual([]);
    expect(problemsOf(story("blog-march"))).toEqual([]);
  });
});

describe("a side story's search entries", () => {
  const parsed = parsePack((file) => ({ json: JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8")) }));
  const entries = resolvePack(parsed.pack!, "tiny").rows.search_entries;

  it("are its titled entry, gated, and its place's, public, named by its label and holding nothing of its title", () => {
    expect(entries.find((entry) => entry.ref === "side_story:blog-1")).toMatchObject({ title: "Lamp Oil" });
    const place = entries.find((entry) => entry.ref === "place:side_story:blog-1");
    expect(place).toMatchObject({
      kind: "side_story",
      // Its label after "Side story", which the result says as its kind; found by the whole of it.
      title: "Author's blog",
      subtitle: "Author's blog",
      path: "/side_stories?story=blog-1#ss-blog-1",
      aliases: "Side story · Author's blog · Author's blog",
      body: "",
      revealed_by: null,
    });
    expect(JSON.stringify(entries.filter((entry) => entry.ref.startsWith("place:side_story:")))).not.toMatch(
      /Lamp Oil|Door Stayed Shut/,
    );
  });
});
