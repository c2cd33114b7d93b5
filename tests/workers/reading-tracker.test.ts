import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { knows, parseKnowledge, readRevealers } from "~/lib/shield/knowledge";
import { crossings } from "~/lib/progress/media-crossing";
import { emptyProgress, knowledgeOf, type Progress } from "~/lib/progress/record";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { media } from "~/lib/content/units";
import { forgetAccount } from "~/models/account.server";
import { saveProgress } from "~/models/progress.server";
import { getTimeline } from "~/models/timeline.server";
import { getSeriesOverview } from "~/models/series.server";
import { countRows, type Reader, signIn, visitor } from "../support/readers";
import { importTestPack } from "../support/packs";
import { fetchDeployed, fetchSite } from "../support/site";

/**
 * Every title the tracker's timeline gates, as the importer stored it: chapters whose title spoils and
 * Break Time shorts (the index gates each as its page does, by the same units).
 */
async function gatedTitles() {
  const { results } = await env.DB.prepare(
    `SELECT title, revealed_by FROM search_entries WHERE kind IN ('chapter', 'episode', 'break_time') AND revealed_by IS NOT NULL ORDER BY id`,
  ).all<{ title: string; revealed_by: string }>();
  return results;
}

async function timeline(reveal: string | null) {
  const response = await fetchDeployed(
    `/resources/timeline${reveal === null ? "" : `?reveal=${encodeURIComponent(reveal)}`}`,
  );
  expect(response.status).toBe(200);
  const text = await response.text();
  return { response, text, units: (JSON.parse(text) as { units: TrackerUnit[] }).units };
}

