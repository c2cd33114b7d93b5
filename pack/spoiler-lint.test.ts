import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, type PackFileName, parsePack, resolvePack } from "./index";

/*
 * The tiny pack's one secret: Mira built the door, revealed at wn:1-3 (and by ln:main-1, which adapts
 * wn:1-1 to wn:1-3). Its anime skips wn:1-3: episode 1 adapts wn:1-1 to wn:1-2, episode 2 wn:2-1.
 */

/** The tiny pack parsed again after `edit` changed its files (each file's JSON, by name). */
function editedTiny(edit: (files: Record<PackFileName, any>) => void) {
  const files = {} as Record<PackFileName, any>;
  const parsed = parsePack((file) => {
    files[file] ??= JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    return { json: files[file] };
  });
  if (!parsed.pack) throw new Error("The tiny pack does not parse");
  edit(files);
  return parsePack((file) => ({ json: files[file] }));
}

/** The tiny pack resolved after `edit` changed its files. */
function resolveTiny(edit: (files: Record<PackFileName, any>) => void) {
  const again = editedTiny(edit);
  if (!again.pack) throw new Error(again.problems.map(formatProblem).join("\n"));
  return resolvePack(again.pack, "tiny");
}

/** The tiny pack's problems after `edit` changed its files. */
function problemsOfTiny(edit: (files: Record<PackFileName, any>) => void = () => {}) {
  const again = editedTiny(edit);
  if (!again.pack) return again.problems.map(formatProblem);
  return resolvePack(again.pack, "tiny").problems.map(formatProblem);
}

const secretFinding = (where: string, matched: string, who: string, more = "") =>
  `${where}: names the secret "mira-built-the-door" ("${matched}") before it is revealed: ${who} without knowing the secret${more}`;

