/**
 * Translation notes on an OVA, special or film (decision 84), over the tiny pack: its film (sp:film-1,
 * 90 minutes, telling the side story ss:blog-1) and an OVA announced for later. A reader files a report on
 * the film as on an episode, within the film's own runtime; a moderator publishes it at the film's place
 * with the film's revealers (decision 46); and no response carries its words to a requester who has
 * not seen the film or read the story it tells.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { entryHandle } from "~/lib/mistakes/rules";
import { encodeKnowledge, knowledgeOfUnits } from "~/lib/shield/knowledge";
import { loader as formLoader } from "~/routes/feedback-hub.form";
import { acceptReport, animeReports, storedReport } from "../support/mistakes";
import { importTestPack } from "../support/packs";
import { callAsReader as call, readerCookie as cookieFor } from "../support/readers";
import { fetchDeployed } from "../support/site";
import { present } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const FILM = "sp:film-1";
const LATER_OVA = "sp:ova-later";
/** The words of the entry filed on the film: none of them is anywhere else in the tiny pack. */
const OFFICIAL = "The quartermaster rations the brass wicks";
const SUGGESTED = "The quartermaster hoards the brass wicks";
const WHY = "Hoarding is a theft in the original, not a fair ration.";

beforeAll(() =>
  importTestPack("tiny", {
    edit: (files) =>
      files["anime.json"].specials.push({
        slug: "ova-later",
        kind: "ova",
        title: "An OVA Announced",
        releasedOn: "2099-05",
        runtime: 24,
        original: "An anime-original day, announced for a later disc.",
        watchAfter: "anime:1-1",
      }),
  }),
);

const sendReport = animeReports("special-reader", {
  episode: FILM,
  timestamp: "1:05:10",
  platform: "Other",
  track: "subtitles",
  official: OFFICIAL,
  suggested: SUGGESTED,
  why: WHY,
});

describe("a report on an OVA, special or film", () => {
  it("is offered in the anime form's list by its label, when it is out", async () => {
    const result = await call(formLoader, "/feedback_hub/report_anime_mistl", {
      cookie: await cookieFor("special-chooser"),
      params: { form: "report_anime_mistl" },
    });
    const { choices } = result.data as { choices: { episodes: { value: string; label: string }[] } };
    expect(choices.episodes).toContainEqual({ value: FILM, label: "Anime · Film" });
    expect(choices.episodes.map((choice) => choice.value)).not.toContain(LATER_OVA);
    // The seasons' episodes first, then the specials.
    expect(choices.episodes.at(-1)).toEqual({ value: FILM, label: "Anime · Film" });
  });

  it("is filed on the film, at a time within the film's own runtime (past the season's)", async () => {
    const { result, uid, submissionId } = await sendReport({});
    expect(result.status, JSON.stringify(result.data)).toBe(302);
    const report = present(await storedReport(uid, submissionId), "stored report");
    expect(JSON.parse(report.fields)).toMatchObject({ episode: FILM, timestamp: "1:05:10" });
  });

  it("is refused beside the field for a special not out yet, or no special at all, storing nothing", async () => {
    for (const key of [LATER_OVA, "sp:no-such-special"]) {
      const { result, uid, submissionId } = await sendReport({ episode: key, timestamp: "3:00" });
      expect(result.status, key).toBe(400);
      expect(result.data).toMatchObject({
        error: { fields: { episode: "Choose an episode, OVA, special or film from the list." } },
      });
      expect(await storedReport(uid, submissionId)).toBeNull();
    }
  });

  it("is told, written as minutes past the hundredth, how a time past an hour is written", async () => {
    // A film's reader may write 1:44:30 as its minutes, as a player counting minutes shows it.
    const { result, uid, submissionId } = await sendReport({ timestamp: "104:30" });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      error: { fields: { timestamp: expect.stringMatching(/hours:minutes:seconds/) } },
      values: { timestamp: "104:30" },
    });
    expect(await storedReport(uid, submissionId)).toBeNull();
  });

  it("is refused past the film's runtime, naming the film and its length", async () => {
    const { result, uid, submissionId } = await sendReport({ timestamp: "1:45:00" });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      error: { fields: { timestamp: "Anime · Film runs about 90 minutes: give a time within it." } },
    });
    expect(await storedReport(uid, submissionId)).toBeNull();
  });
});

