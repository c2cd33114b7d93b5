import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, parsePack, resolvePack } from "../index";
import { readRevealers, UNREACHED_TITLES } from "../../app/lib/shield/knowledge";

/*
 * The search entries for arcs, seasons, their titled parts and manga series (decision 60), on the demo
 * pack: arc 3 is "Cinder Academy", season 2 "Lanternfall Season 2: Cinder Academy" in two parts (the
 * first untitled, the second "The Second Term", episodes 8 to 13), the manga series "wick" and "tallow".
 */

function resolveDemo(edit: (files: Record<string, any>) => void = () => {}) {
  const files: Record<string, any> = Object.fromEntries(
    ["anime.json", "manga.json", "web-novel.json"].map((file) => [
      file,
      JSON.parse(readFileSync(`content/demo/${file}`, "utf8")),
    ]),
  );
  edit(files);
  const parsed = parsePack((file) => ({
    json: files[file] ?? JSON.parse(readFileSync(`content/demo/${file}`, "utf8")),
  }));
  if (!parsed.pack) throw new Error(parsed.problems.map(formatProblem).join("\n"));
  const { rows, problems } = resolvePack(parsed.pack, "demo");
  expect(problems.map(formatProblem)).toEqual([]);
  return rows;
}

const entry = (rows: ReturnType<typeof resolveDemo>, ref: string) =>
  rows.search_entries.find((candidate) => candidate.ref === ref);

/** What reaches a unit, as the import stored it for the unit. */
const reaching = (rows: ReturnType<typeof resolveDemo>, key: string) =>
  readRevealers(rows.story_units.find((unit) => unit.key === key)!.revealed_by);

describe("search entries for the names of arcs, seasons, parts and manga series", () => {
  const rows = resolveDemo();

  it("names each arc by its place and links to its page, its name public as the web novel page shows it", () => {
    expect(entry(rows, "arc:3")).toMatchObject({
      kind: "arc",
      title: "Cinder Academy",
      subtitle: "Arc 3",
      path: "/web_novel?arc=3",
      body: "",
    });
    expect(entry(rows, "arc:3")!.revealed_by).toBeNull();
    // Placed at its first chapter, for the order of results.
    expect(entry(rows, "arc:3")!.reveal_position).toBe(
      rows.story_units.find((unit) => unit.key === "wn:3-1")!.position,
    );
    expect(rows.search_entries.filter((row) => row.kind === "arc").map((row) => row.subtitle)).toEqual(
      rows.arcs.map((arc) => `Arc ${arc.number}`),
    );
  });

  it("names each season (public, as the anime page shows it), and a part with a title of its own, gated as its first episode's title", () => {
    expect(entry(rows, "season:2")).toMatchObject({
      kind: "season",
      title: "Lanternfall Season 2: Cinder Academy",
      subtitle: "Season 2",
      path: "/anime?season=2",
    });
    expect(entry(rows, "season:2")!.revealed_by).toBeNull();
    // Part 1 has no title: its season's entry finds it.
    expect(entry(rows, "season:2-part-1")).toBeUndefined();
    expect(entry(rows, "season:2-part-2")).toMatchObject({
      kind: "season",
      title: "The Second Term",
      subtitle: "Season 2 · Part 2",
      path: "/anime?season=2#part-2",
    });
    expect(readRevealers(entry(rows, "season:2-part-2")!.revealed_by)).toEqual([
      ...reaching(rows, "anime:2-8"),
      UNREACHED_TITLES,
    ]);
  });

  it("keeps a part's flagged title behind its flag, whatever the reader's choice about titles", () => {
    const flagged = resolveDemo((files) => {
      files["anime.json"].seasons[1].parts[1].titleRevealAt = "anime:2-13";
    });
    const revealedBy = readRevealers(entry(flagged, "season:2-part-2")!.revealed_by);
    expect(revealedBy).toEqual(reaching(flagged, "anime:2-13"));
    expect(revealedBy).not.toContain(UNREACHED_TITLES);
  });

  it("names each manga series by its place, public unless flagged, a flagged title waiting for its first chapter", () => {
    expect(entry(rows, "manga_series:tallow")).toMatchObject({
      kind: "manga_series",
      title: "Lanternfall: The Tallow Market",
      subtitle: "Manga 2",
      path: "/manga?series=tallow",
    });
    expect(entry(rows, "manga_series:tallow")!.revealed_by).toBeNull();
    const flagged = resolveDemo((files) => {
      // A flagged title its code does not spell (the import refuses one it does).
      Object.assign(files["manga.json"].series[1], { title: "Lanternfall: What the Market Hid", titleIsSpoiler: true });
    });
    expect(readRevealers(entry(flagged, "manga_series:tallow")!.revealed_by)).toEqual(
      reaching(flagged, "manga:tallow-1"),
    );
  });

  it("places an arc at its first chapter in reading order, wherever the file lists it", () => {
    const reordered = resolveDemo((files) => {
      files["web-novel.json"].arcs[2].chapters.reverse();
    });
    expect(entry(reordered, "arc:3")!.reveal_position).toBe(
      reordered.story_units.find((unit) => unit.key === "wn:3-1")!.position,
    );
  });
});
