import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { emptyProgress } from "~/lib/progress";
import { MIN_BUCKET } from "~/lib/readership";
import { clearReadershipCache, getReadership } from "~/models/readership.server";
import { saveProgress } from "~/models/progress.server";

beforeEach(async () => {
  clearReadershipCache();
  await env.DB.prepare("DELETE FROM reading_progress").run();
});

describe("readership", () => {
  it("shows nothing while fewer than five readers track progress", async () => {
    await saveProgress(env.DB, "solo", { ...emptyProgress, webNovel: "wn:1-2" });
    expect(await getReadership(env.DB)).toMatchObject({ readers: 0, arcs: [] });
  });

  it("counts readers per arc and volume, and hides groups smaller than five", async () => {
    for (let index = 0; index < 6; index++) {
      await saveProgress(env.DB, `arc1-${index}`, { ...emptyProgress, webNovel: "wn:1-3", lightNovels: { main: 1 } });
    }
    for (let index = 0; index < 2; index++) {
      await saveProgress(env.DB, `arc2-${index}`, { ...emptyProgress, webNovel: "wn:2-1", anime: "anime:1-2" });
    }
    const readership = await getReadership(env.DB);
    expect(MIN_BUCKET).toBe(5);
    expect(readership.readers).toBe(8);
    expect(readership.arcs).toEqual([{ label: "Arc 1: The Door", readers: 6 }]);
    expect(readership.volumes).toEqual([{ label: "Tiny Tale 1", readers: 6 }]);
    expect(readership.media).toEqual(expect.arrayContaining([{ medium: "web_novel", readers: 8 }, { medium: "light_novels", readers: 6 }]));
    expect(readership.media.find((row) => row.medium === "anime")).toBeUndefined();
    expect(readership.hiddenBuckets).toBeGreaterThanOrEqual(2);
  });

  it("stores the position of the furthest unit reached, computed on the server", async () => {
    const saved = await saveProgress(env.DB, "positions", { ...emptyProgress, webNovel: "wn:1-2", lightNovels: { main: 1 }, position: 999 });
    expect(saved.position).toBe(3); // ln:main-1 ends at wn:1-3, not the 999 the browser claimed
  });
});