describe("an accepted report on the film", () => {
  let entryId = "";
  const knows = (units: string[]) => `reveal=${encodeURIComponent(encodeKnowledge(knowledgeOfUnits(units)))}`;

  beforeAll(async () => {
    const { result, uid, submissionId } = await sendReport({ timestamp: "12:40" });
    expect(result.status).toBe(302);
    const reportId = present(await storedReport(uid, submissionId)).id;
    const accepted = await acceptReport(reportId);
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(302);
    entryId = `report-${reportId}`;
  });

  it("is published on the film, at its place and with its revealers: its viewers and the story's readers", async () => {
    const [entry, unit] = await Promise.all([
      env.DB.prepare(`SELECT episode_key, reveal_position, revealed_by FROM anime_mistakes WHERE id = ?`)
        .bind(entryId)
        .first(),
      env.DB.prepare(`SELECT position, revealed_by FROM story_units WHERE key = ?`).bind(FILM).first(),
    ]);
    expect(entry).toEqual({ episode_key: FILM, reveal_position: unit!.position, revealed_by: unit!.revealed_by });
    expect(String(unit!.revealed_by).split(" ")).toEqual(expect.arrayContaining([FILM, "ss:blog-1"]));
  });

  const addresses = [
    "/translation_meta/anime_mistls?season=specials",
    "/translation_meta/anime_mistls.data?season=specials",
    "/translation_meta/anime_mistls",
    "/translation_meta/anime_mistls.data",
    "/translation_meta",
    "/translation_meta.data",
    "/translation_meta/feed.xml",
    "/api/v1/translation-notes",
    "/api/v1/translation-notes?unit=sp:film-1",
    "/resources/similar-mistakes?kind=anime&unit=sp:film-1&q=quartermaster%20brass%20wicks",
    "/search?q=quartermaster%20brass%20wicks",
    "/search.data?q=quartermaster%20brass%20wicks",
  ];

  it("carries its words in no response to a requester who has not seen the film, HTML source and .data alike", async () => {
    const leaks: string[] = [];
    for (const path of addresses)
      for (const stated of ["", knows(["anime:1-9", "wn:3-9"])]) {
        const address = stated ? `${path}${path.includes("?") ? "&" : "?"}${stated}` : path;
        const response = await fetchDeployed(address);
        const body = await response.text();
        if (response.status >= 500) leaks.push(`${address}: ${response.status}`);
        for (const words of [OFFICIAL, SUGGESTED, WHY])
          if (body.includes(words)) leaks.push(`${address} carries "${words}"`);
      }
    expect(leaks).toEqual([]);
  });

  it("shows its place on the page's section of specials, sealed, to every requester", async () => {
    const page = await (await fetchDeployed("/translation_meta/anime_mistls?season=specials")).text();
    expect(page).toContain(`id="entry-${entryHandle(entryId)}"`);
    expect(page).toContain("OVAs, specials and films");
  });

  it("shows its words to the film's viewers and the side story's readers, on the page, the feed's page and the API", async () => {
    const missing: string[] = [];
    for (const units of [[FILM], ["ss:blog-1"]])
      for (const path of [
        "/translation_meta/anime_mistls?season=specials",
        "/translation_meta/anime_mistls.data?season=specials",
        "/api/v1/translation-notes?unit=sp:film-1",
        "/resources/similar-mistakes?kind=anime&unit=sp:film-1&q=quartermaster%20brass%20wicks",
      ]) {
        const body = await (await fetchDeployed(`${path}&${knows(units)}`)).text();
        if (!body.includes(OFFICIAL)) missing.push(`${path} for ${units} lacks the official line`);
      }
    expect(missing).toEqual([]);
    const api = await (
      await fetchDeployed(`/api/v1/translation-notes?unit=sp:film-1&${knows([FILM])}`)
    ).json<{
      items: { medium: string; unit_key: string; url: string }[];
    }>();
    expect(api.items).toEqual([
      expect.objectContaining({
        medium: "anime",
        unit_key: FILM,
        url: expect.stringMatching(/\/translation_meta\/anime_mistls\?season=specials#entry-n/),
      }),
    ]);
  });
});
