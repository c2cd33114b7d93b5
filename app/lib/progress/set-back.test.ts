import { describe, expect, it } from "vitest";
import { mergeProgress } from "./changes";
import { emptyProgress, type Progress } from "./record";
import { type AccountProgress, mediaSetBack, progressAfterSave, reconcileProgress, withMediaFrom } from "./set-back";

const progress = (changes: Partial<Progress>): Progress => ({ ...emptyProgress, ...changes });
const now = new Date("2026-11-30T10:00:00.000Z");

describe("mediaSetBack", () => {
  it("names the media in which the new record is behind the old one", () => {
    const before = progress({
      webNovel: "wn:5-30",
      lightNovels: ["ln:main-3"],
      sideStories: ["ss:a", "ss:b"],
      anime: "anime:1-12",
      breakTime: ["bt:1-1"],
    });
    expect(mediaSetBack(before, before)).toEqual([]);
    expect(mediaSetBack(before, { ...before, webNovel: "wn:3-1" })).toEqual(["web_novel"]);
    expect(mediaSetBack(before, { ...before, webNovel: null, anime: "anime:1-2" })).toEqual(["web_novel", "anime"]);
    expect(mediaSetBack(before, { ...before, lightNovels: ["ln:main-2"] })).toEqual(["light_novels"]);
    expect(mediaSetBack(before, { ...before, sideStories: ["ss:a"] })).toEqual(["side_stories"]);
    expect(mediaSetBack(before, { ...before, breakTime: [] })).toEqual(["break_time"]);
    // Moving on, or ticking more, sets nothing back.
    expect(mediaSetBack(before, { ...before, webNovel: "wn:6-1", sideStories: ["ss:a", "ss:b", "ss:c"] })).toEqual([]);
  });

  it("counts a unit marked skipped again as a step back in its medium", () => {
    const before = progress({ webNovel: "wn:3-1", skipped: [] });
    expect(mediaSetBack(before, { ...before, skipped: ["wn:2-24"] })).toEqual(["web_novel"]);
    expect(mediaSetBack({ ...before, skipped: ["wn:2-24"] }, before)).toEqual([]);
  });
});

describe("withMediaFrom", () => {
  it("takes one medium's place and skipped units from another record and leaves the rest", () => {
    const mine = progress({ webNovel: "wn:5-1", anime: "anime:1-3", skipped: ["ln:main-1", "wn:4-2"] });
    const theirs = progress({ webNovel: "wn:3-1", anime: "anime:1-9", skipped: ["wn:2-23"] });
    expect(withMediaFrom(mine, theirs, ["web_novel"])).toEqual({
      ...mine,
      webNovel: "wn:3-1",
      skipped: ["ln:main-1", "wn:2-23"],
    });
    expect(withMediaFrom(mine, theirs, [])).toBe(mine);
  });
});

