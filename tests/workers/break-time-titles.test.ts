/**
 * A Break Time short's title the pack does not flag, over the tiny pack with its short unflagged and
 * dated: bt:1-1 aired with anime:1-1 (wn:1-1 to wn:1-2, in ln:main-1), which the recut's episode
 * anime:1r1-1 holds. Its title is reached by whatever reaches its episode's place, as a flagged one is
 * revealed, on every page that names it; what the short itself tells waits for its own viewers and its
 * episode's.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeKnowledge, type Knowledge, knowledgeOfUnits, knows, noKnowledge } from "~/lib/shield/knowledge";
import type { Gated } from "~/lib/shield/gated";
import { getReleases } from "~/models/releases.server";
import { getTimeline } from "~/models/timeline.server";
import { getStoryUnit } from "~/models/units.server";
import { searchSite } from "~/models/search.server";
import { loader as animeLoader } from "~/routes/anime";
import { loader as breakTimeLoader } from "~/routes/break-time";
import { importTestPack } from "../support/packs";
import { load, present } from "../support/workers-context";

beforeAll(async () => {
  await importTestPack("tiny", {
    edit: (files) => {
      const [short] = files["anime.json"].breakTime;
      delete short.titleIsSpoiler;
      short.airedOn = "2020-04-04";
    },
  });
});
afterAll(() => importTestPack("tiny"));

const reveal = (units: string[]) => encodeURIComponent(encodeKnowledge(knowledgeOfUnits(units)));
/** Readers who reached the short's place without watching it or its episode. */
const reachedElsewhere = [["anime:1r1-1"], ["wn:1-2"], ["ln:main-1"]];
const knownTo = (knowledge: Knowledge, title: Gated<unknown>) => knows(knowledge, title.revealedBy);

describe("an unflagged Break Time short's title", () => {
  it("shows on /anime and /break_time to a recut viewer and to a reader of the chapter or volume its episode covers", async () => {
    for (const units of reachedElsewhere) {
      const anime = await load(animeLoader, `/anime?reveal=${reveal(units)}`);
      const onAnime = present(anime.episodes[0]).shorts[0];
      expect([units, onAnime?.title!.content]).toEqual([units, "Snack Time"]);
      const breakTime = await load(breakTimeLoader, `/break_time?reveal=${reveal(units)}`);
      const short = present(breakTime.episodes[0]).shorts[0];
      expect([units, short?.title!.content]).toEqual([units, "Snack Time"]);
      // Its discussion is the short's own: a reader who did not watch it or its episode waits.
      expect([units, short?.discussion.content]).toEqual([units, null]);
    }
    // Not to a reader short of the episode's place, unless they show titles of what they have not reached.
    const before = await load(breakTimeLoader, `/break_time?reveal=${reveal(["wn:1-1"])}`);
    expect(present(before.episodes[0]).shorts[0]?.title!.content).toBeNull();
  });

  it("is gated by the same units in releases, the tracker's timeline, the units API and search", async () => {
    const { recent } = await getReleases(env.DB, { medium: "break_time", today: "2030-01-01" });
    const release = present(recent.find((found) => found.key === "bt:1-1"));
    const { units } = await getTimeline(env.DB);
    const tracked = present(units.find((unit) => unit.key === "bt:1-1"));
    const unit = present(await getStoryUnit(env.DB, "bt:1-1"));
    for (const units of reachedElsewhere) {
      const knowledge = knowledgeOfUnits(units);
      expect([units, knownTo(knowledge, release.title)]).toEqual([units, true]);
      expect([units, knownTo(knowledge, tracked.title)]).toEqual([units, true]);
      expect([units, knownTo(knowledge, unit.named)]).toEqual([units, true]);
      const found = await searchSite(env.DB, "Snack Time", knowledge, { kind: "break_time", limit: 10, offset: 0 });
      expect([units, found.results.map((result) => result.ref)]).toEqual([units, ["break_time:bt:1-1"]]);
    }
    for (const title of [release.title, tracked.title, unit.named]) {
      expect(knownTo(knowledgeOfUnits(["wn:1-1"]), title)).toBe(false);
      expect(knownTo({ ...noKnowledge, unreachedTitles: "show" }, title)).toBe(true);
    }
    // What the tracker's crossings read of the short stays its own revealers.
    expect([...tracked.coveredBy].sort()).toEqual(["anime:1-1", "bt:1-1"]);
  });
});