describe("reading tracker", () => {
  it("carries no timeline in the page: a signed-out reader's tracker holds only the (empty) saved progress", async () => {
    const response = await fetchSite("/reading_tracker.data");
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("saved");
    expect(body).not.toContain("units");
    expect(body).not.toContain("wn:1-1");

    const page = await (await fetchSite("/reading_tracker")).text();
    expect(page).toContain("Reading tracker");
    expect(page).not.toContain("wn:1-1");
  });

  it("serves the timeline the pickers list from /resources/timeline, in story order, the same for everyone", async () => {
    const { response, units } = await timeline(null);
    expect(response.headers.get("Cache-Control")).toMatch(/^public/);
    expect(units.length).toBeGreaterThan(10);
    expect(units[0]).toMatchObject({
      key: "wn:1-1",
      medium: "web_novel",
      // Sealed for a requester who states nothing: the title waits for a reader who reached the chapter.
      title: { revealedBy: expect.arrayContaining(["wn:1-1", "titles"]), content: null },
    });
    const positions = units.map((unit) => unit.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    expect(new Set(units.map((unit) => unit.medium))).toEqual(
      new Set(["web_novel", "light_novels", "side_stories", "anime", "break_time", "anime_specials", "manga"]),
    );
  });

  it("gives a web novel entry its serial site's number where the pack does, for imports to map by", async () => {
    await importTestPack("tiny", {
      edit: (files) => (files["web-novel.json"].arcs[0].chapters[1].serialNumber = 57),
    });
    try {
      const { units } = await getTimeline(env.DB);
      expect(units.find((unit) => unit.key === "wn:1-2")?.serialNumber).toBe(57);
      expect(units.find((unit) => unit.key === "wn:1-1")).not.toHaveProperty("serialNumber");
    } finally {
      await importTestPack("tiny");
    }
  });

  it("tells home only the first unit not out in each line, however many a pack announces", async () => {
    await importTestPack("tiny", {
      edit: (files) => {
        for (const volume of files["light-novels.json"].collections[0].volumes) {
          volume.releasedJp = "2027-03";
          volume.releasedEn = null;
        }
        for (const arc of files["web-novel.json"].arcs)
          for (const [index, chapter] of arc.chapters.entries())
            if (index > 0) chapter.publishedOn = `2027-0${index + 1}`;
      },
    });
    try {
      const { spans } = await getSeriesOverview(env.DB, "2026-12-07");
      expect(spans.coming.toSorted()).toEqual([
        ["ln:main-1", "2027-03"],
        ["wn:1-2", "2027-02"],
        ["wn:2-2", "2027-02"],
      ]);
    } finally {
      await importTestPack("tiny");
    }
  });

  it("dates each unit by its first release, a volume by its original edition, so the tracker offers none not out", async () => {
    await importTestPack("tiny", {
      edit: (files) => {
        const volume = files["light-novels.json"].collections[0].volumes[1];
        volume.releasedJp = "2027-03";
        volume.releasedEn = null;
        delete files["web-novel.json"].arcs[0].chapters[1].publishedOn;
      },
    });
    try {
      const { units } = await getTimeline(env.DB);
      const unit = (key: string) => units.find((each) => each.key === key);
      expect(unit("ln:main-1")?.released).toBe("2016-01-10");
      expect(unit("ln:main-2")?.released).toBe("2027-03");
      expect(unit("wn:1-1")?.released).toBe("2015-01-01");
      // Not known: no date, and out (isOut).
      expect(unit("wn:1-2")).not.toHaveProperty("released");
      // Home is told which of the units it may name next are not out yet, with their dates, to compare in the browser.
      const { spans } = await getSeriesOverview(env.DB, "2027-03-31");
      expect(spans.coming).toEqual([["ln:main-2", "2027-03"]]);
      expect((await getSeriesOverview(env.DB, "2027-04-01")).spans.coming).toEqual([]);
    } finally {
      await importTestPack("tiny");
    }
  });

  it("marks the volumes of side stories, whose readers have not read the main story up to where they fit", async () => {
    const { units } = await timeline(null);
    const volumes = units.filter((unit) => unit.medium === "light_novels");
    expect(Object.fromEntries(volumes.map((unit) => [unit.key, unit.sideVolume ?? false]))).toEqual({
      "ln:main-1": false,
      "ln:ex-1": true,
      "ln:main-2": false,
    });
  });

  it("names each arc and season (and part of a season) by number and title, for the tracker's first picker", async () => {
    const { units } = await timeline(null);
    const groups = new Set(
      units.filter((unit) => unit.medium === "web_novel" || unit.medium === "anime").map((unit) => unit.group),
    );
    // A season whose title already holds its number names it once (app/lib/progress/changes.ts groupName; the demo's second season).
    // A season in parts is offered part by part: its episodes keep the season's numbers.
    // A recut's episodes are listed under the recut's title, where the season's episodes they hold are.
    expect([...groups]).toEqual([
      "Arc 1: The Door",
      "Season 1: Tiny Tale · Part 1",
      "Tiny Tale: Recut",
      "Season 1: Tiny Tale · Part 2",
      "Arc 2: The Hall",
    ]);
  });

  it("lists side stories under their kind, which is how readers look for one", async () => {
    const { units } = await timeline(null);
    const sideStories = units.filter((unit) => unit.medium === "side_stories");
    expect(Object.fromEntries(sideStories.map((unit) => [unit.key, unit.group]))).toEqual({
      "ss:blog-1": "Short stories",
      "ss:ex-1-if": "IF routes",
    });
  });

  it("carries no title that spoils without reveal, and exactly the titles the requester knows with it", async () => {
    const gated = await gatedTitles();
    // Every title is gated: a flagged one by what reveals it, any other until the reader reaches its unit.
    expect(gated.map((each) => each.title)).toEqual(
      expect.arrayContaining(["The Keeper Lied", "Snack Time", "Knock", "Knock Knock"]),
    );
    const sealed = await timeline(null);
    for (const { title } of gated) expect(sealed.text, title).not.toContain(title);
    // Every unit is still listed, its title gated by the units that reveal it.
    const keeper = sealed.units.find((unit) => unit.key === "wn:1-3");
    expect(keeper?.title).toEqual({ revealedBy: expect.arrayContaining(["wn:1-3"]), content: null });

    for (const reveal of [
      "wn:1-2",
      "wn:1-3",
      "ln:main-1",
      "anime:1-1",
      "bt:1-1",
      "anime:1-2",
      "wn:2-2,anime:1-2,bt:1-1",
      "all",
      "titles",
      "titles,wn:1-1",
      "junk",
      "",
    ]) {
      const knowledge = parseKnowledge(reveal);
      const { text } = await timeline(reveal);
      for (const { title, revealed_by } of gated) {
        const known = knowledge !== null && knows(knowledge, readRevealers(revealed_by));
        expect(text.includes(title), `${title} for reveal=${reveal}`).toBe(known);
      }
    }
    // By what was consumed, not how far: a reader of the first volume knows the chapter it covers.
    const volume = await timeline("ln:main-1");
    expect(volume.text).toContain("The Keeper Lied");
  });

  it("says which units cover each unit's place, so an anime viewer crosses into the web novel with the skipped chapters kept unread", async () => {
    const { units } = await timeline(null);
    const { results: skipped } = await env.DB.prepare(
      `SELECT c.key FROM adaptation_changes a JOIN chapters f ON f.key = a.chapters_from JOIN chapters t ON t.key = a.chapters_to
         JOIN chapters c ON c.position BETWEEN f.position AND t.position
        WHERE a.kind = 'skipped' AND a.episode_key LIKE 'anime:1-%' ORDER BY c.position`,
    ).all<{ key: string }>();
    for (const unit of units) expect(unit.coveredBy, unit.key).toContain(unit.key);
    const lastEpisode = units.filter((unit) => unit.key.startsWith("anime:1-")).at(-1)!;
    const viewer = { ...emptyProgress, anime: lastEpisode.key };
    const intoWebNovel = crossings(viewer, units).find((crossing) => crossing.to.medium === "web_novel");
    expect(intoWebNovel).toBeDefined();
    // What the season skipped before the start, and nothing it adapted, is listed as skipped.
    const positionOf = (key: string) => units.find((unit) => unit.key === key)!.position;
    const skippedBefore = skipped.map((row) => row.key).filter((key) => positionOf(key) < intoWebNovel!.start.position);
    expect(skippedBefore.length).toBeGreaterThan(0);
    expect(intoWebNovel!.skipped.map((unit) => unit.key)).toEqual(skippedBefore);
    expect(intoWebNovel!.progress.skipped).toEqual([...skippedBefore].sort());
    const crossed = knowledgeOf(intoWebNovel!.progress);
    for (const unit of intoWebNovel!.skipped) expect(knows(crossed, unit.coveredBy), unit.key).toBe(false);

    // The server reads the skipped units in the reveal parameter: a title they reveal stays out.
    const keeper = units.find((unit) => unit.key === "wn:1-3")!;
    expect((await timeline("wn:2-2")).text).toContain("The Keeper Lied");
    const knowsAllButTheKeeper = `-${keeper.coveredBy.filter((key) => key.startsWith("wn:")).join(",-")},wn:2-2`;
    expect((await timeline(knowsAllButTheKeeper)).text).not.toContain("The Keeper Lied");
  });
});

describe("saving a reader's progress", () => {
  const json = { "Content-Type": "application/json" };
  const progressAt = (overrides: Partial<Progress>): Progress => ({
    ...emptyProgress,
    ...overrides,
    updatedAt: new Date().toISOString(),
  });
  const save = (reader: Reader, body: BodyInit, headers: Record<string, string> = json) =>
    reader.fetch("/resources/progress", { method: "POST", body, headers });
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { message: string } }).error.message;

  it("takes progress sent as JSON and answers the record the account keeps, with what another device saved", async () => {
    const reader = await signIn("tracker-json-save");
    const laptop = await save(reader, JSON.stringify(progressAt({ webNovel: "wn:1-2" })));
    expect(laptop.status).toBe(200);
    expect(laptop.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await laptop.json()).toMatchObject({ ok: true, saved: { webNovel: "wn:1-2", anime: null } });

    // Another device sends only its anime: the answer holds both, so that device can take in the chapter.
    const phone = await save(reader, JSON.stringify(progressAt({ anime: "anime:1-1" })));
    expect(phone.status).toBe(200);
    const { saved } = (await phone.json()) as { saved: Progress };
    expect(saved).toMatchObject({ webNovel: "wn:1-2", anime: "anime:1-1" });
    expect(saved.position).toBeGreaterThan(0);
  });

  it("answers a form (the old way of sending it) or a body without a type with 415, storing nothing", async () => {
    const reader = await signIn("tracker-form-save");
    const record = JSON.stringify(progressAt({ webNovel: "wn:1-2" }));
    const multipart = new FormData();
    multipart.set("progress", record);
    for (const [body, headers] of [
      [multipart, {}],
      [new URLSearchParams({ progress: record }), {}],
      [record, { "Content-Type": "text/plain" }],
      [new TextEncoder().encode(record), {}],
    ] as const) {
      const response = await save(reader, body, headers);
      expect(response.status, String(body)).toBe(415);
      expect(await errorOf(response)).toBe("Progress is saved as JSON: send it with Content-Type: application/json.");
    }
    expect(await countRows("reading_progress", reader.uid)).toBe(0);
  });

  it("answers a body that is not JSON or not a progress record with 400 in words, storing nothing", async () => {
    const reader = await signIn("tracker-malformed-save");
    const cases: Array<[BodyInit, string]> = [
      ["{", "That progress could not be read: it is not JSON."],
      [new Uint8Array([0x7b, 0xff, 0x7d]), "That progress could not be read: it is not JSON."],
      ["", "That progress could not be read: it is not JSON."],
      ["[]", "That progress could not be read (expected an object)."],
      [
        JSON.stringify({ ...progressAt({}), version: 3 }),
        "That progress could not be read (version: expected 1 or 2).",
      ],
      [
        JSON.stringify(progressAt({ webNovel: "anime:1-1" })),
        "That progress could not be read (webNovel: expected a web novel key).",
      ],
      [JSON.stringify({ ...progressAt({}), extra: 1 }), 'That progress could not be read (unknown field "extra").'],
    ];
    for (const [body, message] of cases) {
      const response = await save(reader, body, { "Content-Type": "application/json; charset=utf-8" });
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await countRows("reading_progress", reader.uid)).toBe(0);
  });

  it("gives the tracker a signed-in reader's saved progress only while their session is open", async () => {
    const reader = await signIn("tracker-loader-session");
    expect((await save(reader, JSON.stringify(progressAt({ webNovel: "wn:1-3" })))).status).toBe(200);
    expect(await (await reader.fetch("/reading_tracker.data")).text()).toContain("wn:1-3");
    // Signed out elsewhere: the token still verifies, but the session is closed.
    expect((await reader.fetch("/auth/logout", { method: "POST" })).status).toBeLessThan(400);
    expect(await (await reader.fetch("/reading_tracker.data")).text()).not.toContain("wn:1-3");
    // A save then is refused in words the browser's script reads (401), not sent to the sign-in page,
    // which it would follow to a 200 and take for saved.
    const refused = await save(reader, JSON.stringify(progressAt({ webNovel: "wn:1-7" })));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Location")).toBeNull();
    expect(await errorOf(refused)).toMatch(/^You are signed out\./);
    // Nor is the account's record said to be empty: it could not be read.
    const read = await reader.fetch("/resources/progress");
    expect(read.status).toBe(401);
    expect(read.headers.get("Cache-Control")).toContain("no-store");
    expect(await errorOf(read)).toMatch(/^You are signed out\./);
  });
});

