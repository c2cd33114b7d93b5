import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, type PackFileName, parsePack, resolvePack } from "./index";

/*
 * A true name that is a secret (characters.json `trueName`), in the tiny pack: Oren Vale, met at wn:2-1,
 * is really Tamsin Hale, which wn:2-2 reveals (and ln:main-2, which adapts it).
 */

/** The tiny pack, with Oren's true name, resolved after `edit` changed its files. */
function resolveTiny(edit: (files: Record<PackFileName, any>) => void = () => {}) {
  const files = {} as Record<PackFileName, any>;
  const read = (file: PackFileName) =>
    (files[file] ??= JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8")));
  for (const file of [
    "series.json",
    "web-novel.json",
    "light-novels.json",
    "side-stories.json",
    "anime.json",
    "characters.json",
    "mistranslations.json",
  ] as const)
    read(file);
  files["characters.json"].characters[1].trueName = { name: "Tamsin Hale", revealAt: "wn:2-2" };
  edit(files);
  const parsed = parsePack((file) => ({ json: files[file] }));
  if (!parsed.pack) return { rows: null, problems: parsed.problems.map(formatProblem) };
  const { rows, problems } = resolvePack(parsed.pack, "tiny");
  return { rows, problems: problems.map(formatProblem) };
}

const oren = (files: Record<PackFileName, any>) => files["characters.json"].characters[1];
const named = (where: string, matched: string, who: string) =>
  `${where}: names the secret "true-name-tamsin-hale" ("${matched}") before it is revealed: ${who} without knowing the secret`;

describe("a true name that is a secret", () => {
  it("is stored beside the name everyone sees, with the units that reveal it, and found by search only with them", () => {
    const { rows, problems } = resolveTiny();
    expect(problems).toEqual([]);
    const character = rows!.characters.find((row) => row.slug === "oren-vale")!;
    expect(character).toMatchObject({
      name: "Oren Vale",
      true_name: "Tamsin Hale",
      true_name_revealed_by: "wn:2-2 ln:main-2",
    });
    expect(rows!.search_entries.filter((entry) => entry.path === "/characters/oren-vale")).toEqual([
      expect.objectContaining({ title: "Oren Vale", aliases: "", revealed_by: character.revealed_by }),
      expect.objectContaining({
        ref: "character-true-name:oren-vale",
        kind: "character",
        title: "Tamsin Hale",
        subtitle: "Known as Oren Vale · Hall",
        aliases: "Oren Vale",
        revealed_by: "wn:2-2 ln:main-2",
      }),
    ]);
    // Kept with the story's secrets, so triage holds a reader's report that says it early.
    expect(rows!.story_secrets).toContainEqual({
      id: "true-name-tamsin-hale",
      words: JSON.stringify(["Tamsin Hale", "Tamsin"]),
      revealed_by: "wn:2-2 ln:main-2",
    });
  });

  it("as the original writes it is stored beside it, found with it, and kept from every text before it is revealed", () => {
    const { rows, problems } = resolveTiny((files) => (oren(files).trueName.originalName = "タムシン・ヘイル"));
    expect(problems).toEqual([]);
    expect(rows!.characters.find((row) => row.slug === "oren-vale")).toMatchObject({
      true_name: "Tamsin Hale",
      true_name_original: "タムシン・ヘイル",
    });
    const entry = rows!.search_entries.find((each) => each.ref === "character-true-name:oren-vale");
    expect(entry?.aliases).toContain("タムシン・ヘイル");
    expect(entry?.revealed_by).toBe("wn:2-2 ln:main-2");
    expect(rows!.story_secrets.find((secret) => secret.id === "true-name-tamsin-hale")?.words).toContain(
      "タムシン・ヘイル",
    );
    // Said on Oren's profile, which everyone who meets Oren sees at wn:2-1: refused.
    const early = resolveTiny((files) => {
      oren(files).trueName.originalName = "タムシン・ヘイル";
      oren(files).aliases = ["タムシン・ヘイル"];
    });
    expect(early.problems.join("\n")).toContain('names the secret "true-name-tamsin-hale" ("タムシン・ヘイル")');
  });

  it("may be said by a text revealed with it or later", () => {
    const { problems } = resolveTiny((files) =>
      oren(files).facts.push({ label: "Born", value: "Tamsin Hale, in the Hall's attic", revealAt: "wn:2-2" }),
    );
    expect(problems).toEqual([]);
  });

  it("is refused when revealed by a unit that does not exist", () => {
    const { problems } = resolveTiny((files) => (oren(files).trueName.revealAt = "wn:9-1"));
    expect(problems).toEqual([
      "characters.json › characters[1].trueName.revealAt: points to wn:9-1, which does not exist",
    ]);
  });

  it("is refused when it is the name everyone sees, or one of their aliases", () => {
    const asName = resolveTiny((files) => (oren(files).trueName.name = "oren vale"));
    expect(asName.problems).toEqual([
      'characters.json › characters[1].trueName.name: "oren vale" is the name everyone sees, which every reader who meets them sees: a true name is the one the story keeps from the reader until it is revealed. Leave trueName out where the name is no secret',
    ]);
    const asAlias = resolveTiny((files) => (oren(files).aliases = ["Tamsin Hale"]));
    expect(asAlias.problems).toContain(
      'characters.json › characters[1].trueName.name: "Tamsin Hale" is the alias "Tamsin Hale", which every reader who meets them sees: a true name is the one the story keeps from the reader until it is revealed. Leave trueName out where the name is no secret',
    );
  });

  it("is refused where another text of the pack says it before it is revealed: a summary, a title, a fact, a relationship", () => {
    const { problems } = resolveTiny((files) => {
      oren(files).summary = "The steward; his mother called him Tamsin.";
      files["web-novel.json"].arcs[1].chapters[0].title = "Tamsin in the Corridor";
      oren(files).facts.push({ label: "Rumour", value: "Answers to Tamsin Hale", revealAt: "wn:2-1" });
      files["characters.json"].characters[0].relationships[0].description = "Knows he is Tamsin.";
    });
    expect(problems).toEqual([
      named("web-novel.json › arcs[1].chapters[0].title", "Tamsin", "every reader sees it"),
      named(
        "characters.json › characters[0].relationships[0].description",
        "Tamsin",
        "a reader who has consumed wn:2-1 sees it",
      ),
      named("characters.json › characters[1].summary", "Tamsin", "every reader sees it"),
      named(
        "characters.json › characters[1].facts[1].value",
        "Tamsin Hale",
        "a reader who has consumed wn:2-1 sees it",
      ),
    ]);
  });

  it("is refused in the character's slug, which is in every address of their page", () => {
    const { problems } = resolveTiny((files) => {
      oren(files).slug = "tamsin-hale";
      files["characters.json"].characters[0].relationships[0].to = "tamsin-hale";
    });
    expect(problems).toEqual([
      'characters.json › characters[1].slug: names the secret "true-name-tamsin-hale" ("tamsin hale") before it is revealed: every reader sees it without knowing the secret; a slug is in every address of its page and every link to it, so make it of what every reader may know',
    ]);
  });

  it("is refused where it is revealed before the reader meets the character it names", () => {
    const { problems } = resolveTiny((files) => (oren(files).trueName.revealAt = "wn:1-3"));
    expect(problems).toEqual([
      'characters.json › characters[1].trueName: names Oren Vale ("Oren Vale") before the reader meets them: a reader who has consumed wn:1-3 sees it without having met Oren Vale, who first appears at wn:2-1',
    ]);
  });
});