describe("the spoiler lint", () => {
  it("passes the tiny pack, whose secret is named only where it is revealed", () => {
    expect(problemsOfTiny()).toEqual([]);
  });

  it("refuses a public text that names a secret, with the file, the field and the secret", () => {
    const problems = problemsOfTiny(
      (files) => (files["characters.json"].characters[0].summary = "A keeper who BUILT the door long ago."),
    );
    expect(problems).toEqual([
      secretFinding("characters.json › characters[0].summary", "BUILT the door", "every reader sees it"),
    ]);
  });

  it("finds a secret's words however the text disguises them: case, spacing, apostrophes, invisible and look-alike letters", () => {
    for (const [summary, matched] of [
      ["A keeper who BUILT   the DOOR long ago.", "BUILT   the DOOR"],
      // A zero-width space inside a word, a Cyrillic "о" and a full-width space.
      ["A keeper who bu\u200Bilt the d\u043E\u043Er\u3000long ago.", "built the door"],
      ["A keeper who built\nthe door.", "built\nthe door"],
      // A modifier letter apostrophe, which Unicode counts as a letter, in the secret's other words.
      ["Tales of the keeper\u02BCs lie: the keeper lied.", "the keeper lied"],
    ]) {
      const problems = problemsOfTiny((files) => (files["characters.json"].characters[0].summary = summary));
      expect(problems, summary).toEqual([
        secretFinding("characters.json › characters[0].summary", matched!, "every reader sees it"),
      ]);
    }
  });

  it("finds a secret's words written with another apostrophe, or in Greek with a final sigma, as the text shows them", () => {
    const findings = (word: string, summary: string) =>
      problemsOfTiny((files) => {
        files["series.json"].secrets[0].words.push(word);
        files["characters.json"].characters[0].summary = summary;
      });
    for (const [word, summary, matched] of [
      ["Mira's door", "The story of Mira\u02BCs door.", "Mira's door"],
      ["Mira\u02BCs door", "The story of Mira's door.", "Mira's door"],
      // Its look-alike letters are read as the Latin they show.
      ["θύρασ", "ΘΎΡΑΣ", "ΘUPAΣ"],
    ])
      expect(findings(word!, summary!), summary).toEqual([
        secretFinding("characters.json › characters[0].summary", matched!, "every reader sees it"),
      ]);
  });

  it("refuses a site description that names a secret: every page and link preview carries it", () => {
    const problems = problemsOfTiny((files) => {
      files["series.json"].site = {
        name: "Door Keepers",
        description: "Where the girl who built the door keeps her lamps.",
      };
    });
    expect(problems).toEqual([
      secretFinding("series.json › site.description", "built the door", "every reader sees it"),
    ]);
  });

  it("reads a season part's title as an episode's, or gated where the pack gates it", () => {
    const titled = (titleRevealAt?: string) =>
      problemsOfTiny((files) =>
        Object.assign(files["anime.json"].seasons[0].parts[1], { title: "Who Built the Door", titleRevealAt }),
      );
    expect(titled()).toEqual([
      secretFinding("anime.json › seasons[0].parts[1].title", "Built the Door", "every reader sees it"),
    ]);
    expect(titled("wn:1-3")).toEqual([]);
  });

  it("refuses a text gated at a point a reader can reach before the secret", () => {
    const problems = problemsOfTiny((files) => {
      files["characters.json"].characters[0].facts.push({
        label: "Rumour",
        value: "Knows she built the door.",
        revealAt: "wn:1-2",
      });
    });
    expect(problems).toEqual([
      secretFinding(
        "characters.json › characters[0].facts[2].value",
        "built the door",
        "a reader who has consumed wn:1-2 sees it",
      ),
    ]);
  });

  it("accepts a text gated after the secret: whoever read wn:2-1 in the web novel or the light novels read wn:1-3", () => {
    const problems = problemsOfTiny((files) => {
      files["characters.json"].characters[0].relationships[0].description = "Knows she built the door.";
      files["characters.json"].characters[0].relationships[0].revealAt = "wn:2-1";
      // The anime skipped wn:1-3: its viewers learn the secret in episode 2, with the rest of the story.
      files["series.json"].secrets[0].revealIn = { anime: "anime:1-2" };
    });
    expect(problems).toEqual([]);
  });

  it("thinks in knowledge: an anime viewer who skipped the chapter of the secret does not know it", () => {
    const problems = problemsOfTiny((files) => {
      files["characters.json"].characters[0].relationships[0].description = "Knows she built the door.";
      files["characters.json"].characters[0].relationships[0].revealAt = "wn:2-1";
    });
    expect(problems).toEqual([
      secretFinding(
        "characters.json › characters[0].relationships[0].description",
        "built the door",
        "a reader who has consumed anime:1-2 sees it",
      ),
    ]);
  });

  it("knows a secret told again: a reader who met any telling of it knows it", () => {
    const problems = problemsOfTiny((files) => {
      files["characters.json"].characters[0].relationships[0].description = "Knows she built the door.";
      files["characters.json"].characters[0].relationships[0].revealAt = "wn:2-1";
      // Episode 2 adapts wn:2-1, which tells the secret again in a flashback: its viewers know it.
      files["series.json"].secrets.push({ id: "mira-built-the-door", words: ["Mira's door"], revealAt: "wn:2-1" });
      files["characters.json"].characters[1].facts.push({ label: "Rumour", value: "Mira's door", revealAt: "wn:1-2" });
    });
    // Either telling's words give it away, before either telling.
    expect(problems).toEqual([
      secretFinding(
        "characters.json › characters[1].facts[1].value",
        "Mira's door",
        "a reader who has consumed wn:1-2 sees it",
      ),
    ]);
  });

  describe("readers who crossed from another medium", () => {
    /** Oren's relationship to Mira restates the secret, gated at `revealAt` (a chapter after the secret's). */
    const restated = (revealAt: string) => (files: Record<PackFileName, any>) => {
      files["characters.json"].characters[1].relationships = [
        { to: "mira-hale", kind: "rival", description: "Knows she built the door.", revealAt },
      ];
    };

    it("refuses a later chapter's text restating a secret of a chapter the anime skipped, naming the crossing", () => {
      // Episode 2 goes on at wn:2-1, past wn:1-3: a viewer who continues in the web novel after it has
      // not read wn:1-3, and reads on to wn:2-2.
      expect(problemsOfTiny(restated("wn:2-2"))).toEqual([
        secretFinding(
          "characters.json › characters[1].relationships[0].description",
          "built the door",
          "a reader who crossed from the anime after anime:1-2 into the web novel skipped wn:1-3, which reveals it, and sees it at wn:2-2",
          "; so does a reader of 1 other crossing",
        ),
      ]);
    });

    it("names the light novel crossing when it is the only one: a volume that includes the skipped chapter is skipped too", () => {
      const problems = problemsOfTiny((files) => {
        restated("wn:2-2")(files);
        // Web novel readers who crossed from the anime see the text no earlier than the anime's own reveal.
        files["characters.json"].characters[1].relationships[0].revealIn = { webNovel: null };
      });
      expect(problems).toEqual([
        secretFinding(
          "characters.json › characters[1].relationships[0].description",
          "built the door",
          "a reader who crossed from the anime after anime:1-2 into the Tiny Tale light novels skipped ln:main-1, which reveals it, and sees it at ln:main-2",
        ),
      ]);
    });

    it("refuses a text a light novel reader reaches in the web novel after the volumes cut the secret's chapter", () => {
      const problems = problemsOfTiny((files) => {
        restated("wn:2-2")(files);
        files["characters.json"].characters[1].relationships[0].revealIn = { lightNovels: null };
        files["light-novels.json"].collections[0].volumes[0].changes.push({
          kind: "cut",
          note: "The confession at the door is gone.",
          chapters: { from: "wn:1-3", to: "wn:1-3" },
        });
        // Only the anime could take a reader past the cut: it covers wn:1-3 here.
        files["anime.json"].seasons[0].episodes[0].adapts.to = "wn:1-3";
      });
      expect(problems).toEqual([
        secretFinding(
          "characters.json › characters[1].relationships[0].description",
          "built the door",
          "a reader who crossed from the Tiny Tale light novels after ln:main-1 into the web novel skipped wn:1-3, which reveals it, and sees it at wn:2-2",
        ),
      ]);
    });

    it("accepts the text when every crossing's reader knows the secret by the time they see it", () => {
      // The anime tells the secret in its episode 2, so the viewer knows it whichever medium they go on in.
      const told = problemsOfTiny((files) => {
        restated("wn:2-2")(files);
        files["series.json"].secrets[0].revealIn = { anime: "anime:1-2" };
      });
      expect(told).toEqual([]);
      // Gated where no crossing reaches without reading wn:1-3: the chapter itself.
      expect(problemsOfTiny(restated("wn:1-3"))).toEqual([]);
    });

    it("refuses a text a manga reader reaches in the web novel or the light novels after the manga left out the secret's chapter", () => {
      const problems = problemsOfTiny((files) => {
        restated("wn:2-2")(files);
        // The anime tells the secret in its episode 2: only the manga takes a reader past wn:1-3 without it.
        files["series.json"].secrets[0].revealIn = { anime: "anime:1-2" };
        // The manga's second volume goes on at wn:2-1, leaving wn:1-3 out.
        files["manga.json"].series[0].volumes.push({
          number: 2,
          chapters: [{ number: 3, adapts: { chapters: [{ from: "wn:2-1", to: "wn:2-1" }] } }],
        });
      });
      expect(problems).toEqual([
        secretFinding(
          "characters.json › characters[1].relationships[0].description",
          "built the door",
          "a reader who crossed from the manga after manga:door-3 into the web novel skipped wn:1-3, which reveals it, and sees it at wn:2-2",
          "; so does a reader of 1 other crossing",
        ),
      ]);
      // Into the light novels too: the volume holding wn:1-3 is skipped, and the text seen at the next.
      expect(
        problemsOfTiny((files) => {
          restated("wn:2-2")(files);
          files["series.json"].secrets[0].revealIn = { anime: "anime:1-2" };
          files["characters.json"].characters[1].relationships[0].revealIn = { webNovel: null };
          files["manga.json"].series[0].volumes.push({
            number: 2,
            chapters: [{ number: 3, adapts: { chapters: [{ from: "wn:2-1", to: "wn:2-1" }] } }],
          });
        }),
      ).toEqual([
        secretFinding(
          "characters.json › characters[1].relationships[0].description",
          "built the door",
          "a reader who crossed from the manga after manga:door-3 into the Tiny Tale light novels skipped ln:main-1, which reveals it, and sees it at ln:main-2",
        ),
      ]);
    });

    it("accepts the text when the manga tells the secret's chapter before the place its readers cross from", () => {
      const problems = problemsOfTiny((files) => {
        restated("wn:2-2")(files);
        files["series.json"].secrets[0].revealIn = { anime: "anime:1-2" };
        files["manga.json"].series[0].volumes.push({
          number: 2,
          chapters: [{ number: 3, adapts: { chapters: [{ from: "wn:1-3", to: "wn:2-1" }] } }],
        });
      });
      expect(problems).toEqual([]);
    });

    it("does not count a text as seen through a unit the crossing skipped", () => {
      // Revealed by wn:1-3 and ln:main-1 alone: the crossing readers who skipped them do not see it.
      expect(
        problemsOfTiny((files) => {
          restated("wn:1-3")(files);
          files["characters.json"].characters[1].relationships[0].revealIn = { anime: null };
        }),
      ).toEqual([]);
    });
  });

  it("checks fact labels, flagged and unflagged chapter titles and mistakes", () => {
    const problems = problemsOfTiny((files) => {
      files["characters.json"].characters[1].facts.push({
        label: "Built the door",
        value: "Not him",
        revealAt: "wn:1-1",
      });
      files["web-novel.json"].arcs[0].chapters[1].title = "Who Built the Door";
      files["web-novel.json"].arcs[0].chapters[1].titleIsSpoiler = true;
      files["web-novel.json"].arcs[1].chapters[0].title = "The Keeper Lied Again";
      files["mistranslations.json"].lightNovel[0].explanation = "Mira built the door, so the count matters.";
    });
    expect(problems).toEqual([
      secretFinding(
        "web-novel.json › arcs[0].chapters[1].title",
        "Built the Door",
        "a reader who has consumed wn:1-2 sees it",
      ),
      secretFinding("web-novel.json › arcs[1].chapters[0].title", "The Keeper Lied", "every reader sees it"),
      secretFinding(
        "characters.json › characters[1].facts[1].label",
        "Built the door",
        "a reader who has consumed wn:1-1 sees it",
      ),
      secretFinding(
        "mistranslations.json › lightNovel[0].explanation",
        "built the door",
        "a reader who has consumed wn:1-1 sees it",
      ),
    ]);
  });

  it("gates an arc's phase named as a flagged chapter with that chapter's title", () => {
    const phase = (name: string) =>
      problemsOfTiny((files) => (files["web-novel.json"].arcs[0].phases = [{ name, fromOrdinal: 1 }]));
    expect(phase("The Keeper Lied")).toEqual([]);
    expect(phase("When the Keeper Lied")).toEqual([
      secretFinding("web-novel.json › arcs[0].phases[0].name", "the Keeper Lied", "every reader sees it"),
    ]);
  });

  it("lets a light novel chapter inherit the flag of the web novel chapter it is titled after", () => {
    const titled = (flagged: boolean) =>
      problemsOfTiny((files) => {
        files["light-novels.json"].collections[0].volumes[0].chapters.push("Chapter 3: The Keeper Lied");
        files["web-novel.json"].arcs[0].chapters[2].titleIsSpoiler = flagged;
      });
    expect(titled(true)).toEqual([]);
    expect(titled(false)).toEqual([
      secretFinding("web-novel.json › arcs[0].chapters[2].title", "The Keeper Lied", "every reader sees it"),
      secretFinding(
        "light-novels.json › collections[0].volumes[0].chapters[2]",
        "The Keeper Lied",
        "every reader sees it",
      ),
    ]);
  });

  it("refuses a text that repeats a flagged chapter title where a reader sees it before the chapter", () => {
    const problems = problemsOfTiny((files) => {
      Object.assign(files["web-novel.json"].arcs[0].chapters[1], { title: "The Lamp Room", titleIsSpoiler: true });
      files["characters.json"].characters[0].summary = "Keeps the key to the lamp room.";
      files["characters.json"].characters[1].summary = "Sleeps in the lamp room.";
    });
    // Mira is met in the first chapter, before it; Oren's profile is seen only by readers who met him after it.
    expect(problems).toEqual([
      'characters.json › characters[0].summary: names the flagged title of wn:1-2 ("the lamp room") before it is revealed: every reader sees it without having reached the chapter',
    ]);
  });

  it("reads where a side story can be found as public, even when the story itself is gated", () => {
    const problems = problemsOfTiny((files) =>
      Object.assign(files["side-stories.json"].sideStories[1], {
        // A gated title its slug (ex-1-if) does not spell.
        title: "Had the Hinges Held",
        revealAt: "wn:1-3",
        foundIn: [{ name: "Who Built the Door? (visual novel)" }],
      }),
    );
    expect(problems).toEqual([
      secretFinding("side-stories.json › sideStories[1].foundIn[0].name", "Built the Door", "every reader sees it"),
    ]);
  });

  it("checks side stories and arc summaries, which can be gated with their own revealAt", () => {
    const summaries = (gated: boolean) =>
      problemsOfTiny((files) => {
        Object.assign(files["side-stories.json"].sideStories[1], {
          title: "Had the Hinges Held",
          summary: "What if nobody built the door?",
          ...(gated && { revealAt: "wn:1-3" }),
        });
        Object.assign(files["web-novel.json"].arcs[1], {
          summary: "After Mira built the door.",
          ...(gated && { summaryRevealAt: "ln:main-1" }),
        });
      });
    expect(summaries(false)).toEqual([
      secretFinding("web-novel.json › arcs[1].summary", "built the door", "every reader sees it"),
      secretFinding("side-stories.json › sideStories[1].summary", "built the door", "every reader sees it"),
    ]);
    expect(summaries(true)).toEqual([]);
  });

  it("follows per-medium overrides: a secret the light novels cut makes every light novel reveal of it too early", () => {
    const problems = problemsOfTiny((files) => (files["series.json"].secrets[0].revealIn = { lightNovels: null }));
    expect(problems).toEqual([
      secretFinding(
        "web-novel.json › arcs[0].chapters[2].title",
        "The Keeper Lied",
        "a reader who has consumed ln:main-1 sees it",
      ),
      secretFinding(
        "characters.json › characters[0].facts[1].value",
        "built the door",
        "a reader who has consumed ln:main-1 sees it",
      ),
    ]);
    const cutToo = problemsOfTiny((files) => {
      files["series.json"].secrets[0].revealIn = { lightNovels: null };
      files["web-novel.json"].arcs[0].chapters[2].titleRevealIn = { lightNovels: null };
      files["characters.json"].characters[0].facts[1].revealIn = { lightNovels: null };
    });
    expect(cutToo).toEqual([]);
  });

  it("checks where each secret is revealed like any other reveal point", () => {
    const problems = problemsOfTiny((files) => {
      files["series.json"].secrets.push(
        { id: "nowhere", words: ["nothing"], revealAt: "wn:9-9" },
        { id: "wrong-medium", words: ["nothing"], revealAt: "wn:1-1", revealIn: { anime: "wn:1-2" } },
      );
    });
    expect(problems).toEqual([
      "series.json › secrets[1].revealAt: points to wn:9-9, which does not exist",
      "series.json › secrets[2].revealIn.anime: must point to an anime episode (anime:…), not wn:1-2",
    ]);
  });
});

