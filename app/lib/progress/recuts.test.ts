import { describe, expect, it } from "vitest";
import { hasConsumed, knows } from "../shield/knowledge";
import { mediaSetBack } from "./set-back";
import { readUpTo, withRecutEpisode } from "./changes";
import { emptyProgress, knowledgeOf, type Progress, watchedInRecut } from "./record";
import { checkProgress } from "./file";
import { animeRecuts, type TrackerUnit, unitsByMedium } from "./tracker-units";
import { storyPlace, upNext } from "./up-next";
import type { Medium } from "../content/units";
import { gated } from "../shield/gated";
import { parseAnimeTarget, animeTargetText } from "./external-ids";

/* A recut of a season in a reader's progress (decision 45): its own place, read on a line of its own. */

/**
 * A unit as the timeline lists it: a season's episode is known to the recut episode that holds its end
 * (`coveredBy`, beside the unit itself).
 */
const unit = (key: string, position: number, coveredBy: string[], medium: Medium = "anime"): TrackerUnit => ({
  key,
  medium,
  position,
  label: key,
  title: gated(null, key),
  group: key.includes("r") ? "Recut" : "Season 1",
  collection: null,
  coveredBy: [key, ...coveredBy],
});

const progress = (changes: Partial<Progress>): Progress => ({ ...emptyProgress, ...changes });
const now = new Date("2026-05-01T10:00:00.000Z");

