import { describe, expect, it } from "vitest";
import type { AnimeMistake, LnMistake } from "../mistakes/entries";
import { seal } from "../shield/gated";
import { knowledgeOfUnits, noKnowledge, type Revealers } from "../shield/knowledge";
import { animeFeedNote, animeNoteEntry, lnFeedNote, lnNoteEntry } from "./translation-notes";

const ORIGIN = "https://companion.example";

const text = {
  japanese: "扉は二度叩け。",
  official: "Knock on the door once.",
  suggested: "Knock on the door twice.",
  explanation: "The count matters later.",
};

function lnEntry(revealedBy: Revealers): LnMistake {
  return {
    id: "n1",
    category: "mistranslation",
    severity: "plot_relevant",
    status: "confirmed",
    credits: ["lampwright"],
    addedOn: "2018-02-01",
    updatedOn: "2019-01-01",
    volume: { key: "ln:main-3", label: "Lanternfall 3" },
    chapter: 4,
    chapterLabel: "Chapter 4",
    chapterTitle: { revealedBy, content: "The Door" },
    webNovelChapter: null,
    page: 112,
    ebookPosition: null,
    edition: "1st printing",
    revealedBy,
    content: text,
  };
}

function specialEntry(revealedBy: Revealers): AnimeMistake {
  return {
    id: "n2",
    category: "omission",
    severity: "minor",
    status: "disputed",
    credits: ["subwatch"],
    addedOn: "2020-04-02",
    updatedOn: null,
    episode: {
      medium: "anime_specials",
      key: "sp:ova-2",
      kind: "ova",
      label: "Anime · OVA 2",
      title: null,
      position: 9,
    },
    start: 190,
    end: 194,
    platform: "StreamCo",
    track: "dub",
    revealedBy,
    content: text,
  };
}

const PATH = "/translation_meta/ln_mistls/main_v3#entry-n1";

describe("the translation notes feed's entries", () => {
  it("name an entry behind the shield by its volume or episode and its date alone, and tell nothing of it", () => {
    for (const revealedBy of [["ln:main-3"], [], ["wn:99-99"]]) {
      const ln = lnNoteEntry(seal(lnFeedNote(lnEntry(revealedBy), PATH), noKnowledge), ORIGIN);
      const special = animeNoteEntry(seal(animeFeedNote(specialEntry(revealedBy)), noKnowledge), ORIGIN);
      expect(ln).toEqual({
        id: `${ORIGIN}${PATH}`,
        link: `${ORIGIN}${PATH}`,
        title: "Lanternfall 3: a note behind the spoiler shield, changed 1 Jan 2019",
        authors: [],
        categories: [],
        published: "2018-02-01",
        updated: "2019-01-01",
        summary:
          "A translation note on Lanternfall 3, added 1 Feb 2018, last changed 1 Jan 2019. This feed knows only the progress its address states, so it leaves out what the note is and the lines it corrects: open it on the site, where your progress decides whether it shows.",
      });
      expect(special.title).toBe("Anime · OVA 2: a note behind the spoiler shield, added 2 Apr 2020");
      expect(special.summary).toMatch(/^A translation note on Anime · OVA 2, added 2 Apr 2020\. This feed/);
      expect(special.link).toBe(`${ORIGIN}/translation_meta/anime_mistls?season=specials#entry-n2`);
      for (const fed of [ln, special])
        expect(JSON.stringify(fed)).not.toMatch(
          /Mistranslation|Omission|Plot-relevant|Minor|Confirmed|Disputed|Chapter 4|112|1st printing|3:10|StreamCo|dub|lampwright|subwatch|Knock|count|The Door/i,
        );
    }
  });

  it("name a season's episode by its label, never by its title", () => {
    const gate = ["anime:1-3"];
    const episode = animeFeedNote({
      ...specialEntry(gate),
      episode: {
        medium: "anime",
        key: "anime:1-3",
        season: 1,
        number: 3,
        label: "2.5",
        title: { revealedBy: gate, content: "The Lamp Goes Out" },
        position: 3,
      },
    });
    expect(animeNoteEntry(seal(episode, noKnowledge), ORIGIN).title).toBe(
      "Season 1 · Episode 2.5: a note behind the spoiler shield, added 2 Apr 2020",
    );
    expect(animeNoteEntry(seal(episode, knowledgeOfUnits(gate)), ORIGIN).title).toBe(
      "Season 1 · Episode 2.5 at 3:10: Omission (Minor)",
    );
    expect(JSON.stringify(animeNoteEntry(seal(episode, noKnowledge), ORIGIN))).not.toContain("Lamp");
  });

  it("date a sealed entry by the day the site posted it, or changed it since", () => {
    const sealed = (addedOn: string, updatedOn: string | null) =>
      lnNoteEntry(seal(lnFeedNote({ ...lnEntry(["ln:main-3"]), addedOn, updatedOn }, PATH), noKnowledge), ORIGIN).title;
    expect([
      sealed("2018-02-01", null),
      sealed("2018-02-01", "2018-02-01"),
      sealed("2017-11-20", "2018-02-01"),
    ]).toEqual([
      "Lanternfall 3: a note behind the spoiler shield, added 1 Feb 2018",
      "Lanternfall 3: a note behind the spoiler shield, added 1 Feb 2018",
      "Lanternfall 3: a note behind the spoiler shield, changed 1 Feb 2018",
    ]);
  });

  it("say what an entry the shield lets through is, where it is, its lines and who wrote it", () => {
    const ln = lnNoteEntry(seal(lnFeedNote(lnEntry(null), PATH), noKnowledge), ORIGIN);
    expect(ln).toMatchObject({
      title: "Lanternfall 3, Chapter 4: Mistranslation (Plot-relevant)",
      authors: ["lampwright"],
      categories: ["mistranslation", "plot_relevant"],
      summary:
        "Mistranslation · Plot-relevant · Confirmed · p. 112 · 1st printing. Official: “Knock on the door once.” Suggested: “Knock on the door twice.” The count matters later.",
    });
    const special = animeNoteEntry(
      seal(animeFeedNote(specialEntry(["sp:ova-2"])), knowledgeOfUnits(["sp:ova-2"])),
      ORIGIN,
    );
    expect(special).toMatchObject({
      title: "Anime · OVA 2 at 3:10: Omission (Minor)",
      summary: expect.stringMatching(/^Omission · Minor · Disputed · 3:10–3:14 · StreamCo dub\. Official: “Knock/),
    });
  });
});