describe("the character lint", () => {
  /** A finding of a text that names a character where a reader sees it before meeting them. */
  const metFinding = (where: string, who: string, named: string, seen: string, firsts: string, more = "") =>
    `${where}: names ${who} ("${named}") before the reader meets them: ${seen} without having met ${who}, who first appears at ${firsts}${more}`;
  /** Tamsin Reed, first met at `firstAppearances` (by default in wn:2-2). */
  const tamsin = (firstAppearances: Record<string, string> = { webNovel: "wn:2-2" }) => ({
    slug: "tamsin-reed",
    name: "Tamsin Reed",
    aliases: ["The Lampwright"],
    firstAppearances,
  });

  it("refuses a text every reader sees that names a character met later, once, by the name it says", () => {
    const problems = problemsOfTiny((files) => (files["web-novel.json"].arcs[0].summary = "Mira meets Oren Vale."));
    expect(problems).toEqual([
      metFinding("web-novel.json › arcs[0].summary", "Oren Vale", "Oren Vale", "every reader sees it", "wn:2-1"),
    ]);
  });

  it("lets a flagged episode title name a character met in that episode, as a flagged chapter title does", () => {
    const titled = (title: string, flagged: boolean) =>
      problemsOfTiny((files) => {
        files["characters.json"].characters.push(tamsin({ webNovel: "wn:2-1", anime: "anime:1-2" }));
        Object.assign(files["anime.json"].seasons[0].episodes[1], {
          title,
          originalTitle: title,
          titleIsSpoiler: flagged,
        });
      });
    expect(titled("Oren", true)).toEqual([]);
    expect(titled("Oren", false)).toEqual([
      metFinding("anime.json › seasons[0].episodes[1].title", "Oren Vale", "Oren", "every reader sees it", "wn:2-1"),
      metFinding(
        "anime.json › seasons[0].episodes[1].originalTitle",
        "Oren Vale",
        "Oren",
        "every reader sees it",
        "wn:2-1",
      ),
    ]);
    // Flagged, it is seen by whoever watched the episode or reached its chapter: not before the character is met.
    expect(
      problemsOfTiny((files) => {
        files["characters.json"].characters.push(tamsin({ webNovel: "wn:2-2" }));
        Object.assign(files["anime.json"].seasons[0].episodes[1], { title: "Tamsin", titleIsSpoiler: true });
      }),
    ).toEqual([
      metFinding(
        "anime.json › seasons[0].episodes[1].title",
        "Tamsin Reed",
        "Tamsin",
        "a reader who has consumed anime:1-2 sees it",
        "wn:2-2",
      ),
    ]);
  });

  it("knows a character by a name of theirs alone or an alias, as whole words written as names are", () => {
    const named = (summary: string) =>
      problemsOfTiny((files) => {
        files["characters.json"].characters.push(tamsin());
        files["web-novel.json"].arcs[0].summary = summary;
      });
    for (const [summary, word] of [
      ["Tamsin knocks.", "Tamsin"],
      ["The door is Reed's.", "Reed"],
      ["The Lampwright waits.", "Lampwright"],
      ["A knock: TAMSIN!", "TAMSIN"],
      ["Lamps for Tamsin’s hall.", "Tamsin"],
    ] as const)
      expect(named(summary), summary).toEqual([
        metFinding("web-novel.json › arcs[0].summary", "Tamsin Reed", word, "every reader sees it", "wn:2-2"),
      ]);
    // A name's word inside another word, or written as the common word it also is, names no one.
    for (const summary of ["Tamsina knocks at the Reedbed.", "A reed by the door; the lampwright's shop."])
      expect(named(summary), summary).toEqual([]);
  });

  it("reads a slug and a link as every reader sees them: a name in lower case, or as a possessive, names them", () => {
    const problems = problemsOfTiny((files) => {
      files["characters.json"].characters.push(tamsin());
      const story = files["side-stories.json"].sideStories[1];
      story.slug = "tamsins-door";
      story.readUrl = "https://tiny.example/blog/reed-and-the-oil";
      story.foundIn = [{ name: "Tiny wiki", url: "https://tiny.example/wiki/Lamp_Oil#tamsin" }];
      files["web-novel.json"].arcs[0].chapters[1].readUrl = "https://tiny.example/1/2/the-lampwright";
    });
    const slug =
      "; a slug is in every address of its page and every link to it, so make it of what every reader may know";
    const link =
      "; a link is given to every reader, so link an address of the page that does not spell its title (most sites answer one by number alone), or none";
    const everyReader = (where: string, named: string) =>
      metFinding(where, "Tamsin Reed", named, "every reader sees it", "wn:2-2", where.endsWith(".slug") ? slug : link);
    expect(problems).toEqual([
      everyReader("web-novel.json › arcs[0].chapters[1].readUrl", "Lampwright"),
      everyReader("side-stories.json › sideStories[1].slug", "Tamsin"),
      everyReader("side-stories.json › sideStories[1].readUrl", "Reed"),
      everyReader("side-stories.json › sideStories[1].foundIn[0].url", "Tamsin"),
    ]);
    // The same words of a character every reader knows from the start, or of no one, refuse nothing.
    expect(
      problemsOfTiny((files) => {
        files["characters.json"].characters.push({ ...tamsin(), knownFromStart: true });
        files["side-stories.json"].sideStories[1].slug = "tamsins-door";
      }),
    ).toEqual([]);
    expect(problemsOfTiny((files) => (files["side-stories.json"].sideStories[1].slug = "ex-1-bonus"))).toEqual([]);
  });

  it("judges a word two characters share (a family's name) by whichever of them the reader has met", () => {
    const problems = (gate: string) =>
      problemsOfTiny((files) => {
        files["characters.json"].characters.push({ ...tamsin(), name: "Tamsin Vale", slug: "tamsin-vale" });
        Object.assign(files["web-novel.json"].arcs[1], {
          summary: "The hall of the Vale family.",
          summaryRevealAt: gate,
        });
      });
    expect(problems("wn:2-1")).toEqual([]);
    expect(problems("wn:1-2")).toEqual([
      `web-novel.json › arcs[1].summary: names Oren Vale or Tamsin Vale ("Vale") before the reader meets them: a reader who has consumed wn:1-2 sees it without having met Oren Vale or Tamsin Vale, who first appear at wn:2-1 (Oren Vale); wn:2-2 (Tamsin Vale)`,
    ]);
  });

  it("shows a relationship's character by name: the relationship waits until the reader has met them", () => {
    const relationship = (revealAt?: string) =>
      problemsOfTiny((files) => {
        const mira = files["characters.json"].characters[0];
        if (revealAt) mira.relationships[0].revealAt = revealAt;
        else delete mira.relationships[0].revealAt;
      });
    expect(relationship("wn:1-2")).toEqual([
      metFinding(
        "characters.json › characters[0].relationships[0].to",
        "Oren Vale",
        "Oren Vale",
        "a reader who has consumed wn:1-2 sees it",
        "wn:2-1",
      ),
    ]);
    // Not gated by the pack: gated with meeting Oren, as imported.
    expect(relationship()).toEqual([]);
  });

  it("judges a text on a character's profile by the readers who have met that character", () => {
    const fact = (revealAt?: string) =>
      problemsOfTiny((files) => {
        files["characters.json"].characters.push(tamsin());
        files["characters.json"].characters[1].facts.push({ label: "Debt", value: "Owes Tamsin a lamp", revealAt });
      });
    expect(fact()).toEqual([
      metFinding(
        "characters.json › characters[1].facts[1].value",
        "Tamsin Reed",
        "Tamsin",
        "a reader who has met Oren Vale at wn:2-1 sees it",
        "wn:2-2",
      ),
    ]);
    expect(fact("wn:2-2")).toEqual([]);
  });

  it("refuses a text a reader reaches after crossing from a medium that skipped where the character is met", () => {
    // Met in wn:1-3, which the anime skipped: a viewer who goes on in the web novel after episode 2 never met her.
    const crossing = (firstAppearances: Record<string, string>) =>
      problemsOfTiny((files) => {
        files["characters.json"].characters.push(tamsin(firstAppearances));
        Object.assign(files["web-novel.json"].arcs[1], {
          summary: "Tamsin keeps the hall.",
          summaryRevealAt: "wn:2-2",
        });
      });
    expect(crossing({ webNovel: "wn:1-3" })).toEqual([
      metFinding(
        "web-novel.json › arcs[1].summary",
        "Tamsin Reed",
        "Tamsin",
        "a reader who crossed from the anime after anime:1-2 into the web novel skipped wn:1-3, which introduces Tamsin Reed, and sees it at wn:2-2",
        "wn:1-3",
        "; so does a reader of 1 other crossing",
      ),
    ]);
    // The anime introduces her in its own episode 2: every viewer has met her.
    expect(crossing({ webNovel: "wn:1-3", anime: "anime:1-2" })).toEqual([]);
  });

  it("lets a crossing's reader see a profile's text only if they have met its character", () => {
    // Both met in wn:1-3 alone: a viewer who skipped it sees neither Tamsin's profile nor what it says of Ada.
    const profile = (owner: Record<string, string>) =>
      problemsOfTiny((files) => {
        const ada = { slug: "ada-lorn", name: "Ada Lorn", firstAppearances: { webNovel: "wn:1-3" } };
        const fact = { label: "Trust", value: "Trusts Ada with the lamp", revealAt: "wn:2-2" };
        files["characters.json"].characters.push({ ...tamsin(owner), facts: [fact] }, ada);
      });
    expect(profile({ webNovel: "wn:1-3" })).toEqual([]);
    // Met by the anime's viewers too: they see the fact, and have never met Ada.
    expect(profile({ webNovel: "wn:1-3", anime: "anime:1-2" })).toEqual([
      metFinding(
        "characters.json › characters[2].facts[0].value",
        "Ada Lorn",
        "Ada",
        "a reader who crossed from the anime after anime:1-2 into the web novel skipped wn:1-3, which introduces Ada Lorn, and sees it at wn:2-2",
        "wn:1-3",
        "; so does a reader of 1 other crossing",
      ),
    ]);
  });

  it("lets any text name a character the pack declares known from the start, whose profile is then public", () => {
    const declared = (knownFromStart: boolean) =>
      resolveTiny((files) => {
        files["web-novel.json"].arcs[0].summary = "Mira meets Oren Vale.";
        files["characters.json"].characters[1].knownFromStart = knownFromStart;
      });
    expect(declared(false).problems).toHaveLength(1);
    const resolved = declared(true);
    expect(resolved.problems).toEqual([]);
    expect(resolved.rows.characters.find((character) => character.slug === "oren-vale")?.revealed_by).toBeNull();
  });
});

