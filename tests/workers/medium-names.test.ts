/**
 * Names per medium and per translation, in the demo pack: Ferris Dunmore (met at wn:1-18, ln:main-2,
 * anime:1-4) is "Felix Dunmore" in the anime and "Felis Dunmore" in the fan translations; Nix (met at
 * wn:1-19, ln:main-2, anime:1-4) is "Nyx" in the anime from anime:1-6 on (and to readers of wn:2-4 and
 * ln:main-3, which reach the same point); Pellam Quill (met at wn:1-8, which the manga's chapter manga:wick-3
 * adapts) is "Pelham Quill" in the manga. Every response that names them carries each name to those who
 * may know it, for the page to head the character with the one of the medium its reader follows, and
 * carries nothing of a name said later to anyone else.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { importTestPack } from "../support/packs";
import { fetchSite } from "../support/site";

beforeAll(() => importTestPack("demo"));

/** Every address that names Nix, asked with `reveal` (nothing stated when it is empty), by what it is. */
function nixAddresses(reveal: string) {
  const query = (params: Record<string, string>) => `?${new URLSearchParams({ ...params, ...(reveal && { reveal }) })}`;
  return {
    page: `/characters/nix${query({})}`,
    profile: `/characters/nix.data${query({})}`,
    // Ferris's relationship names Nix.
    ferris: `/characters/ferris-dunmore.data${query({})}`,
    catalogue: `/characters.data${query({ q: "nix" })}`,
    found: `/characters.data${query({ q: "nyx" })}`,
    search: `/search.data${query({ q: "nyx" })}`,
    suggestions: `/search${query({ q: "nyx", suggest: "1" })}`,
    // Found by the pack's name, a hit carries the names the reader may know, to head it with theirs.
    searchByName: `/search.data${query({ q: "nix" })}`,
    suggestionsByName: `/search${query({ q: "nix", suggest: "1" })}`,
    api: `/api/v1/characters/nix${query({})}`,
    apiFerris: `/api/v1/characters/ferris-dunmore${query({})}`,
    apiList: `/api/v1/characters${query({ per_page: "100" })}`,
  };
}

async function bodyOf(address: string) {
  const response = await fetchSite(address);
  expect(response.status, address).toBeLessThan(500);
  return response.text();
}

