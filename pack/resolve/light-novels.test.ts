import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, parsePack, resolvePack } from "../index";

/*
 * The side stories a light novel volume prints, checked on the tiny pack (its side story ss:blog-1):
 * what reveals the story, and each shape the check refuses, with the sentence it says.
 */

function resolveWith(sideStories: string[]) {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    if (file === "light-novels.json") json.collections[0].volumes[0].sideStories = sideStories;
    return { json };
  });
  if (!parsed.pack) throw new Error(parsed.problems.map(formatProblem).join("\n"));
  const { rows, problems } = resolvePack(parsed.pack, "tiny");
  return { rows, problems: problems.map(formatProblem) };
}

describe("side stories a light novel volume prints", () => {
  it("are read by the volume's readers, and stored with the volume", () => {
    const { rows, problems } = resolveWith(["ss:blog-1"]);
    expect(problems).toEqual([]);
    const volume = rows.ln_volumes[0]!;
    expect(JSON.parse(volume.side_stories)).toEqual(["ss:blog-1"]);
    const story = rows.story_units.find((unit) => unit.key === "ss:blog-1")!;
    expect(story.revealed_by.split(" ")).toContain(volume.key);
    // The story's readers have not read the volume.
    const read = rows.story_units.find((unit) => unit.key === volume.key)!;
    expect(read.revealed_by.split(" ")).not.toContain("ss:blog-1");
  });

  it("refuses a story named twice, a key that is not a side story's and one that does not exist", () => {
    const { problems } = resolveWith(["ss:blog-1", "ss:blog-1", "wn:1-1", "ss:no-such-story"]);
    expect(problems).toEqual([
      "light-novels.json › collections[0].volumes[0].sideStories[1]: names ss:blog-1 twice",
      "light-novels.json › collections[0].volumes[0].sideStories[2]: must point to a side story (ss:…), not wn:1-1",
      "light-novels.json › collections[0].volumes[0].sideStories[3]: points to ss:no-such-story, which does not exist",
    ]);
  });
});
