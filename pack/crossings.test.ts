import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { crossedReaders } from "../app/lib/progress/crossed-readers";
import { trackerUnitsOf } from "./crossings";
import { formatProblem, parsePack, resolvePack } from "./index";
import { startResolution } from "./resolve/resolution";

/*
 * The demo's anime leaves out wn:2-23 and wn:2-24 (season 1's episode 10 ends at wn:2-22, episode 11
 * starts at wn:2-25), where the story reveals that Hester informs for the Ashen Choir.
 */
/** The demo pack, read afresh (its files' JSON may then be changed). */
const readDemo = () => parsePack((file) => ({ json: JSON.parse(readFileSync(`content/demo/${file}`, "utf8")) })).pack!;
const demo = readDemo();
const { revealersOf, timeline } = startResolution(demo, "demo", () => {});
const readers = crossedReaders(trackerUnitsOf(demo, revealersOf, timeline.positions));
const crossings = readers.map((reader) => reader.crossing);
const crossing = (from: string, to: string) =>
  crossings.find((each) => each.from.key === from && (each.to.collection ?? each.to.medium) === to);
const keys = (units: readonly { key: string }[] | undefined) => units?.map((unit) => unit.key);

describe("the crossings a pack lets readers make", () => {
  it("crosses from every episode and every volume that adapts the web novel, in story order", () => {
    const from = [...new Set(crossings.map((each) => each.from.key))];
    expect(from).toContain("anime:1-1");
    expect(from).toContain("anime:2-13");
    expect(from).toContain("ln:main-1");
    // A side volume adapts nothing: there is no place in the web novel to go on from.
    expect(from.some((key) => key.startsWith("ln:ex-"))).toBe(false);
    const positions = from.map((key) => timeline.positions.get(key) ?? -1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("skips what the anime left out, as the tracker's crossing does", () => {
    expect(keys(crossing("anime:1-10", "web_novel")?.skipped)).toEqual([]);
    expect(crossing("anime:1-12", "web_novel")).toMatchObject({ start: { key: "wn:3-1" } });
    expect(keys(crossing("anime:1-12", "web_novel")?.skipped)).toEqual(["wn:2-23", "wn:2-24"]);
    expect(keys(crossing("anime:1-12", "main")?.skipped)).toEqual(["ln:main-4"]);
    // The light novels tell every chapter up to their place, so their readers skip nothing.
    expect(keys(crossing("ln:main-4", "web_novel")?.skipped)).toEqual([]);
  });

  it("lints the demo with them: a text past the anime's end restating a secret the anime left out is refused", () => {
    const pack = readDemo();
    const hester = pack.characters.characters.find((character) => character.slug === "hester-crane")!;
    hester.facts.push({ label: "Past", value: "Informant for the Ashen Choir", revealAt: "wn:6-1" });
    const problems = resolvePack(pack, "demo").problems.map(formatProblem);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /names the secret "hester-informs-the-choir" \("Informant for the Ashen Choir"\) before it is revealed: a reader who crossed from the anime after anime:1-11 into the web novel skipped wn:2-24, which reveals it, and sees it at wn:6-1 without knowing the secret; so do readers of \d+ other crossings$/,
    );
  });

  it("crosses from every manga chapter as the tracker's bridge does: a series read alone, or after the series before it", () => {
    const from = (key: string) => readers.filter((reader) => reader.crossing.from.key === key);
    // The arc 1 series leaves wn:1-18 out: its readers who go on in the web novel skip it.
    const wick = from("manga:wick-8").find((reader) => reader.crossing.to.medium === "web_novel")!;
    expect(keys(wick.crossing.skipped)).toEqual(["wn:1-18"]);
    expect(wick.crossing.start.key).toBe("wn:1-23");
    expect(wick.startedPartway).toBe(false);
    // The arc 2 series read alone: the story before it is skipped too, and its reader began partway.
    const intoWebNovel = from("manga:tallow-1").filter((reader) => reader.crossing.to.medium === "web_novel");
    expect(intoWebNovel.map((reader) => reader.startedPartway)).toEqual([true, false]);
    const [alone, inOrder] = intoWebNovel.map((reader) => keys(reader.crossing.skipped)!);
    expect(alone).toContain("wn:1-1");
    expect(alone).toContain("wn:1-18");
    // After the arc 1 series: only what the two series left out.
    expect(inOrder).toEqual(["wn:1-18"]);
    expect(from("manga:tallow-1").some((reader) => reader.crossing.to.collection === "main")).toBe(true);
    // A manga-original chapter reaches no web novel chapter: the tracker offers no crossing from it.
    expect(from("manga:wick-7")).toEqual([]);
  });

  it("lints the demo with them: a text naming a character a manga crossing skipped the meeting of is refused", () => {
    const pack = readDemo();
    const thistle = pack.characters.characters.find((character) => character.slug === "thistle")!;
    thistle.facts.push({ label: "Neighbour", value: "Lives above Ferris's bakery", revealAt: "wn:2-1" });
    // The arc 1 series leaves wn:1-18 out, where Ferris is met, and the light novel volume that tells it.
    const problems = resolvePack(pack, "demo").problems.map(formatProblem);
    expect(problems).toEqual([
      expect.stringMatching(
        /names Ferris Dunmore \("Ferris"\) before the reader meets them: a reader who crossed from the manga after manga:wick-10 into the Lanternfall light novels skipped ln:main-2, which introduces Ferris Dunmore, and sees it at ln:main-3 without having met Ferris Dunmore, who first appears at wn:1-18, ln:main-2 and anime:1-4; so do readers of \d+ other crossings$/,
      ),
    ]);
  });
});