describe("names per medium", () => {
  it("gives a reader who has met Ferris every name he is said by, and finds him by each", async () => {
    for (const reveal of ["wn:1-18", "ln:main-2", "anime:1-4"]) {
      const profile = await bodyOf(`/characters/ferris-dunmore.data?reveal=${reveal}`);
      for (const name of ["Felix Dunmore", "Felis Dunmore", "Cinderlight Press", "fan translation"])
        expect(profile, reveal).toContain(name);
      for (const [query, title] of [
        ["felix", "Felix Dunmore"],
        ["felis", "Felis Dunmore"],
        ["ferris", "Ferris Dunmore"],
      ]) {
        const suggestions = await bodyOf(`/search?q=${query}&suggest=1&reveal=${reveal}`);
        expect(suggestions, `${query} at ${reveal}`).toContain(title);
        // Found by any of his names, listed once.
        expect(suggestions.match(/\/characters\/ferris-dunmore/g), `${query} at ${reveal}`).toHaveLength(1);
        // Among the results too: by the name he goes by, he is found as himself, not as his name in a
        // medium besides.
        const results = await bodyOf(`/search.data?q=${query}&reveal=${reveal}`);
        expect(results.match(/\/characters\/ferris-dunmore/g), `${query} at ${reveal}`).toHaveLength(1);
        expect(results, `${query} at ${reveal}`).toContain(`\\"title\\":\\"${title}\\"`);
      }
      expect(await bodyOf(`/characters.data?q=felix&reveal=${reveal}`)).toContain("ferris-dunmore");
      expect(JSON.parse(await bodyOf(`/api/v1/characters/ferris-dunmore?reveal=${reveal}`)).medium_names).toEqual([
        { medium: "anime", translation: null, name: "Felix Dunmore" },
        { medium: "light_novels", translation: "Cinderlight Press", name: "Ferris Dunmore" },
        { medium: "light_novels", translation: "fan translation", name: "Felis Dunmore" },
        { medium: "web_novel", translation: "fan translation", name: "Felis Dunmore" },
      ]);
    }
  });

  it("carries his names in a page's data for its requester only, and never in its title or link previews", async () => {
    expect(await bodyOf("/characters/ferris-dunmore")).not.toMatch(/Felix|Felis|Cinderlight/);
    const page = await bodyOf("/characters/ferris-dunmore?reveal=anime:1-4");
    expect(page).toContain("Felix Dunmore");
    expect(page.match(/<title>[^<]*<\/title>|<meta [^>]*>/g)?.join("\n")).not.toMatch(/Felix|Felis/);
  });

  it("finds no one by a name said openly for a reader who has not met him", async () => {
    for (const reveal of ["", "wn:1-17", "anime:1-3"]) {
      const query = reveal ? `&reveal=${reveal}` : "";
      for (const address of [
        `/search?q=felix&suggest=1${query}`,
        `/search.data?q=felis${query}`,
        `/characters.data?q=felix${query}`,
      ])
        expect(await bodyOf(address), address).not.toMatch(/Felix|Felis|ferris-dunmore/);
    }
  });

  it.each([
    ["a requester who states nothing", ""],
    ["a viewer who has met Nix but not watched anime:1-6", "anime:1-5"],
    ["a web novel reader who has met Nix but not reached wn:2-4", "wn:2-3"],
    ["a light novel reader of the volume that meets Nix", "ln:main-2"],
  ])("leaves no trace of a name said later for %s", async (_, reveal) => {
    for (const address of Object.values(nixAddresses(reveal))) {
      const body = await bodyOf(address);
      expect(body, address).not.toContain("Nyx");
      expect(body, address).not.toContain("character-name:nix");
      expect(body, address).not.toContain("anime:1-6 wn:2-4");
    }
  });

  it.each([
    ["a viewer of anime:1-6", "anime:1-6"],
    ["a web novel reader of wn:2-4", "wn:2-4"],
    ["a reader of ln:main-3", "ln:main-3"],
  ])("gives a name said later to %s, and finds Nix by it", async (_, reveal) => {
    const { profile, ferris, found, search, suggestions, searchByName, suggestionsByName, api, apiFerris, apiList } =
      Object.fromEntries(
        await Promise.all(
          Object.entries(nixAddresses(reveal)).map(async ([name, address]) => [name, await bodyOf(address)] as const),
        ),
      );
    for (const data of [profile, ferris, found, search, suggestions, searchByName, suggestionsByName])
      expect(data).toContain("Nyx");
    expect(found).toContain('\\"slug\\":\\"nix\\"');
    expect(suggestions).toContain("Nix's name in the anime");
    const named = { medium: "anime", translation: null, name: "Nyx" };
    expect(JSON.parse(api!).medium_names).toEqual([named]);
    expect(JSON.parse(apiFerris!).relationships).toContainEqual(
      expect.objectContaining({ slug: "nix", medium_names: [named] }),
    );
    expect(JSON.parse(apiList!).items).toContainEqual(expect.objectContaining({ slug: "nix", medium_names: [named] }));
  });

  it("gives a reader of the manga who has met Pell the manga's name, and finds him by it", async () => {
    for (const reveal of ["manga:wick-3", "wn:1-8"]) {
      const profile = await bodyOf(`/characters/pell-quill.data?reveal=${reveal}`);
      expect(profile, reveal).toContain("Pelham Quill");
      const suggestions = await bodyOf(`/search?q=pelham&suggest=1&reveal=${reveal}`);
      expect(suggestions, reveal).toContain("Pellam Quill's name in the manga");
      expect(suggestions.match(/\/characters\/pell-quill/g), reveal).toHaveLength(1);
      expect(await bodyOf(`/characters.data?q=pelham&reveal=${reveal}`), reveal).toContain("pell-quill");
      expect(JSON.parse(await bodyOf(`/api/v1/characters/pell-quill?reveal=${reveal}`)).medium_names).toEqual([
        { medium: "manga", translation: null, name: "Pelham Quill" },
      ]);
    }
  });

  it("finds no one by the manga's name for a reader who has not met Pell", async () => {
    for (const reveal of ["", "manga:wick-2", "wn:1-7", "manga:tallow-5"]) {
      const query = reveal ? `&reveal=${reveal}` : "";
      for (const address of [
        `/search?q=pelham&suggest=1${query}`,
        `/search.data?q=pelham${query}`,
        `/characters.data?q=pelham${query}`,
        `/characters/pell-quill.data${reveal ? `?reveal=${reveal}` : ""}`,
      ])
        expect(await bodyOf(address), address).not.toContain("Pelham");
    }
  });
});
