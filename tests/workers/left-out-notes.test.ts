/**
 * The notes of what an adaptation left out, in the demo pack: light novel volume 3 cuts wn:2-16
 * ("Corvin's bargain at the Guild is left out here…"), which volume 4 tells; the anime's season 2
 * episode 1 skips wn:3-2 ("The entrance trial becomes a one-minute montage…"). A reader who has read
 * or watched only the volume or the episode has not read those chapters: the note, which tells of
 * them, reaches only a reader who knows them, while what was left out (its kind and chapters) stays
 * public on the card.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { importTestPack } from "../support/packs";
import { fetchSite } from "../support/site";

beforeAll(() => importTestPack("demo"));

const bodyOf = async (address: string) => {
  const response = await fetchSite(address);
  expect(response.status, address).toBe(200);
  return response.text();
};

const cutNote = "Corvin's bargain at the Guild is left out here";
const skippedNote = "The entrance trial becomes a one-minute montage";

describe("notes of what an adaptation left out", () => {
  it("keeps a volume's cut scene from the volume's own readers, and gives it to those who read it elsewhere", async () => {
    for (const reveal of ["ln:main-3", "ln:main-3,wn:2-15"]) {
      const body = await bodyOf(`/light_novels.data?reveal=${reveal}`);
      expect(body, reveal).not.toContain(cutNote);
      // That something was cut, and which chapter, is said.
      expect(body, reveal).toContain("Arc 2 · Chapter 16");
    }
    for (const reveal of ["ln:main-3,wn:2-16", "ln:main-4"])
      expect(await bodyOf(`/light_novels.data?reveal=${reveal}`), reveal).toContain(cutNote);
    // A change that tells nothing left out goes with the volume, as before.
    expect(await bodyOf("/light_novels.data?reveal=ln:main-4")).toContain("A new scene on the bakery roof");
  });

  it("keeps an episode's skipped chapters from its viewers, and gives them to their readers", async () => {
    expect(await bodyOf("/anime.data?season=2&reveal=anime:2-1")).not.toContain(skippedNote);
    expect(await bodyOf("/anime.data?season=2&reveal=wn:3-2")).toContain(skippedNote);
  });
});
