import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, parsePack, resolvePack } from "../index";

/*
 * Break Time shorts, checked on the tiny pack (its short bt:1-1 accompanies anime:1-1, its title flagged):
 * a short announced by its number before its title, and what the check refuses of one.
 */

type Short = Record<string, unknown>;

function resolveShorts(change: (shorts: Short[]) => void) {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    if (file === "anime.json") change(json.breakTime);
    return { json };
  });
  if (!parsed.pack) return { rows: null, problems: parsed.problems.map(formatProblem) };
  const { rows, problems } = resolvePack(parsed.pack, "tiny");
  return { rows, problems: problems.map(formatProblem) };
}

describe("a short without a title (announced by its number)", () => {
  const { rows, problems } = resolveShorts((shorts) => {
    delete shorts[0]!.title;
    delete shorts[0]!.titleIsSpoiler;
  });

  it("imports, named by its place alone, and search finds it by its place, for everyone", () => {
    expect(problems).toEqual([]);
    expect(rows!.break_time_episodes).toEqual([
      expect.objectContaining({ key: "bt:1-1", title: null, title_revealed_by: null }),
    ]);
    expect(rows!.story_units.find((unit) => unit.key === "bt:1-1")!.label).toBe("Season 1 · Break Time 1");
    expect(rows!.search_entries.find((entry) => entry.ref === "break_time:bt:1-1")).toMatchObject({
      title: "Season 1 · Break Time 1",
      subtitle: "Season 1 · Break Time 1, airs with episode 1",
      aliases: "Season 1 · Break Time 1, airs with episode 1",
      body: "",
      revealed_by: null,
    });
  });

  it("may not flag a title it does not have", () => {
    expect(resolveShorts((shorts) => delete shorts[0]!.title).problems).toEqual([
      expect.stringContaining("flags a title the short does not have"),
    ]);
  });
});