describe("the title lint", () => {
  const warningsOf = (edit: (files: Record<PackFileName, any>) => void) =>
    resolveTiny(edit).warnings.map(formatProblem);

  it("warns, and refuses nothing, where a title pairs a character with a word of ending", () => {
    const resolved = resolveTiny((files) => (files["web-novel.json"].arcs[0].chapters[1].title = "Mira's Last Door"));
    expect(resolved.problems).toEqual([]);
    expect(resolved.warnings.map(formatProblem)).toEqual([
      `web-novel.json › arcs[0].chapters[1].title: "Mira's Last Door" pairs Mira Hale with "Last": a reader who shows titles of what they have not reached learns how their story goes; flag the title as a spoiler (titleIsSpoiler) or name it otherwise`,
    ]);
  });

  it("knows a character by a name of theirs or an alias, and an ending by any of its words", () => {
    for (const title of ["The Death of Hale", "Farewell, Doorwarden", "The Funeral of Mira Hale", "Mira's Final Knock"])
      expect(
        warningsOf((files) => (files["anime.json"].seasons[0].episodes[0].title = title)),
        title,
      ).toHaveLength(1);
  });

  it("passes a flagged title, a title with no character, and a character with no ending", () => {
    expect(
      warningsOf((files) => {
        const chapters = files["web-novel.json"].arcs[0].chapters;
        chapters[1].title = "Mira's Last Door";
        chapters[1].titleIsSpoiler = true;
        chapters[0].title = "The Last Door";
        files["anime.json"].seasons[0].episodes[0].title = "Mira Lasts";
        Object.assign(files["anime.json"].seasons[0].episodes[1], { title: "Farewell, Mira", titleIsSpoiler: true });
      }),
    ).toEqual([]);
  });

  it("passes the demo pack, which flags or renames every such title", () => {
    const demo = parsePack((file) => ({ json: JSON.parse(readFileSync(`content/demo/${file}`, "utf8")) }));
    if (!demo.pack) throw new Error("The demo pack does not parse");
    expect(resolvePack(demo.pack, "demo").warnings.map(formatProblem)).toEqual([]);
  });
});

