import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePack, resolvePack } from "./resolve-pack";

function resolveTiny(change: (characters: any) => void) {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    if (file === "characters.json") change(json);
    return { json };
  });
  if (!parsed.pack) throw new Error("The tiny pack does not parse");
  return resolvePack(parsed.pack, "tiny").problems;
}

describe("relationships", () => {
  it("read from each side's own character: two characters cannot each be the other's mentor", () => {
    const problems = resolveTiny((json) => {
      const [first, second] = json.characters;
      first.relationships = [{ to: second.slug, kind: "mentor", description: "Her teacher." }];
      second.relationships = [{ to: first.slug, kind: "mentor", description: "His teacher." }];
    });
    expect(problems.map((problem) => problem.message)).toEqual(
      expect.arrayContaining([expect.stringContaining("must list"), expect.stringContaining("as student, not mentor")]),
    );
  });

  it("accept a mentor on one side and a student on the other", () => {
    const problems = resolveTiny((json) => {
      const [first, second] = json.characters;
      first.relationships = [{ to: second.slug, kind: "mentor", description: "Her teacher." }];
      second.relationships = [{ to: first.slug, kind: "student", description: "His apprentice." }];
    });
    expect(problems).toEqual([]);
  });
});