describe("a recut's place in a progress record", () => {
  it("is read, checked and kept apart from the season's episodes", () => {
    expect(checkProgress(progress({ recuts: ["anime:1r1-3"] })).progress?.recuts).toEqual(["anime:1r1-3"]);
    // A record from before recuts has none.
    const { recuts: _recuts, ...older } = emptyProgress;
    expect(checkProgress(older).progress?.recuts).toEqual([]);
    expect(checkProgress(progress({ anime: "anime:1r1-3" })).problem).toMatchObject({ path: "anime" });
    expect(checkProgress(progress({ recuts: ["anime:1-3"] })).problem).toMatchObject({ path: "recuts.0" });
    expect(checkProgress(progress({ recuts: ["anime:1r1-3", "anime:1r1-4"] })).problem).toMatchObject({
      path: "recuts.1",
    });
  });

  it("makes known its episodes up to the place, and nothing of the season's line", () => {
    const knowledge = knowledgeOf(progress({ recuts: ["anime:1r1-3"] }));
    expect(hasConsumed(knowledge, "anime:1r1-1")).toBe(true);
    expect(hasConsumed(knowledge, "anime:1r1-3")).toBe(true);
    expect(hasConsumed(knowledge, "anime:1r1-4")).toBe(false);
    expect(hasConsumed(knowledge, "anime:1-1")).toBe(false);
    expect(hasConsumed(knowledge, "anime:2r1-1")).toBe(false);
    expect(knows(knowledge, ["anime:1-6", "anime:1r1-3"])).toBe(true);
    expect(knows(knowledge, ["anime:1-7"])).toBe(false);
  });

  it("moves on with 'I have watched up to here', never back, and by its own picker either way", () => {
    const watched = readUpTo(progress({ anime: "anime:2-1" }), { key: "anime:1r1-2", position: 4 }, now);
    expect(watched).toMatchObject({ anime: "anime:2-1", recuts: ["anime:1r1-2"] });
    expect(readUpTo(watched, { key: "anime:1r1-1", position: 2 }, now).recuts).toEqual(["anime:1r1-2"]);
    expect(withRecutEpisode(watched, "1r1", "anime:1r1-1").recuts).toEqual(["anime:1r1-1"]);
    expect(withRecutEpisode(watched, "1r1", null).recuts).toEqual([]);
    // Moving a recut back is a set-back of the anime.
    expect(mediaSetBack(watched, withRecutEpisode(watched, "1r1", "anime:1r1-1"))).toEqual(["anime"]);
  });

  it("is offered by the tracker apart from the season, with the recut's next episode up next", () => {
    const unit = (key: string, position: number, group: string): TrackerUnit => ({
      key,
      medium: "anime",
      position,
      label: key,
      title: gated(null, key),
      group,
      collection: null,
      coveredBy: [key],
    });
    const units = [
      unit("anime:1-1", 1, "Season 1"),
      unit("anime:1r1-1", 2, "Recut"),
      unit("anime:1-2", 2, "Season 1"),
      unit("anime:1r1-2", 4, "Recut"),
      unit("anime:1-3", 3, "Season 1"),
      unit("anime:1-4", 4, "Season 1"),
    ];
    expect(unitsByMedium(units).anime.map((each) => each.key)).toEqual([
      "anime:1-1",
      "anime:1-2",
      "anime:1-3",
      "anime:1-4",
    ]);
    expect(animeRecuts(units)).toEqual([{ id: "1r1", name: "Recut", episodes: [units[1], units[3]] }]);
    const next = upNext(progress({ recuts: ["anime:1r1-1"] }), units).next.map((each) => each.key);
    expect(next).toEqual(["anime:1r1-2"]);
  });

  it("offers a viewer of the season and the recut the season's next episode the recut did not show them", () => {
    const units = [
      unit("anime:1-4", 4, ["anime:1r1-2"]),
      unit("anime:1-5", 5, ["anime:1r1-3"]),
      unit("anime:1-6", 6, ["anime:1r1-3"]),
      unit("anime:1r1-3", 6, []),
      // An episode the recut leaves out, then one it holds.
      unit("anime:1-7", 7, []),
      unit("anime:1-8", 8, ["anime:1r1-4"]),
      unit("anime:1r1-4", 8, []),
    ];
    const next = (changes: Partial<Progress>) => upNext(progress(changes), units).next.map((each) => each.key);
    expect(next({ anime: "anime:1-4", recuts: ["anime:1r1-3"] })).toEqual(["anime:1-7", "anime:1r1-4"]);
    expect(next({ anime: "anime:1-4", recuts: ["anime:1r1-4"] })).toEqual(["anime:1-7"]);
    // Not the recut's place: the season's next episode as before.
    expect(next({ anime: "anime:1-4", recuts: ["anime:1r1-2"] })).toEqual(["anime:1-5", "anime:1r1-3"]);
  });

  it("offers a viewer of the recut alone its next episode, and once it is watched to its end, the season's episodes it did not show them", () => {
    const units = [
      unit("anime:1-5", 5, ["anime:1r1-3"]),
      unit("bt:1-5", 5.5, [], "break_time"),
      unit("anime:1-6", 6, ["anime:1r1-3"]),
      unit("anime:1r1-3", 6, []),
      unit("bt:1-6", 6.5, [], "break_time"),
      unit("side:after-6", 6.5, [], "side_stories"),
      unit("anime:1-7", 7, []),
      unit("anime:1-8", 8, ["anime:1r1-4"]),
      unit("anime:1r1-4", 8, []),
      unit("side:after-8", 8.5, [], "side_stories"),
      unit("anime:1-9", 9, []),
    ];
    const next = (changes: Partial<Progress>) => upNext(progress(changes), units).next.map((each) => each.key);
    // Partway: the recut's next episode, not the season's, and the side story that fits where they are.
    expect(next({ recuts: ["anime:1r1-3"] })).toEqual(["side:after-6", "bt:1-6", "anime:1r1-4"]);
    // The short aired with an episode the recut showed them is behind them, not next.
    expect(upNext(progress({ recuts: ["anime:1r1-3"] }), units).passed.map((each) => each.key)).toEqual(["bt:1-5"]);
    // At its end: the first of the season's episodes it did not show them (one it left out on the way:
    // marking one past it watched would count it too), then where the anime goes on.
    expect(next({ recuts: ["anime:1r1-4"] })).toEqual(["anime:1-7"]);
    expect(next({ anime: "anime:1-7", recuts: ["anime:1r1-4"] })).toEqual(["side:after-8", "anime:1-9"]);
    // What they watched in it is their place in the story.
    expect(storyPlace(progress({ recuts: ["anime:1r1-4"] }), units)).toBe(8);
    expect(storyPlace(progress({ recuts: ["anime:1r1-3"] }), units)).toBe(6);
  });

  it("offers a viewer of the recut alone the shorts aired with what they watched, and those of the recut's next episode after it", () => {
    const units = [
      unit("anime:1-5", 5, ["anime:1r1-3"]),
      unit("anime:1-6", 6, ["anime:1r1-3"]),
      unit("anime:1r1-3", 6, []),
      unit("bt:1-6", 6.5, [], "break_time"),
      unit("anime:1-7", 7, ["anime:1r1-4"]),
      unit("bt:1-7", 7.5, [], "break_time"),
      unit("anime:1-8", 8, ["anime:1r1-4"]),
      unit("anime:1r1-4", 8, []),
      unit("bt:1-8", 8.5, [], "break_time"),
      unit("anime:1-9", 9, ["anime:1r1-5"]),
      unit("anime:1r1-5", 9, []),
      unit("bt:1-9", 9.5, [], "break_time"),
    ];
    // bt:1-7 aired with episode 7, which the recut's episode 4 holds: it comes partway through that, not
    // before it; bt:1-8 and bt:1-9 come with episodes past it, not offered yet.
    expect(upNext(progress({ recuts: ["anime:1r1-3"] }), units).next.map((each) => each.key)).toEqual([
      "bt:1-6",
      "anime:1r1-4",
      "bt:1-7",
    ]);
  });

  it("counts a season's episode as watched in the recut once an episode of it that holds it whole or its end is", () => {
    // As the import lists them: episode 9 is held whole by the recut's episode 5; episode 10 is split,
    // its first part in the recut's episode 5 and its last in episode 6, which alone is among its revealers.
    const episode9 = ["anime:1-9", "wn:2-20", "anime:1r1-5"];
    const episode10 = ["anime:1-10", "wn:2-22", "anime:1r1-6"];
    const viewer = (changes: Partial<Progress>) => knowledgeOf(progress(changes));
    expect(watchedInRecut(episode9, viewer({ recuts: ["anime:1r1-5"] }))).toBe(true);
    expect(watchedInRecut(episode10, viewer({ recuts: ["anime:1r1-5"] }))).toBe(false);
    expect(watchedInRecut(episode10, viewer({ recuts: ["anime:1r1-6"] }))).toBe(true);
    expect(watchedInRecut(episode9, viewer({ recuts: ["anime:1r1-4"] }))).toBe(false);
    // Watching the season itself, or reading the chapter, is not watching it in the recut.
    expect(watchedInRecut(episode9, viewer({ anime: "anime:1-12", webNovel: "wn:2-30" }))).toBe(false);
    expect(watchedInRecut(["anime:1r1-5"], viewer({ recuts: ["anime:2r1-5"] }))).toBe(false);
  });

  it("has its own entry on a tracking service, by its own numbers", () => {
    expect(animeTargetText({ medium: "anime", season: 1, recut: 1 })).toBe("1r1");
    expect(parseAnimeTarget("1r1")).toEqual({ medium: "anime", season: 1, recut: 1 });
    expect(parseAnimeTarget("2:8-13")).toEqual({ medium: "anime", season: 2, episodes: { from: 8, to: 13 } });
  });
});
