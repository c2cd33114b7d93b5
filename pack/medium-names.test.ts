import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, type PackFileName, parsePack, resolvePack } from "./index";

/*
 * Names per medium and per translation (characters.json `mediumNames`), in the tiny pack: Oren Vale,
 * met at wn:2-1, ln:main-2 and anime:1-2, is "Orrin Vale" in the anime, and "Oren Veil" in the light
 * novels' fan translation, which names him so only from wn:2-2 on (and ln:main-2, which adapts it).
 */

/** The tiny pack, with Oren's names per medium, resolved after `edit` changed its files. */
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
    "manga.json",
  ] as const)
    read(file);
  Object.assign(oren(files), {
    firstAppearances: { webNovel: "wn:2-1", lightNovel: "ln:main-2", anime: "anime:1-2" },
    mediumNames: [
      { medium: "anime", name: "Orrin Vale" },
      { medium: "lightNovels", translation: "Hall Press", name: "Oren Vale" },
      { medium: "lightNovels", translation: "fan translation", name: "Oren Veil", revealAt: "wn:2-2" },
    ],
  });
  edit(files);
  const parsed = parsePack((file) => ({ json: files[file] }));
  if (!parsed.pack) return { rows: null, problems: parsed.problems.map(formatProblem) };
  const { rows, problems } = resolvePack(parsed.pack, "tiny");
  return { rows, problems: problems.map(formatProblem) };
}

function oren(files: Record<PackFileName, any>) {
  return files["characters.json"].characters[1];
}

