/**
 * A character's first manga chapter, in the demo pack: Pellam Quill is met at wn:1-8, which the manga's
 * chapter manga:wick-3 ("The Lampwright's Bench", wn:1-7 to 1-9) adapts. The profile lists it among his
 * first appearances, by its label to everyone who has met him and by its title only to a reader who knows
 * it: the page, its data and the API alike.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { importTestPack } from "../support/packs";
import { fetchSite } from "../support/site";

beforeAll(() => importTestPack("demo"));

const title = "The Lampwright's Bench";

async function bodyOf(address: string) {
  const response = await fetchSite(address);
  expect(response.status, address).toBe(200);
  return response.text();
}

/** Every response for Pell's profile asked with `reveal`. */
async function profile(reveal: string) {
  const query = `?reveal=${encodeURIComponent(reveal)}`;
  return {
    page: await bodyOf(`/characters/pell-quill${query}`),
    data: await bodyOf(`/characters/pell-quill.data${query}`),
    api: JSON.parse(await bodyOf(`/api/v1/characters/pell-quill${query}`)) as {
      first_appearances: { key: string; medium: string; label: string; title: string | null }[];
    },
  };
}

describe("a character's first manga chapter", () => {
  it("is listed with the other first appearances, in story order, titled for a reader of the manga", async () => {
    const { page, data, api } = await profile("manga:wick-3");
    expect(api.first_appearances.map((appearance) => appearance.key)).toEqual([
      "wn:1-8",
      "manga:wick-3",
      "anime:1-2",
      "ln:main-1",
    ]);
    expect(api.first_appearances.find((appearance) => appearance.medium === "manga")).toEqual({
      key: "manga:wick-3",
      medium: "manga",
      label: "Manga 1 · Chapter 3",
      title,
    });
    // The page's data carries it for its requester (the page draws the profile once it knows its reader).
    for (const body of [page, data]) expect(body).toContain("manga:wick-3");
    expect(data).toContain(title);
  });

  it("is named by its label alone to a reader who has met him but not reached the chapter's end", async () => {
    // wn:1-8 meets Pell; the manga chapter goes on to wn:1-9, so its title waits.
    const { page, data, api } = await profile("wn:1-8");
    expect(api.first_appearances.find((appearance) => appearance.medium === "manga")).toEqual({
      key: "manga:wick-3",
      medium: "manga",
      label: "Manga 1 · Chapter 3",
      title: null,
    });
    expect(data).toContain("Manga 1 · Chapter 3");
    for (const body of [page, data, JSON.stringify(api)]) {
      expect(body).not.toContain(title);
      expect(body).not.toContain("Lampwright");
    }
    // A reader of the web novel past it knows the title.
    expect(
      (await profile("wn:1-9")).api.first_appearances.find((appearance) => appearance.medium === "manga")?.title,
    ).toBe(title);
  });

  it("is nothing at all to a reader who has not met him", async () => {
    const response = await fetchSite("/api/v1/characters/pell-quill?reveal=manga:wick-2");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("wick-3");
  });
});
