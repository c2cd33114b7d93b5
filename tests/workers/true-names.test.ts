/**
 * A true name kept secret, in the demo pack: the Grey Lantern (met at wn:2-20, ln:main-4, anime:1-9) is
 * Fen Oakhart's sister Briony Oakhart, revealed at wn:2-27, by ln:main-4 and by anime:1-11, which adapt
 * it. Every response that names the character (their profile, its title, the catalogue, search and its
 * suggestions, Fen's relationship, the API) says the true name to those who know it and leaves no trace
 * of it for anyone else.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { importTestPack } from "../support/packs";
import { fetchSite } from "../support/site";

beforeAll(() => importTestPack("demo"));

const TRUE_NAME = "Briony Oakhart";

/** Every address that names the Grey Lantern, asked with `reveal` (nothing stated when it is empty), by what it is. */
function addressesFor(reveal: string) {
  const query = (params: Record<string, string>) => `?${new URLSearchParams({ ...params, ...(reveal && { reveal }) })}`;
  return {
    page: `/characters/grey-lantern${query({})}`,
    profile: `/characters/grey-lantern.data${query({})}`,
    fen: `/characters/fen-oakhart.data${query({})}`,
    catalogue: `/characters.data${query({})}`,
    found: `/characters.data${query({ q: "briony" })}`,
    search: `/search.data${query({ q: "briony" })}`,
    suggestions: `/search${query({ q: "briony", suggest: "1" })}`,
    byPublicName: `/search${query({ q: "grey lantern", suggest: "1" })}`,
    apiList: `/api/v1/characters${query({ per_page: "100" })}`,
    api: `/api/v1/characters/grey-lantern${query({})}`,
    apiFen: `/api/v1/characters/fen-oakhart${query({})}`,
  };
}

/** What each of those addresses answers. */
async function bodiesFor(reveal: string) {
  const addresses = addressesFor(reveal);
  const bodies = {} as Record<keyof typeof addresses, string>;
  for (const [name, address] of Object.entries(addresses) as [keyof typeof addresses, string][])
    bodies[name] = await bodyOf(address);
  return bodies;
}

async function bodyOf(address: string) {
  const response = await fetchSite(address);
  expect(response.status, address).toBeLessThan(500);
  return response.text();
}

describe("a true name kept secret", () => {
  it.each([
    ["a requester who states nothing", ""],
    ["a web novel reader who has met her but not reached wn:2-27", "wn:2-26"],
    ["an anime viewer who has met her but not watched anime:1-11", "anime:1-10"],
    ["a light novel reader before the volume that meets her", "ln:main-3"],
  ])("leaves no trace for %s", async (_, reveal) => {
    for (const address of Object.values(addressesFor(reveal))) {
      const body = await bodyOf(address);
      expect(body, address).not.toContain(TRUE_NAME);
      expect(body, address).not.toContain("Briony");
      expect(body, address).not.toContain("true-name");
      expect(body, address).not.toMatch(/trueName":\{|true_name":"/);
    }
  });

  it.each([
    ["a web novel reader of wn:2-27", "wn:2-27"],
    ["a viewer of anime:1-11", "anime:1-11"],
    ["a reader of ln:main-4", "ln:main-4"],
  ])("is named to %s, with the name everyone knows beside it", async (_, reveal) => {
    const { page, profile, fen, catalogue, found, search, suggestions, byPublicName, apiList, api, apiFen } =
      await bodiesFor(reveal);
    // The page's title and link previews are what everyone may see, whatever the address states; its
    // data is the requester's own.
    expect(page.match(/<title>[^<]*<\/title>|<meta [^>]*>/g)?.join("\n")).not.toContain("Briony");
    for (const data of [page, profile, fen, found]) expect(data).toContain(TRUE_NAME);
    // Listed among the characters by the name everyone knows them by (page 1 ends before "The …").
    expect(catalogue).not.toContain("grey-lantern");
    expect(found).toContain("grey-lantern");
    for (const hits of [search, suggestions, byPublicName]) {
      expect(hits).toContain(TRUE_NAME);
      expect(hits).toContain("Known as The Grey Lantern");
    }
    // Found by either name, listed once.
    expect(byPublicName.match(/\/characters\/grey-lantern/g)).toHaveLength(1);
    expect(JSON.parse(apiList).items).toContainEqual(
      expect.objectContaining({ slug: "grey-lantern", name: "The Grey Lantern", true_name: TRUE_NAME }),
    );
    expect(JSON.parse(api)).toMatchObject({ name: "The Grey Lantern", true_name: TRUE_NAME });
    expect(JSON.parse(apiFen).relationships).toContainEqual(
      expect.objectContaining({ slug: "grey-lantern", name: "The Grey Lantern", true_name: TRUE_NAME }),
    );
  });
});
