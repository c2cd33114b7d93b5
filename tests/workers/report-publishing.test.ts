/**
 * What a reader's accepted report publishes: held to the story's secrets (as the pack's own texts are at
 * import) judged by whoever the entry's volume or episode shows it to, a location that is a place in the
 * book, and a feed that carries nothing of an entry sealed for a signed-out reader.
 */
import { env } from "cloudflare:workers";
import { entryHandle } from "~/lib/mistakes/rules";
import { beforeAll, describe, expect, it } from "vitest";
import { action as formAction } from "~/routes/feedback-hub.form";
import { action as triageAction } from "~/routes/feedback-hub.triage";
import { loader as feedLoader } from "~/routes/translation-meta.feed";
import { loader as volumeLoader } from "~/routes/translation-meta.ln-page";
import { loader as lnIndexLoader } from "~/routes/translation-meta.ln";
import { callAsReader as call, form, readerCookie as cookieFor } from "../support/readers";
import { knowledgeOfUnits, knows, readRevealers } from "~/lib/shield/knowledge";
import { importTestPack, type TestPackOptions } from "../support/packs";
import { load, pageOfKind, present } from "../support/workers-context";

/*
 * The tiny pack with a second secret, revealed at wn:2-2 and so by ln:main-2 (which adapts wn:2-1 to
 * wn:2-2), not by ln:main-1. Its first secret, Mira built the door, is revealed at wn:1-3 (and by
 * ln:main-1), which anime episode 2 skipped.
 */
const withSecondSecret: TestPackOptions = {
  edit: (files) =>
    files["series.json"].secrets.push({
      id: "the-hall-remembers",
      words: ["the hall remembers"],
      revealAt: "wn:2-2",
    }),
};
beforeAll(() => importTestPack("tiny", withSecondSecret));

let sent = 0;

/** Sends a report from a reader of its own (each reader may send 5 a minute) and gives its stored id. */
async function sendReport(slug: "report_ln_mistl" | "report_anime_mistl", fields: Record<string, string>) {
  const submissionId = crypto.randomUUID();
  const uid = `publishing-reader-${++sent}`;
  const result = await call(formAction, `/feedback_hub/${slug}`, {
    method: "POST",
    cookie: await cookieFor(uid),
    params: { form: slug },
    body: form({ submissionId, ...fields }),
  });
  expect(result.status, JSON.stringify(result.data)).toBe(302);
  return present(
    await env.DB.prepare(`SELECT id FROM reports WHERE uid = ? AND submission_id = ?`)
      .bind(uid, submissionId)
      .first<{ id: string }>(),
    "stored report",
  ).id;
}

const lnReport = (fields: Record<string, string>) =>
  sendReport("report_ln_mistl", {
    volume: "ln:main-1",
    chapter: "2",
    location: "p. 31",
    official: "Oh, you.",
    suggested: "You absolute fool.",
    why: "Softened insult.",
    ...fields,
  });

/** A moderator accepts the report, filing it as a softened, meaning-changing entry. */
async function accept(reportId: string, note = "Confirmed.") {
  return call(triageAction, "/feedback_hub/triage", {
    method: "POST",
    cookie: await cookieFor("publishing-mod", { admin: true, name: "Mod" }),
    body: form({
      reportId,
      from: "open",
      status: "accepted",
      note,
      category: "softened",
      severity: "meaning_changing",
    }),
  });
}

async function stored(reportId: string) {
  return present(
    await env.DB.prepare(`SELECT status, published_entry FROM reports WHERE id = ?`)
      .bind(reportId)
      .first<{ status: string; published_entry: string | null }>(),
  );
}

const entryCount = async (reportId: string) =>
  present(
    await env.DB.prepare(
      `SELECT (SELECT count(*) FROM ln_mistakes WHERE id = ?1) + (SELECT count(*) FROM anime_mistakes WHERE id = ?1) AS n`,
    )
      .bind(`report-${reportId}`)
      .first<{ n: number }>(),
  ).n;

describe("the content import", () => {
  it("stores the pack's secrets with what reveals each, for triage to hold reports to", async () => {
    const { results } = await env.DB.prepare(`SELECT id, words, revealed_by FROM story_secrets ORDER BY id`).all();
    expect(results).toEqual([
      { id: "mira-built-the-door", words: '["built the door","The Keeper Lied"]', revealed_by: "wn:1-3 ln:main-1" },
      { id: "the-hall-remembers", words: '["the hall remembers"]', revealed_by: "wn:2-2 ln:main-2" },
    ]);
  });
});

