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

type Volume = Record<string, unknown>;

/** The tiny pack with its main collection's volumes changed; its rows and problems, as the check words them. */
function resolveVolumes(change: (volumes: Volume[]) => void) {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    if (file === "light-novels.json") change(json.collections[0].volumes);
    return { json };
  });
  if (!parsed.pack) return { rows: null, problems: parsed.problems.map(formatProblem) };
  const { rows, problems } = resolvePack(parsed.pack, "tiny");
  return { rows, problems: problems.map(formatProblem) };
}

const problemsOf = (change: (volumes: Volume[]) => void) => resolveVolumes(change).problems;

describe("a titled light novel volume's search entries", () => {
  const { rows, problems } = resolveVolumes(() => {});
  const entries = (key: string) => rows!.search_entries.filter((entry) => entry.path.endsWith(`#${key}`));

  it("are its titled entry, gated as its title, and its place's, named by its label and found by everyone", () => {
    expect(problems).toEqual([]);
    const [titled, place] = entries("ln-main-1");
    expect(entries("ln-main-1")).toHaveLength(2);
    expect(titled).toMatchObject({ ref: "volume:ln:main-1", title: "The Door", revealed_by: expect.any(String) });
    // Its name, its number and its ISBN, and nothing of its title or its chapters'.
    expect(place).toEqual({
      ref: "place:volume:ln:main-1",
      kind: "volume",
      title: "Tiny Tale 1",
      subtitle: "Tiny Tale 1",
      path: "/light_novels?collection=main#ln-main-1",
      original_title: null,
      aliases: "Volume 1 9784040000008 · Tiny Tale 1",
      body: "",
      reveal_position: null,
      revealed_by: null,
    });
  });

  it("are one entry alone once its title is taken out", () => {
    const { rows: untitled } = resolveVolumes((volumes) => {
      delete volumes[0]!.title;
    });
    const entries = untitled!.search_entries.filter((entry) => entry.path.endsWith("#ln-main-1"));
    expect(entries.map((entry) => [entry.ref, entry.title, entry.revealed_by])).toEqual([
      ["volume:ln:main-1", "Tiny Tale 1", null],
    ]);
  });
});

describe("a light novel volume without a title (announced by its number)", () => {
  const { rows, problems } = resolveVolumes((volumes) => {
    delete volumes[1]!.title;
    volumes[1]!.isbn = "978-4-04-000002-2";
  });

  it("imports, named by its place alone, and search finds it by its place, for everyone", () => {
    expect(problems).toEqual([]);
    expect(rows!.ln_volumes.find((volume) => volume.key === "ln:main-2")).toMatchObject({
      title: null,
      original_title: null,
    });
    expect(rows!.story_units.find((unit) => unit.key === "ln:main-2")?.label).toBe("Tiny Tale 2");
    // By its name, its number and its ISBN, as everyone may: its chapters' titles wait for its title.
    expect(rows!.search_entries.find((entry) => entry.ref === "volume:ln:main-2")).toEqual({
      ref: "volume:ln:main-2",
      kind: "volume",
      title: "Tiny Tale 2",
      subtitle: "Tiny Tale 2",
      path: "/light_novels?collection=main#ln-main-2",
      original_title: null,
      aliases: "Volume 2 9784040000022 · Tiny Tale 2",
      body: "",
      reveal_position: null,
      revealed_by: null,
    });
    expect(rows!.search_entries.some((entry) => entry.ref === "volume:ln:main-1")).toBe(true);
  });

  it("may not give an original title, or an edition's title, without a title to read", () => {
    expect(
      problemsOf((volumes) => {
        delete volumes[1]!.title;
        volumes[1]!.originalTitle = "廊下";
      }),
    ).toEqual([
      "light-novels.json › collections[0].volumes[1].originalTitle: a volume whose original title is known needs a title readers can read too: give title (the original romanized, until an English one is known)",
    ]);
    expect(
      problemsOf((volumes) => {
        delete volumes[1]!.title;
        volumes[1]!.editions = [
          { language: "ja", publisher: "Hoshikuzu Bunko" },
          { language: "en", publisher: "Cinderlight Press", title: "Tiny Tale, Vol. 2: The Hall" },
        ];
      }),
    ).toEqual([
      "light-novels.json › collections[0].volumes[1].editions[1].title: an edition's title names the volume, which has no title: give the volume's title too (the original romanized, until an English one is known)",
    ]);
  });

  it("has no flag for a title it does not have: titleIsSpoiler and titleRevealIn are not a volume's fields", () => {
    // A volume's title waits only for its reader (decision 75): there is nothing to flag, titled or not.
    for (const field of ["titleIsSpoiler", "titleRevealIn"])
      expect(
        problemsOf((volumes) => {
          delete volumes[1]!.title;
          volumes[1]![field] = field === "titleIsSpoiler" ? true : { webNovel: "wn:2-1" };
        }),
      ).toEqual([expect.stringContaining(`collections[0].volumes[1]: Unrecognized key: "${field}"`)]);
  });
});

describe("a title written as null", () => {
  it("is refused with the way to write a title not announced: the field left out", () => {
    const problemsWithNull = (file: string, at: (json: Record<string, any>) => Record<string, unknown>) =>
      parsePack((name) => {
        const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${name}`, "utf8"));
        if (name === file) at(json).title = null;
        return { json };
      }).problems.map(formatProblem);
    const refused = (path: string) => [
      `${path}.title: null is not a title: leave title out while the unit has none (not announced yet)`,
    ];
    expect(problemsWithNull("light-novels.json", (json) => json.collections[0].volumes[1])).toEqual(
      refused("light-novels.json › collections[0].volumes[1]"),
    );
    expect(problemsWithNull("anime.json", (json) => json.seasons[0].episodes[0])).toEqual(
      refused("anime.json › seasons[0].episodes[0]"),
    );
    expect(problemsWithNull("anime.json", (json) => json.specials[0])).toEqual(refused("anime.json › specials[0]"));
    expect(
      problemsWithNull("anime.json", (json) => {
        // Its flag would be refused too, for a title it does not have.
        delete json.breakTime[0].titleIsSpoiler;
        return json.breakTime[0];
      }),
    ).toEqual(refused("anime.json › breakTime[0]"));
  });
});
