import { describe, expect, it } from "vitest";
import { fetchDeployed, fetchSite } from "../support/site";

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
    const response = await fetchDeployed("/resources/timeline");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/^public/);
    const { units } = (await response.json()) as { units: Array<{ key: string; medium: string; position: number }> };
    expect(units.length).toBeGreaterThan(10);
    expect(units[0]).toMatchObject({ key: "wn:1-1", medium: "web_novel" });
    const positions = units.map((unit) => unit.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(units.map((unit) => unit.medium))).toEqual(new Set(["web_novel", "light_novels", "side_stories", "anime", "break_time"]));
  });

  it("names each arc and season by number and title, for the tracker's first picker", async () => {
    const { units } = (await (await fetchDeployed("/resources/timeline")).json()) as { units: Array<{ medium: string; group: string }> };
    const groups = new Set(units.filter((unit) => unit.medium === "web_novel" || unit.medium === "anime").map((unit) => unit.group));
    // A season whose title already holds its number names it once (app/lib/progress.ts groupName; the demo's second season).
    expect([...groups]).toEqual(["Arc 1: The Door", "Season 1: Tiny Tale", "Arc 2: The Hall"]);
  });
});