describe("a report's location", () => {
  it("is refused on sending when it is not a page, a percentage or a Kindle location, with the text kept", async () => {
    const location = "p. 31, just after the hall remembers everything";
    const result = await call(formAction, "/feedback_hub/report_ln_mistl", {
      method: "POST",
      cookie: await cookieFor("publishing-location"),
      params: { form: "report_ln_mistl" },
      body: form({
        submissionId: crypto.randomUUID(),
        volume: "ln:main-1",
        chapter: "2",
        location,
        official: "a",
        suggested: "b",
        why: "c",
      }),
    });
    expect(result.status).toBe(400);
    expect(result.data?.error.fields).toEqual({
      location: "Write a page (p. 112), a percentage (43%) or a Kindle location (loc. 1234).",
    });
    expect(result.data?.values).toMatchObject({ location, official: "a", why: "c" });
  });

  it("is refused on accepting when the report was sent before the form checked it", async () => {
    const reportId = await lnReport({});
    await env.DB.prepare(`UPDATE reports SET fields = json_set(fields, '$.location', ?) WHERE id = ?`)
      .bind("the scene where Oren cries", reportId)
      .run();
    const result = await accept(reportId);
    expect(result.status).toBe(422);
    expect(result.data?.error.fields?.form).toBe(
      "Not published: its “Page or ebook position” reads “the scene where Oren cries”, which is not a page (p. 112), a percentage (43%) or a Kindle location (loc. 1234), and the entry would show it to every reader of the volume. Decline it with a note asking the reader to send it again without that.",
    );
    expect(await stored(reportId)).toEqual({ status: "open", published_entry: null });
    expect(await entryCount(reportId)).toBe(0);
  });

  it("is published as a page or an ebook position, never a percentage read as a page", async () => {
    const percentage = await lnReport({ location: "43.5%", suggested: "At forty-three and a half." });
    const kindle = await lnReport({ location: "Location 812", suggested: "At location eight hundred." });
    const none = await lnReport({ location: "", suggested: "Somewhere in it." });
    for (const reportId of [percentage, kindle, none]) expect((await accept(reportId)).status).toBe(302);
    const volume = pageOfKind(
      await load(volumeLoader, "/translation_meta/ln_mistls/main_v1?reveal=ln:main-1", { slug: "main_v1" }),
      "volume",
    );
    const place = (suggested: string) => {
      const entry = present(
        volume.entries.map((listed) => listed.content).find((candidate) => candidate?.content?.suggested === suggested),
      );
      return [entry.page, entry.ebookPosition];
    };
    expect(place("At forty-three and a half.")).toEqual([null, "43.5%"]);
    expect(place("At location eight hundred.")).toEqual([null, "loc. 812"]);
    expect(place("Somewhere in it.")).toEqual([null, null]);
  });

  it("is found in the volumes' search by a Japanese word inside its line, as the pack's entries are", async () => {
    const reportId = await lnReport({ japanese: "灯芯は二度と燃えない", suggested: "Never again will the wick burn." });
    expect((await accept(reportId)).status).toBe(302);
    const found = await load(
      lnIndexLoader,
      `/translation_meta/ln_mistls?q=${encodeURIComponent("燃えない")}&reveal=all`,
    );
    expect(found.matches.map((entry) => entry.content?.suggested)).toEqual(["Never again will the wick burn."]);
  });

  it("takes its chapter's place in the volume's contents from the number or the title the reader wrote", async () => {
    // The tiny pack's volume 1 lists "Knock" and "Hinge" without labels; volume 2 "Chapter 1: Corridor"
    // and "Epilogue: Lamp".
    const numbered = await lnReport({ chapter: "12-A", suggested: "In the split chapter." });
    const titled = await lnReport({ chapter: "The Ash Warden Weeps", suggested: "In a chapter by its title." });
    const listed = await lnReport({ chapter: " hinge ", suggested: "In a listed chapter by its title." });
    const labelled = await lnReport({ volume: "ln:main-2", chapter: "1", suggested: "In the book's chapter 1." });
    for (const reportId of [numbered, titled, listed, labelled]) expect((await accept(reportId)).status).toBe(302);
    const entries = await Promise.all(
      ["main_v1", "main_v2"].map(
        async (slug) =>
          pageOfKind(
            await load(volumeLoader, `/translation_meta/ln_mistls/${slug}?reveal=ln:main-2`, { slug }),
            "volume",
          ).entries,
      ),
    );
    const chapterOf = (suggested: string) => {
      const entry = present(
        entries
          .flat()
          .map((listed) => listed.content)
          .find((candidate) => candidate?.content?.suggested === suggested),
      );
      return [entry.chapter, entry.chapterLabel, entry.chapterTitle.content];
    };
    // A number the contents do not list stays as written; a title they do not list gives no place, and
    // no label is made of it.
    expect(chapterOf("In the split chapter.")).toEqual([12, "Chapter 12-A", null]);
    expect(chapterOf("In a chapter by its title.")).toEqual([0, null, null]);
    // Found in the contents: its place, label and title there, as a pack's entry has them.
    expect(chapterOf("In a listed chapter by its title.")).toEqual([2, null, "Hinge"]);
    expect(chapterOf("In the book's chapter 1.")).toEqual([1, "Chapter 1", "Corridor"]);
  });
});