describe("names per medium and per translation", () => {
  it("are stored in the pack's order, each gated where the pack gates it, and each found by search where it is known", () => {
    const { rows, problems } = resolveTiny();
    expect(problems).toEqual([]);
    const character = rows!.characters.find((row) => row.slug === "oren-vale")!;
    expect(JSON.parse(character.medium_names!)).toEqual([
      { medium: "anime", translation: null, name: "Orrin Vale", revealedBy: null },
      { medium: "light_novels", translation: "Hall Press", name: "Oren Vale", revealedBy: null },
      { medium: "light_novels", translation: "fan translation", name: "Oren Veil", revealedBy: "wn:2-2 ln:main-2" },
    ]);
    expect(rows!.search_entries.filter((entry) => entry.path === "/characters/oren-vale")).toEqual([
      expect.objectContaining({ ref: "character:oren-vale", title: "Oren Vale", revealed_by: character.revealed_by }),
      // Said openly: found once the reader has met him, as by his name.
      expect.objectContaining({
        ref: "character-name:oren-vale:1",
        title: "Orrin Vale",
        subtitle: "Oren Vale's name in the anime · Hall",
        revealed_by: character.revealed_by,
      }),
      // The main name again is no entry of its own; a name said later is found by those who know it.
      expect.objectContaining({
        ref: "character-name:oren-vale:3",
        title: "Oren Veil",
        subtitle: "Oren Vale's name in the light novels (fan translation) · Hall",
        revealed_by: "wn:2-2 ln:main-2",
      }),
    ]);
    // A name said later is a secret of the story until then, held to like the series' own.
    expect(rows!.story_secrets).toContainEqual({
      id: "medium-name-oren-veil",
      words: JSON.stringify(["Oren Veil", "Veil"]),
      revealed_by: "wn:2-2 ln:main-2",
    });
  });

  it("refuses a name in a medium that does not show the character, two names for one translation, and a gate on a name said openly", () => {
    const { problems } = resolveTiny((files) => {
      oren(files).firstAppearances = { webNovel: "wn:2-1", lightNovel: "ln:main-2" };
      oren(files).mediumNames.push(
        { medium: "lightNovels", translation: "Fan Translation", name: "Orrin the Steward" },
        { medium: "webNovel", name: "Oren Vale", revealAt: "wn:2-2" },
      );
    });
    expect(problems).toEqual([
      "characters.json › characters[1].mediumNames[0].medium: names the character in the anime, which does not show them: give firstAppearances.anime or leave the name out",
      "characters.json › characters[1].mediumNames[3]: the light novels (Fan Translation) already names the character: tell a medium's names apart by their translation",
      'characters.json › characters[1].mediumNames[4].revealAt: "Oren Vale" is the name everyone sees, which every reader who meets them sees: leave revealAt out',
    ]);
  });

  it("refuses an unknown medium with the media it may name", () => {
    const { problems } = resolveTiny((files) => oren(files).mediumNames.push({ medium: "film", name: "Oren" }));
    expect(problems).toEqual([
      "characters.json › characters[1].mediumNames[3].medium: must be one of webNovel, lightNovels, manga, anime",
    ]);
  });

  it("takes a manga name for a character a manga chapter shows, gated and found as the others", () => {
    // The manga's chapter 1 adapts wn:1-1 and wn:1-2, where Mira is met.
    const { rows, problems } = resolveTiny((files) => {
      files["characters.json"].characters[0].mediumNames = [{ medium: "manga", name: "Myra Hale" }];
    });
    expect(problems).toEqual([]);
    const mira = rows!.characters.find((row) => row.slug === "mira-hale")!;
    expect(JSON.parse(mira.medium_names!)).toEqual([
      { medium: "manga", translation: null, name: "Myra Hale", revealedBy: null },
    ]);
    expect(rows!.search_entries).toContainEqual(
      expect.objectContaining({
        ref: "character-name:mira-hale:1",
        title: "Myra Hale",
        subtitle: expect.stringMatching(/^Mira Hale's name in the manga/),
        revealed_by: mira.revealed_by,
      }),
    );
  });

  it("refuses a manga name for a character no manga chapter shows", () => {
    // Oren is met at wn:2-1, which the manga does not reach; so is one the manga left out where he is met.
    const { problems } = resolveTiny((files) => oren(files).mediumNames.push({ medium: "manga", name: "Orren" }));
    expect(problems).toEqual([
      "characters.json › characters[1].mediumNames[3].medium: names the character in the manga, which does not show them: no manga chapter adapts where they first appear: leave the name out until one does",
    ]);
    const shown = resolveTiny((files) => {
      oren(files).mediumNames.push({ medium: "manga", name: "Orren" });
      files["manga.json"].series[0].volumes.push({
        number: 2,
        chapters: [{ number: 3, adapts: { chapters: [{ from: "wn:2-1", to: "wn:2-1" }] } }],
      });
    });
    expect(shown.problems).toEqual([]);
  });

  it("flags a text that says a medium's name before the reader meets the character, as it does their name", () => {
    const { problems } = resolveTiny((files) => {
      files["web-novel.json"].arcs[0].chapters[0].title = "Orrin at the Door";
    });
    expect(problems).toEqual([
      'web-novel.json › arcs[0].chapters[0].title: names Oren Vale ("Orrin") before the reader meets them: every reader sees it without having met Oren Vale, who first appears at wn:2-1, ln:main-2 and anime:1-2',
    ]);
  });

  it("refuses a name a medium says later wherever another text says it earlier, and where it is revealed before he is met", () => {
    const said = resolveTiny((files) => {
      oren(files).facts.push({ label: "Spelled", value: "Oren Veil, by some", revealAt: "wn:2-1" });
    });
    expect(said.problems).toEqual([
      'characters.json › characters[1].facts[1].value: names the secret "medium-name-oren-veil" ("Oren Veil") before it is revealed: a reader who has consumed wn:2-1 sees it without knowing the secret',
    ]);
    const early = resolveTiny((files) => (oren(files).mediumNames[2].revealAt = "wn:1-1"));
    expect(early.problems).toContainEqual(
      expect.stringMatching(
        /^characters\.json › characters\[1\]\.mediumNames\[2\]: names Oren Vale \("Oren Vale"\) before the reader meets them: /,
      ),
    );
  });
});
