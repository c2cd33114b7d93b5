/**
 * Translation notes on a scene a recut adds (decision 85), over the tiny pack: its season 1 recut, whose
 * episode 2 holds the season's episode 2 and adds "the hall at night" (its episode 1 adds nothing), given
 * a usual runtime of 48 minutes here, and a second recut announced for later. A reader files a report on
 * the recut's episode 2 as on an episode, within the recut's runtime; a moderator publishes it at that
 * episode's place, shown to its viewers alone; and no response carries its words to a viewer of the
 * season's own episode 2, who never saw the scene.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { entryHandle } from "~/lib/mistakes/rules";
import { encodeKnowledge, knowledgeOfUnits } from "~/lib/shield/knowledge";
import { loader as formLoader } from "~/routes/feedback-hub.form";
import { loader as animeNotesLoader } from "~/routes/translation-meta.anime";
import { acceptReport, animeReports, storedReport } from "../support/mistakes";
import { importTestPack } from "../support/packs";
import { callAsReader as call, readerCookie as cookieFor } from "../support/readers";
import { fetchDeployed } from "../support/site";
import { load, present } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const ADDING = "anime:1r1-2";
const HOLDING_ONLY = "anime:1r1-1";
const LATER_RECUT = "anime:1r2-1";
const LABEL = "Season 1 Recut · Episode 2";
/** The words of the entry filed on the recut's new scene: none of them is anywhere else in the tiny pack. */
const OFFICIAL = "The night warden snuffs every sconce in the gallery";
const SUGGESTED = "The night warden counts every sconce in the gallery";
const WHY = "Counting, not snuffing: the hall stays lit in the original.";

beforeAll(() =>
  importTestPack("tiny", {
    edit: (files) => {
      const season = files["anime.json"].seasons[0]!;
      season.recuts[0]!.runtime = 48;
      season.recuts.push({
        number: 2,
        title: "Tiny Tale: Recut Again",
        airedFrom: "2099-04",
        episodes: [
          {
            number: 1,
            title: "Encore Again",
            contains: [{ episode: 1 }],
            newScenes: [{ note: "A new scene: a lamp." }],
          },
        ],
      });
    },
  }),
);

const sendReport = animeReports("recut-reader", {
  episode: ADDING,
  timestamp: "40:10",
  platform: "Other",
  track: "subtitles",
  official: OFFICIAL,
  suggested: SUGGESTED,
  why: WHY,
});

describe("a report on a scene a recut adds", () => {
  it("is offered the recut's episodes that add a scene and are out, by their labels, after their season's episodes", async () => {
    const result = await call(formLoader, "/feedback_hub/report_anime_mistl", {
      cookie: await cookieFor("recut-chooser"),
      params: { form: "report_anime_mistl" },
    });
    const { choices } = result.data as { choices: { episodes: { value: string; label: string }[] } };
    const offered = choices.episodes.map((choice) => choice.value);
    expect(choices.episodes).toContainEqual({ value: ADDING, label: LABEL });
    // One that only holds the season's episode is noted there; one of a recut not out yet is not offered.
    expect(offered).not.toContain(HOLDING_ONLY);
    expect(offered).not.toContain(LATER_RECUT);
    expect(offered.indexOf(ADDING)).toBe(offered.indexOf("anime:1-2") + 1);
    expect(offered.at(-1)).toBe("sp:film-1");
    // Never by its title.
    expect(JSON.stringify(choices.episodes)).not.toContain("Reprise");
  });

  it("is filed on the recut's episode, at a time within the recut's runtime (past the season's)", async () => {
    const { result, uid, submissionId } = await sendReport({});
    expect(result.status, JSON.stringify(result.data)).toBe(302);
    const report = present(await storedReport(uid, submissionId), "stored report");
    expect(JSON.parse(report.fields)).toMatchObject({ episode: ADDING, timestamp: "40:10" });
  });

  it("is refused beside the field for a recut episode that adds no scene, or one not out yet, storing nothing, as one that adds a scene is not", async () => {
    for (const key of [HOLDING_ONLY, LATER_RECUT, "anime:1r1-9"]) {
      const { result, uid, submissionId } = await sendReport({ episode: key, timestamp: "3:00" });
      expect(result.status, key).toBe(400);
      expect(result.data).toMatchObject({
        error: { fields: { episode: "Choose an episode, OVA, special or film from the list." } },
        values: { suggested: SUGGESTED },
      });
      expect(await storedReport(uid, submissionId)).toBeNull();
    }
    const { result, uid, submissionId } = await sendReport({ timestamp: "3:00" });
    expect(result.status).toBe(302);
    expect(await storedReport(uid, submissionId)).not.toBeNull();
  });

  it("is refused past the recut's runtime, naming the recut's episode and its length", async () => {
    const { result, uid, submissionId } = await sendReport({ timestamp: "1:05:00" });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      error: { fields: { timestamp: `${LABEL} runs about 48 minutes: give a time within it.` } },
      values: { official: OFFICIAL },
    });
    expect(await storedReport(uid, submissionId)).toBeNull();
  });
});