describe("accepting a report that names a secret", () => {
  it("is refused when the entry's volume shows it before the secret, naming the field, the secret and the readers", async () => {
    const reportId = await lnReport({ why: "Because THE HALL remembers, the insult is a threat." });
    const result = await accept(reportId, "A good catch, thank you.");
    expect(result.status).toBe(422);
    expect(result.data?.error.fields?.form).toBe(
      "Not published: its “Why it matters” names the secret “the-hall-remembers” (“THE HALL remembers”), which readers of Tiny Tale 1 may not know yet, and the entry would show it to them. Decline it with a note asking the reader to send it again without that.",
    );
    // The moderator's own input comes back to the form.
    expect(result.data?.values).toMatchObject({ reportId, status: "accepted", note: "A good catch, thank you." });
    expect(await stored(reportId)).toEqual({ status: "open", published_entry: null });
    expect(await entryCount(reportId)).toBe(0);
    // Declining it, with the note, is still possible.
    const declined = await call(triageAction, "/feedback_hub/triage", {
      method: "POST",
      cookie: await cookieFor("publishing-mod", { admin: true, name: "Mod" }),
      body: form({ reportId, from: "open", status: "declined", note: "Please send it again without the spoiler." }),
    });
    expect(declined.status).toBe(302);
    expect((await stored(reportId)).status).toBe("declined");
  });

  it("names the original's field as the form does, in the series' language", async () => {
    const reportId = await lnReport({ japanese: "THE HALL remembers" });
    const result = await accept(reportId);
    expect(result.status).toBe(422);
    expect(result.data?.error.fields?.form).toMatch(
      /^Not published: its “The Japanese text, if you know it” names the secret/,
    );
  });

  it("publishes the same words where every reader of the volume knows the secret", async () => {
    const reportId = await lnReport({ volume: "ln:main-2", chapter: "1", why: "Because the hall remembers." });
    expect((await accept(reportId)).status).toBe(302);
    expect(await stored(reportId)).toEqual({ status: "accepted", published_entry: `report-${reportId}` });
  });

  it("refuses an anime report on an episode whose viewers skipped the chapter that reveals it", async () => {
    const reportId = await sendReport("report_anime_mistl", {
      episode: "anime:1-2",
      timestamp: "3:10",
      platform: "Netflix",
      track: "subtitles",
      official: "So you built the door.",
      suggested: "So it was you.",
      why: "The subtitle says more than the line.",
    });
    const result = await accept(reportId);
    expect(result.status).toBe(422);
    expect(result.data?.error.fields?.form).toContain(
      "its “The official line” names the secret “mira-built-the-door” (“built the door”), which readers of",
    );
    expect(await entryCount(reportId)).toBe(0);
  });

  it("refuses a volume's report that names a secret its readers who came from the anime skipped", async () => {
    // Whoever read Tiny Tale 2 from the start read Tiny Tale 1 and knows Mira built the door (wn:1-3).
    // A viewer who went on in the light novels after anime episode 2 skipped Tiny Tale 1 (the anime left
    // part of it out), and the entry shows to the readers of Tiny Tale 2 alone (its told_by, decision 58).
    const reportId = await lnReport({
      volume: "ln:main-2",
      chapter: "1",
      why: "Since Mira built the door, it is a boast.",
    });
    const result = await accept(reportId);
    expect(result.status).toBe(422);
    expect(result.data?.error.fields?.form).toContain(
      "names the secret “mira-built-the-door” (“built the door”), which readers of Tiny Tale 2 who came from Season 1 · Episode 2 into the Tiny Tale light novels and skipped Tiny Tale 1 may not know yet",
    );
    expect(await entryCount(reportId)).toBe(0);
  });

  it("refuses both of two moderators accepting it at once, and publishes nothing", async () => {
    const reportId = await lnReport({ official: "When the hall remembers, run." });
    const results = await Promise.all([accept(reportId), accept(reportId)]);
    expect(results.map((result) => result.status)).toEqual([422, 422]);
    expect(await stored(reportId)).toEqual({ status: "open", published_entry: null });
    expect(await entryCount(reportId)).toBe(0);
  });
});