describe("progressAfterSave", () => {
  const account = (record: Partial<Progress>, revision = 4, setBacks: AccountProgress["setBacks"] = {}) => ({
    progress: progress(record),
    revision,
    setBacks,
  });

  it("merges a plain save furthest-wins, as before set-backs existed", () => {
    const saved = account({ webNovel: "wn:5-30", anime: "anime:1-2" });
    const sent = progress({ webNovel: "wn:3-1", anime: "anime:1-5" });
    expect(progressAfterSave(saved, { progress: sent, revision: 4, setBack: [] }, now)).toEqual({
      progress: mergeProgress(saved.progress, sent),
      setBacks: {},
    });
  });

  it("takes a set-back's place in its medium, merges the others, and stamps the medium with the next revision", () => {
    const saved = account({ webNovel: "wn:5-30", anime: "anime:1-5" });
    const sent = progress({ webNovel: "wn:3-1", anime: "anime:1-2" });
    const after = progressAfterSave(saved, { progress: sent, revision: 4, setBack: ["web_novel"] }, now);
    expect(after.progress).toMatchObject({ webNovel: "wn:3-1", anime: "anime:1-5" });
    expect(after.setBacks).toEqual({ web_novel: { revision: 5, at: now.toISOString() } });
  });

  it("stamps nothing when the set-back changes nothing the account had", () => {
    const saved = account({ webNovel: "wn:3-1" }, 4, { anime: { revision: 2, at: "2026-01-01T00:00:00.000Z" } });
    const after = progressAfterSave(saved, { progress: saved.progress, revision: 4, setBack: ["web_novel"] }, now);
    expect(after).toEqual({ progress: saved.progress, setBacks: saved.setBacks });
  });

  it("keeps the account's place in a medium set back after a device last heard from it, and merges the rest", () => {
    // The laptop set the web novel back at revision 5; the phone last heard revision 4 and read on in the anime.
    const saved = account({ webNovel: "wn:3-1", anime: "anime:1-2" }, 5, {
      web_novel: { revision: 5, at: "2026-11-30T09:00:00.000Z" },
    });
    const phone = progress({ webNovel: "wn:5-30", anime: "anime:1-7", updatedAt: "2026-11-30T09:30:00.000Z" });
    const after = progressAfterSave(saved, { progress: phone, revision: 4, setBack: [] }, now);
    expect(after.progress).toMatchObject({ webNovel: "wn:3-1", anime: "anime:1-7" });
    expect(after.setBacks).toEqual(saved.setBacks);

    // A device that heard of the set-back moves the web novel on as usual.
    const heard = progressAfterSave(saved, { progress: phone, revision: 5, setBack: [] }, now);
    expect(heard.progress).toMatchObject({ webNovel: "wn:5-30", anime: "anime:1-7" });
  });

  it("judges a record that never heard from the account by when it was last changed", () => {
    const saved = account({ webNovel: "wn:3-1" }, 5, { web_novel: { revision: 5, at: "2026-11-30T09:00:00.000Z" } });
    const before = progress({ webNovel: "wn:5-30", updatedAt: "2026-11-30T08:59:59.000Z" });
    const after = progress({ webNovel: "wn:5-30", updatedAt: "2026-11-30T09:00:01.000Z" });
    expect(progressAfterSave(saved, { progress: before, revision: null, setBack: [] }, now).progress.webNovel).toBe(
      "wn:3-1",
    );
    expect(progressAfterSave(saved, { progress: after, revision: null, setBack: [] }, now).progress.webNovel).toBe(
      "wn:5-30",
    );
  });

  it("reads a record's time as a time, and a record dated after now as one that missed the set-back (its clock is ahead)", () => {
    const saved = account({ webNovel: "wn:3-1" }, 5, { web_novel: { revision: 5, at: "2026-11-30T09:00:30.000Z" } });
    const placeFrom = (updatedAt: string) =>
      progressAfterSave(
        saved,
        { progress: progress({ webNovel: "wn:5-30", updatedAt }), revision: null, setBack: [] },
        now,
      ).progress.webNovel;
    // To the minute, 09:00 is before 09:00:30, though "…T09:00Z" sorts after "…T09:00:30.000Z" as text.
    expect(placeFrom("2026-11-30T09:00Z")).toBe("wn:3-1");
    expect(placeFrom("2026-11-30T09:01Z")).toBe("wn:5-30");
    // A device whose clock is an hour ahead, or set to 2099, does not undo the set-back.
    expect(placeFrom("2026-11-30T11:00:00.000Z")).toBe("wn:3-1");
    expect(placeFrom("2099-01-01T00:00:00.000Z")).toBe("wn:3-1");
    expect(placeFrom(now.toISOString())).toBe("wn:5-30");
  });

  it("lets a set-back from a device that missed an earlier one stand: the newest deliberate choice wins", () => {
    const saved = account({ webNovel: "wn:3-1" }, 5, { web_novel: { revision: 5, at: "2026-11-30T09:00:00.000Z" } });
    const sent = progress({ webNovel: "wn:2-10" });
    const after = progressAfterSave(saved, { progress: sent, revision: 2, setBack: ["web_novel"] }, now);
    expect(after.progress.webNovel).toBe("wn:2-10");
    expect(after.setBacks.web_novel).toEqual({ revision: 6, at: now.toISOString() });
  });

  it("takes a first save as it is", () => {
    const sent = progress({ webNovel: "wn:3-1" });
    expect(progressAfterSave(null, { progress: sent, revision: null, setBack: ["web_novel"] }, now)).toEqual({
      progress: sent,
      setBacks: {},
    });
  });
});

describe("reconcileProgress", () => {
  const local = progress({ webNovel: "wn:2-1", position: 4 });
  const saved = { progress: progress({ anime: "anime:1-2", position: 6 }), revision: 3, setBacks: {} };
  const sent = (record: Progress, revision: number | null = 3) => ({ progress: record, revision, setBack: [] });

  it("merges the account's record into this browser's, and tells which side needs the result", () => {
    expect(reconcileProgress(sent(local), saved)).toEqual({
      progress: mergeProgress(saved.progress, local),
      storeLocally: true,
      sendToAccount: true,
    });
  });

  it("changes nothing when both sides agree", () => {
    const same = { ...saved, progress: { ...local, updatedAt: "2026-05-05T00:00:00.000Z" } };
    expect(reconcileProgress(sent(local), same)).toMatchObject({ storeLocally: false, sendToAccount: false });
  });

  it("sends this browser's progress to an account that has none, but never an empty record", () => {
    expect(reconcileProgress(sent(local), null)).toEqual({ progress: local, storeLocally: false, sendToAccount: true });
    expect(reconcileProgress(sent(emptyProgress), null)).toEqual({
      progress: emptyProgress,
      storeLocally: false,
      sendToAccount: false,
    });
  });

  it("stores the account's progress in a browser that is behind", () => {
    expect(reconcileProgress(sent(emptyProgress), saved)).toMatchObject({
      progress: { anime: "anime:1-2" },
      storeLocally: true,
      sendToAccount: false,
    });
  });

  it("takes a set-back made on another device into a browser that is further, and sends nothing back", () => {
    const setBack = {
      progress: progress({ webNovel: "wn:3-1" }),
      revision: 6,
      setBacks: { web_novel: { revision: 6, at: "2026-11-30T09:00:00.000Z" } },
    };
    expect(reconcileProgress(sent(progress({ webNovel: "wn:5-30" }), 5), setBack)).toMatchObject({
      progress: { webNovel: "wn:3-1" },
      storeLocally: true,
      sendToAccount: false,
    });
  });
});