describe("setting a reader's progress back", () => {
  const json = { "Content-Type": "application/json" };
  const record = (overrides: Partial<Progress>, updatedAt = new Date().toISOString()): Progress => ({
    ...emptyProgress,
    ...overrides,
    updatedAt,
  });
  interface Answer {
    saved: Progress;
    revision: number;
  }
  const send = async (reader: Reader, body: unknown) => {
    const response = await reader.fetch("/resources/progress", {
      method: "POST",
      body: JSON.stringify(body),
      headers: json,
    });
    expect(response.status, JSON.stringify(body)).toBe(200);
    return (await response.json()) as Answer;
  };
  const account = async (reader: Reader) =>
    (await (await reader.fetch("/resources/progress")).json()) as {
      progress: Progress | null;
      revision: number | null;
      setBacks: Record<string, { revision: number; at: string }>;
    };
  const history = async (reader: Reader) =>
    (
      (await (await reader.fetch("/resources/progress/history")).json()) as {
        history: Array<{ revision: number; progress: Progress; savedAt: string; change: string }>;
      }
    ).history;

  it("takes a set-back as it is, and a device that had not heard of it does not push it forward again", async () => {
    const reader = await signIn("set-back-two-devices");
    const first = await send(reader, {
      progress: record({ webNovel: "wn:2-2", anime: "anime:1-1" }),
      revision: null,
      setBack: [],
    });
    expect(first.revision).toBe(1);
    const phoneHeard = first.revision;

    // The laptop sets the web novel back on purpose: the account takes it, and its position with it.
    const laptop = await send(reader, {
      progress: record({ webNovel: "wn:1-2", anime: "anime:1-1" }),
      revision: first.revision,
      setBack: ["web_novel"],
    });
    expect(laptop).toMatchObject({ saved: { webNovel: "wn:1-2", anime: "anime:1-1" }, revision: 2 });
    expect(laptop.saved.position).toBeLessThan(first.saved.position);
    expect((await account(reader)).setBacks).toEqual({ web_novel: { revision: 2, at: expect.any(String) } });

    // The phone still holds the old place and watched on: its anime is taken, its web novel is not.
    const phone = await send(reader, {
      progress: record({ webNovel: "wn:2-2", anime: "anime:1-2" }),
      revision: phoneHeard,
      setBack: [],
    });
    expect(phone).toMatchObject({ saved: { webNovel: "wn:1-2", anime: "anime:1-2" }, revision: 3 });

    // A page from before set-backs sends a bare record changed before the set-back: it moves nothing back up.
    const old = await send(reader, record({ webNovel: "wn:2-2" }, "2020-01-01T00:00:00.000Z"));
    expect(old.saved.webNovel).toBe("wn:1-2");

    // A device that heard of it reads on as usual.
    const onward = await send(reader, {
      progress: record({ webNovel: "wn:1-3" }),
      revision: phone.revision,
      setBack: [],
    });
    expect(onward.saved).toMatchObject({ webNovel: "wn:1-3", anime: "anime:1-2" });
    expect((await account(reader)).progress).toMatchObject({ webNovel: "wn:1-3", anime: "anime:1-2" });
  });

  it("unticks a checklist and marks a chapter unread again only on purpose", async () => {
    const reader = await signIn("set-back-checklists");
    const first = await send(reader, { progress: record({ breakTime: ["bt:1-1"] }), revision: null, setBack: [] });
    // A save without the short merges it back in (a checklist is united)…
    const plain = await send(reader, { progress: record({}), revision: first.revision, setBack: [] });
    expect(plain.saved.breakTime).toEqual(["bt:1-1"]);
    // …and one that sets Break Time back leaves it out.
    const back = await send(reader, { progress: record({}), revision: first.revision, setBack: ["break_time"] });
    expect(back.saved.breakTime).toEqual([]);
  });

  it("keeps the last 20 saves of each account, newest first, swept in the batch that writes", async () => {
    const reader = await signIn("set-back-history");
    const other = await signIn("set-back-history-other");
    await send(other, { progress: record({ webNovel: "wn:1-1" }), revision: null, setBack: [] });
    let revision: number | null = null;
    for (let step = 0; step < 25; step++) {
      // Back and forth between two chapters, each a write: a set-back, then a step on.
      const chapter = step % 2 ? "wn:1-2" : "wn:1-3";
      ({ revision } = await send(reader, {
        progress: record({ webNovel: chapter }),
        revision,
        setBack: step % 2 ? ["web_novel"] : [],
      }));
    }
    expect(revision).toBe(25);
    expect(await countRows("progress_history", reader.uid)).toBe(20);
    const saves = await history(reader);
    expect(saves.map((save) => save.revision)).toEqual(Array.from({ length: 20 }, (_, index) => 25 - index));
    expect(saves[0]).toMatchObject({ progress: { webNovel: "wn:1-3" }, change: "saved" });
    expect(saves[1]).toMatchObject({ progress: { webNovel: "wn:1-2" }, change: "set_back" });
    // A save that changes nothing writes nothing.
    await send(reader, { progress: record({ webNovel: "wn:1-3" }), revision, setBack: [] });
    expect((await history(reader))[0]!.revision).toBe(25);
    // Another account's history is its own.
    expect((await history(other)).map((save) => save.revision)).toEqual([1]);
    // Anyone signed out is told so, as a save is: the tracker then offers to sign in again.
    const signedOut = await visitor.fetch("/resources/progress/history");
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("Cache-Control")).toContain("no-store");
  });

  it("loses no save when several arrive at once: each is one write with its history entry", async () => {
    const reader = await signIn("set-back-at-once");
    const chapters = ["wn:1-1", "wn:1-2", "wn:1-3", "wn:2-1", "wn:2-2"];
    // Each sets the web novel to its own chapter, so each must write.
    const answers = await Promise.all(
      chapters.map((webNovel) =>
        send(reader, { progress: record({ webNovel }), revision: null, setBack: ["web_novel"] }),
      ),
    );
    expect(answers.map((answer) => answer.revision).sort()).toEqual([1, 2, 3, 4, 5]);
    const saved = await account(reader);
    const saves = await history(reader);
    expect(saves[0]!.revision).toBe(saved.revision);
    expect(saves[0]!.progress).toEqual(saved.progress);
    // One entry per write, none twice.
    expect(saves.map((save) => save.revision)).toEqual(
      Array.from({ length: saved.revision! }, (_, index) => saved.revision! - index),
    );
  });

  it("answers a save it cannot read with 400 in words, storing nothing", async () => {
    const reader = await signIn("set-back-malformed");
    const progress = record({ webNovel: "wn:1-2" });
    const cases: Array<[unknown, string]> = [
      [{ progress, revision: -1, setBack: [] }, "revision: expected a revision number or null"],
      [{ progress, revision: "3", setBack: [] }, "revision: expected a revision number or null"],
      [{ progress, revision: 1.5, setBack: [] }, "revision: expected a revision number or null"],
      [{ progress, setBack: [] }, "revision: expected a revision number or null"],
      [{ progress, revision: null, setBack: ["comics"] }, "setBack: expected a list of media"],
      [{ progress, revision: null, setBack: "web_novel" }, "setBack: expected a list of media"],
      [
        { progress, revision: null, setBack: Array(media.length + 1).fill("anime") },
        "setBack: expected a list of media",
      ],
      [{ progress, revision: null, setBack: [], extra: 1 }, 'unknown field "extra"'],
      [
        { progress: { ...progress, webNovel: "anime:1-1" }, revision: null, setBack: [] },
        "progress.webNovel: expected a web novel key",
      ],
      [{ progress: null, revision: null, setBack: [] }, "progress: expected an object"],
    ];
    for (const [body, message] of cases) {
      const response = await reader.fetch("/resources/progress", {
        method: "POST",
        body: JSON.stringify(body),
        headers: json,
      });
      expect(response.status, message).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        `That progress could not be read (${message}).`,
      );
    }
    expect(await countRows("reading_progress", reader.uid)).toBe(0);
    expect(await countRows("progress_history", reader.uid)).toBe(0);
  });

  it("replaces a saved record it cannot read instead of failing every save", async () => {
    const reader = await signIn("set-back-unreadable");
    for (const stored of ["{not json", JSON.stringify({ webNovel: 3 })]) {
      await env.DB.prepare(
        `INSERT OR REPLACE INTO reading_progress (uid, progress, position, web_novel_arc, media, updated_at, revision) VALUES (?1, ?2, 0, NULL, '[]', '2026-01-01T00:00:00.000Z', 4)`,
      )
        .bind(reader.uid, stored)
        .run();
      const saved = await send(reader, { progress: record({ webNovel: "wn:1-2" }), revision: null, setBack: [] });
      expect(saved).toMatchObject({ saved: { webNovel: "wn:1-2" }, revision: 5 });
    }
  });

  it("forgets the history with the account", async () => {
    const reader = await signIn("set-back-forgotten");
    await send(reader, { progress: record({ webNovel: "wn:1-2" }), revision: null, setBack: [] });
    expect(await countRows("progress_history", reader.uid)).toBe(1);
    await forgetAccount(env.DB, reader.uid);
    expect(await countRows("progress_history", reader.uid)).toBe(0);
  });

  it("keeps nothing of a save on its way as the account was deleted", async () => {
    const reader = await signIn("set-back-racing");
    await send(reader, { progress: record({ webNovel: "wn:1-2" }), revision: null, setBack: [] });
    await forgetAccount(env.DB, reader.uid);
    // The save found the session open just before; its batches arrive after the one that forgot the account.
    const sent = { progress: record({ webNovel: "wn:1-3" }), revision: null, setBack: [] };
    expect(await saveProgress(env.DB, reader.uid, sent)).toEqual({ ok: false, signedOut: true });
    expect(await countRows("reading_progress", reader.uid)).toBe(0);
    expect(await countRows("progress_history", reader.uid)).toBe(0);
    const windows = await env.DB.prepare(`SELECT count(*) AS n FROM rate_limit_windows WHERE client = ?1`)
      .bind(reader.uid)
      .first<{ n: number }>();
    expect(windows?.n).toBe(0);
    // Nor does a sign-in token issued before the deletion open a session again for it to save through.
    await expect(signIn(reader.uid)).rejects.toThrow(/answered 401/);
    expect(await countRows("reading_progress", reader.uid)).toBe(0);
  });
});