describe("the translation notes feed", () => {
  it("prints nothing a reader or a moderator wrote of an entry sealed for a signed-out reader, only its volume", async () => {
    // A chapter the volume's contents do not list, kept as the reader wrote it, and a place in the book.
    const reportId = await lnReport({
      volume: "ln:main-2",
      chapter: "77-Z",
      location: "loc. 4321",
      official: "A line only readers of the hall know.",
    });
    expect((await accept(reportId)).status).toBe(302);
    const xml = await (await load(feedLoader, "/translation_meta/feed.xml")).text();
    const entry = present(
      [...xml.matchAll(/<entry>[\s\S]*?<\/entry>/g)]
        .map((match) => match[0])
        .find((text) => text.includes(entryHandle(`report-${reportId}`))),
    );
    expect(entry).toMatch(/<title>Tiny Tale 2: a note behind the spoiler shield, added \d{1,2} \w{3} \d{4}<\/title>/);
    // The reader's chapter and location, the moderator's filing and name, the words.
    for (const written of [
      "77-Z",
      "4321",
      "Softened",
      "Meaning-changing",
      "softened",
      "meaning_changing",
      "reviewed by Mod",
      "Reported by a reader",
      "A line only readers of the hall know.",
      "You absolute fool.",
    ])
      expect(entry).not.toContain(written);
  });
});

describe("an import after a report was published", () => {
  it("narrows the published entry's gate with its volume's, never beyond what it was published with", async () => {
    const reportId = await lnReport({ suggested: "Gated again on import." });
    expect((await accept(reportId)).status).toBe(302);
    const entry = async () =>
      present(
        await env.DB.prepare(
          `SELECT e.revealed_by, e.reveal_position, u.told_by, u.position FROM ln_mistakes e JOIN story_units u ON u.key = e.volume_key WHERE e.id = ?`,
        )
          .bind(`report-${reportId}`)
          .first<{ revealed_by: string; reveal_position: number; told_by: string; position: number }>(),
      );
    // As an older import left it: published when more readers were let through, at another place.
    await env.DB.batch([
      env.DB.prepare(`UPDATE ln_mistakes SET revealed_by = ?, reveal_position = 0 WHERE id = ?`).bind(
        `${(await entry()).told_by} anime:1-9`,
        `report-${reportId}`,
      ),
      env.DB.prepare(`UPDATE story_units SET label = 'As before' WHERE key = 'wn:1-1'`),
    ]);
    await importTestPack("tiny", withSecondSecret);
    const after = await entry();
    expect(after.revealed_by.split(" ").sort()).toEqual(after.told_by.split(" ").sort());
    expect(after.reveal_position).toBe(after.position);
  });
});

