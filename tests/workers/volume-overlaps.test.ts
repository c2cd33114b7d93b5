import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as lightNovelsLoader } from "~/routes/light-novels";
import { loader as webNovelLoader } from "~/routes/web-novel";
import { load, present } from "../support/workers-context";
import { importTestPack } from "../support/packs";

/*
 * Two volumes that share a chapter, as a real series splits one between two books: the tiny pack's
 * second volume opens with the end of wn:1-3 (whose title is a spoiler), which the first volume ends with,
 * and says so (`overlapsPrevious`).
 */
describe("a chapter two volumes share", () => {
  beforeAll(() =>
    importTestPack("tiny", {
      edit: (files) => {
        const second = files["light-novels.json"].collections[0].volumes[1];
        second.adapts = { from: "wn:1-3", to: "wn:2-2" };
        second.overlapsPrevious = true;
      },
    }),
  );
  afterAll(() => importTestPack("tiny"));

  it("is revealed by the volume that finishes it, not by the one that starts it", async () => {
    const page = await load(webNovelLoader, "/web_novel?reveal=ln:main-1");
    const shared = present(page.chapters.find((chapter) => chapter.key === "wn:1-3"));
    expect(shared.title).toEqual({ revealedBy: ["wn:1-3", "ln:main-2"], content: null });
    const reader = await load(webNovelLoader, "/web_novel?reveal=ln:main-2");
    expect(reader.chapters.find((chapter) => chapter.key === "wn:1-3")?.title.content).toMatchObject({
      title: "The Keeper Lied",
    });
  });

  it("is counted once in what the collection adapts, and in each volume's own count", async () => {
    const page = await load(lightNovelsLoader, "/light_novels");
    expect(page.adaptedChapters).toBe(5);
    expect(page.volumes.map((volume) => volume.adapts?.chapters)).toEqual([3, 3]);
  });
});