describe("a gated arc title and a flagged episode title, repeated elsewhere", () => {
  const repeated = (where: string, matched: string, whose: string, who: string) =>
    `${where}: names ${whose} ("${matched}") before it is revealed: ${who} before what reveals it`;

  it("are judged in every text that repeats them, a title or a phase as prose", () => {
    expect(
      problemsOfTiny((files) => {
        const arc = files["web-novel.json"].arcs[1];
        Object.assign(arc, { title: "The Sealed Hall", titleRevealAt: "wn:2-2" });
        arc.phases = [{ name: "The Sealed Hall", fromOrdinal: 1 }];
        files["anime.json"].seasons[0].title = "Tiny Tale: The Sealed Hall";
        Object.assign(files["anime.json"].seasons[0].episodes[1], { title: "The Keeper's Lamp", titleIsSpoiler: true });
        files["anime.json"].seasons[0].recuts[0].episodes[1].title = "The Keeper's Lamp";
      }),
    ).toEqual([
      repeated(
        "web-novel.json › arcs[1].phases[0].name",
        "The Sealed Hall",
        "the gated title of arc 2",
        "every reader sees it",
      ),
      repeated("anime.json › seasons[0].title", "The Sealed Hall", "the gated title of arc 2", "every reader sees it"),
      repeated(
        "anime.json › seasons[0].recuts[0].episodes[1].title",
        "The Keeper's Lamp",
        "the flagged title of anime:1-2",
        "every reader sees it",
      ),
    ]);
  });

  it("leave alone a text gated with them: the episode that reveals the arc title, titled the same", () => {
    expect(
      problemsOfTiny((files) => {
        Object.assign(files["web-novel.json"].arcs[1], { title: "The Sealed Hall", titleRevealAt: "wn:2-1" });
        Object.assign(files["anime.json"].seasons[0].episodes[1], { title: "The Sealed Hall", titleIsSpoiler: true });
      }),
    ).toEqual([]);
  });
});