describe("an import that adds a unit telling all of a reported volume", () => {
  it("does not show the published words to its viewers who skipped the secret they name", async () => {
    const episodeTwoAdapts = (from: string, to: string): TestPackOptions => ({
      edit: (files) => {
        withSecondSecret.edit!(files);
        files["anime.json"].seasons[0].episodes[1].adapts = { from, to };
      },
    });
    // Published while no anime episode told Tiny Tale 2 and episode 2 left nothing out.
    await importTestPack("tiny", episodeTwoAdapts("wn:1-3", "wn:2-1"));
    const reportId = await lnReport({
      volume: "ln:main-2",
      chapter: "1",
      why: "Since Mira built the door, it is a boast.",
    });
    expect((await accept(reportId)).status).toBe(302);
    // Episode 2 now tells all of Tiny Tale 2, and skips wn:1-3, where Mira built the door.
    await importTestPack("tiny", episodeTwoAdapts("wn:2-1", "wn:2-2"));
    const entry = present(
      await env.DB.prepare(`SELECT revealed_by FROM ln_mistakes WHERE id = ?`)
        .bind(`report-${reportId}`)
        .first<{ revealed_by: string }>(),
    );
    const secret = present(
      await env.DB.prepare(`SELECT revealed_by FROM story_secrets WHERE id = 'mira-built-the-door'`).first<{
        revealed_by: string;
      }>(),
    );
    const viewer = knowledgeOfUnits(["anime:1-2"]);
    expect(knows(viewer, readRevealers(secret.revealed_by))).toBe(false);
    // What the volume's page of translation notes answers a viewer of episode 2.
    const answered = JSON.stringify(
      await load(volumeLoader, "/translation_meta/ln_mistls/main_v2?reveal=anime:1-2", { slug: "main_v2" }),
    );
    await importTestPack("tiny", withSecondSecret);
    expect(answered).not.toContain("built the door");
    expect(knows(viewer, readRevealers(entry.revealed_by))).toBe(false);
  });
});

describe("an import that adds a recut holding a reported episode", () => {
  it("does not show the published words to recut viewers who never saw the episode before it", async () => {
    const withEpisodeOneSecret = (recutEpisodes: unknown[]): TestPackOptions => ({
      edit: (files) => {
        withSecondSecret.edit!(files);
        files["series.json"].secrets.push({ id: "the-snack", words: ["the sardine snack"], revealAt: "anime:1-1" });
        files["anime.json"].seasons[0].recuts[0].episodes = recutEpisodes;
      },
    });
    // Published while the recut held both episodes in order: its viewers of episode 2 saw episode 1.
    await importTestPack(
      "tiny",
      withEpisodeOneSecret([
        { number: 1, title: "Encore", contains: [{ episode: 1 }] },
        { number: 2, title: "Reprise", contains: [{ episode: 2 }] },
      ]),
    );
    const reportId = await sendReport("report_anime_mistl", {
      episode: "anime:1-2",
      timestamp: "3:10",
      platform: "Netflix",
      track: "subtitles",
      official: "After the sardine snack, we go.",
      suggested: "After we eat, we go.",
      why: "The line is mistimed.",
    });
    expect((await accept(reportId)).status).toBe(302);
    // Now the recut leaves episode 1 out: its first episode holds episode 2.
    await importTestPack("tiny", withEpisodeOneSecret([{ number: 1, title: "Encore", contains: [{ episode: 2 }] }]));
    const entry = present(
      await env.DB.prepare(`SELECT revealed_by FROM anime_mistakes WHERE id = ?`)
        .bind(`report-${reportId}`)
        .first<{ revealed_by: string }>(),
    );
    const secret = present(
      await env.DB.prepare(`SELECT revealed_by FROM story_secrets WHERE id = 'the-snack'`).first<{
        revealed_by: string;
      }>(),
    );
    await importTestPack("tiny", withSecondSecret);
    const viewer = knowledgeOfUnits(["anime:1r1-1"]);
    expect(knows(viewer, readRevealers(secret.revealed_by))).toBe(false);
    expect(knows(viewer, readRevealers(entry.revealed_by))).toBe(false);
  });
});

describe("an import that changes a unit no report is on", () => {
  it("leaves the published entries as they are, writing none of them", async () => {
    const reportId = await lnReport({ suggested: "Written once." });
    expect((await accept(reportId)).status).toBe(302);
    await env.DB.batch([
      env.DB.prepare(`CREATE TABLE IF NOT EXISTS entry_writes (id TEXT)`),
      env.DB.prepare(`DELETE FROM entry_writes`),
      env.DB.prepare(
        `CREATE TRIGGER IF NOT EXISTS count_entry_writes AFTER UPDATE ON ln_mistakes BEGIN INSERT INTO entry_writes VALUES (new.id); END`,
      ),
      env.DB.prepare(`UPDATE story_units SET label = 'As before' WHERE key = 'wn:1-1'`),
    ]);
    await importTestPack("tiny", withSecondSecret);
    const written = await env.DB.prepare(`SELECT id FROM entry_writes`).all<{ id: string }>();
    await env.DB.batch([env.DB.prepare(`DROP TRIGGER count_entry_writes`), env.DB.prepare(`DROP TABLE entry_writes`)]);
    expect(written.results).toEqual([]);
  });
});