describe("an accepted report on a scene a recut adds", () => {
  let entryId = "";
  const knows = (units: string[]) => `reveal=${encodeURIComponent(encodeKnowledge(knowledgeOfUnits(units)))}`;
  /** Viewers of the season's own episode 2 (and readers where it reaches): they never saw the scene. */
  const seasonViewers = [["anime:1-2"], ["anime:1-2", "wn:2-1", "ln:main-2"]];

  beforeAll(async () => {
    const { result, uid, submissionId } = await sendReport({ timestamp: "12:40" });
    expect(result.status).toBe(302);
    const reportId = present(await storedReport(uid, submissionId)).id;
    const accepted = await acceptReport(reportId);
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(302);
    entryId = `report-${reportId}`;
  });

  it("is published on the recut's episode, at its place, revealed by its viewers alone", async () => {
    const [entry, unit] = await Promise.all([
      env.DB.prepare(`SELECT episode_key, reveal_position, revealed_by FROM anime_mistakes WHERE id = ?`)
        .bind(entryId)
        .first(),
      env.DB.prepare(`SELECT position, revealed_by, told_by FROM story_units WHERE key = ?`).bind(ADDING).first(),
    ]);
    expect(entry).toEqual({ episode_key: ADDING, reveal_position: unit!.position, revealed_by: ADDING });
    // What its place's gate would have let through: the season's episode it holds. Its thread is the
    // recut's viewers' alone, the scene being theirs.
    expect(String(unit!.revealed_by).split(" ")).toContain("anime:1-2");
    expect(unit!.told_by).toBe(ADDING);
  });

  it("is listed in its season's section under the recut's episode, after the season's own, for the recut's viewers", async () => {
    for (const path of ["/translation_meta/anime_mistls?season=1", "/translation_meta/anime_mistls.data?season=1"]) {
      const body = await (await fetchDeployed(`${path}&${knows([ADDING])}`)).text();
      expect(body, path).toContain(OFFICIAL);
      expect(body, path).toContain(LABEL);
    }
    // A viewer further on the recut has seen it too.
    const later = await (
      await fetchDeployed(`/translation_meta/anime_mistls?season=1&${knows(["anime:1r1-2", "anime:1-1"])}`)
    ).text();
    expect(later).toContain(SUGGESTED);
    // In the season's section, after the season's own episodes, as its recut's episode.
    const notes = await load(animeNotesLoader, "/translation_meta/anime_mistls?season=1");
    expect(notes.season).toBe(1);
    expect(notes.entries.map((entry) => entry.episode.key)).toEqual(["anime:1-1", "anime:1-2", ADDING]);
    expect(notes.entries.at(-1)?.episode).toMatchObject({ medium: "anime_recut", season: 1, recut: 1, label: LABEL });
    expect(notes.seasons).toEqual([expect.objectContaining({ number: 1, entries: 3 })]);
  });

  it("shows its place, sealed, to every requester, and its words to no viewer of the season's episode alone", async () => {
    const page = await (await fetchDeployed("/translation_meta/anime_mistls?season=1")).text();
    expect(page).toContain(`id="entry-${entryHandle(entryId)}"`);
    const leaks: string[] = [];
    for (const path of [
      "/translation_meta/anime_mistls?season=1",
      "/translation_meta/anime_mistls.data?season=1",
      "/translation_meta/anime_mistls",
      "/translation_meta/anime_mistls.data",
      "/translation_meta",
      "/translation_meta.data",
      "/translation_meta/feed.xml",
      "/api/v1/translation-notes",
      `/api/v1/translation-notes?unit=${ADDING}`,
      `/resources/similar-mistakes?kind=anime&unit=${ADDING}&q=night%20warden%20sconce%20gallery`,
      "/search?q=night%20warden%20sconce",
      "/search.data?q=night%20warden%20sconce",
    ])
      for (const stated of ["", ...seasonViewers.map(knows)]) {
        const address = stated ? `${path}${path.includes("?") ? "&" : "?"}${stated}` : path;
        const response = await fetchDeployed(address);
        const body = await response.text();
        if (response.status >= 500) leaks.push(`${address}: ${response.status}`);
        for (const words of [OFFICIAL, SUGGESTED, WHY])
          if (body.includes(words)) leaks.push(`${address} carries "${words}"`);
      }
    expect(leaks).toEqual([]);
  });

  it("is counted on /anime beside the recut's episode, linked to its heading in the season's section", async () => {
    const page = await (await fetchDeployed("/anime?season=1")).text();
    // The recut's last episode, to the end of its list.
    const episode = page.slice(page.indexOf(`id="s1r1e2"`), page.indexOf("</ol>", page.indexOf(`id="s1r1e2"`)));
    expect(episode).toContain(`href="/translation_meta/anime_mistls?season=1#episode-${ADDING}"`);
    expect(episode).toContain("1 translation note");
    // The recut's episode that adds nothing has no notes of its own to count.
    const holding = page.slice(page.indexOf(`id="s1r1e1"`), page.indexOf(`id="s1r1e2"`));
    expect(holding).not.toContain("translation note");
  });

  it("is named by the recut's episode in the hub, the feed, the API and similar entries", async () => {
    const viewer = knows([ADDING]);
    const hub = await (await fetchDeployed(`/translation_meta?${viewer}`)).text();
    expect(hub).toContain(`${LABEL} at 12:40`);
    expect(hub).toContain(OFFICIAL);
    // The feed is everyone's: the place, not the time, which waits with the words.
    const feed = await (await fetchDeployed("/translation_meta/feed.xml")).text();
    expect(feed).toContain(`<title>${LABEL}: `);
    const api = await (
      await fetchDeployed(`/api/v1/translation-notes?unit=${ADDING}&${viewer}`)
    ).json<{
      items: { medium: string; unit_key: string; url: string; official?: string }[];
    }>();
    expect(api.items).toEqual([
      expect.objectContaining({
        medium: "anime",
        unit_key: ADDING,
        url: expect.stringMatching(/\/translation_meta\/anime_mistls\?season=1#entry-n/),
      }),
    ]);
    expect(JSON.stringify(api.items)).toContain(OFFICIAL);
    // A malformed key is refused with the forms the parameter takes, a recut episode's among them.
    const refused = await fetchDeployed(`/api/v1/translation-notes?unit=${ADDING}x`);
    expect(refused.status).toBe(400);
    expect((await refused.json<{ error: { message: string } }>()).error.message).toContain("a recut episode's");
    const similar = await (
      await fetchDeployed(
        `/resources/similar-mistakes?kind=anime&unit=${ADDING}&q=night%20warden%20sconce%20gallery&${viewer}`,
      )
    ).text();
    expect(similar).toContain(OFFICIAL);
    expect(similar).toContain(LABEL);
  });
});
