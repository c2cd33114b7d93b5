/**
 * OVAs, specials and films behind the shield, on the demo pack: the film sp:film-1 tells the
 * side story ss:blog-2015-01 (at which Ilse's fact "First lantern" is revealed), the OVA
 * sp:ova-1 is anime-original, and the special sp:special-1 adapts chapters. A film is watched
 * on its own: its viewer knows what the story it tells reveals, and nothing else (no episode).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PackRows } from "../../pack/rows";
import { hasConsumed, parseKnowledge } from "~/lib/shield/knowledge";
import { loader as animeLoader } from "~/routes/anime";
import { loader as animeSpecialsLoader } from "~/routes/anime.specials";
import { importTestPack } from "../support/packs";
import { fetchDeployed } from "../support/site";
import { load } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const FILM = "sp:film-1";
const STORY = "ss:blog-2015-01";
let rows: PackRows;
let client = 0;

const special = (key: string) => rows.anime_specials.find((row) => row.key === key)!;
const fact = (label: string) => rows.character_facts.find((row) => row.label === label)!;

/** A page or an API answer as the site serves it, its body as text. */
async function text(path: string) {
  const headers = new Headers({ "CF-Connecting-IP": `198.51.100.${++client % 250}` });
  const response = await fetchDeployed(path, { headers });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The anime page's data for a reader who states this knowledge, as JSON text. */
const animeData = async (reveal: string) => JSON.stringify(await load(animeLoader, `/anime?reveal=${reveal}`));

/** The OVAs, specials and films page's data for a reader who states this knowledge, as JSON text. */
const specialsData = async (reveal: string) =>
  JSON.stringify(await load(animeSpecialsLoader, `/anime/specials?reveal=${reveal}`));

beforeAll(async () => {
  rows = await importTestPack("demo");
});

describe("OVAs, specials and films behind the shield", () => {
  it("lets a viewer of only the film see what its side story reveals, and nothing more", async () => {
    const film = special(FILM);
    const firstLantern = fact("First lantern");
    expect(firstLantern.revealed_by?.split(" ").sort()).toEqual([FILM, STORY]);
    const profile = await text(`/characters/ilse-marrow?reveal=${FILM}`);
    expect(profile).toContain(firstLantern.value);
    // Facts revealed in the web novel later, or by the episodes, stay hidden.
    expect(profile).not.toContain(fact("Why her flame costs nothing").value);
    const data = await specialsData(FILM);
    expect(data).toContain(film.title);
    expect(data).toContain(film.synopsis!);
    // Not the OVA's or the special's, which it does not tell.
    expect(data).not.toContain(special("sp:ova-1").synopsis!);
    expect(data).not.toContain(special("sp:ova-1").original!);
    expect(data).not.toContain(special("sp:special-1").synopsis!);
  });

  it("lets a viewer of a special that adapts chapters meet no one those chapters' volume or episode meets earlier", async () => {
    // The almanac adapts wn:1-16, the last chapter volume 1 reaches; Pell is met in that volume, at wn:1-8.
    const almanac = rows.story_units.find((unit) => unit.key === "sp:special-1")!;
    expect(almanac).toBeDefined();
    const pell = await fetchDeployed("/characters/pell-quill.data?reveal=sp:special-1");
    expect(pell.status).toBe(404);
    const api = await fetchDeployed("/api/v1/characters/pell-quill?reveal=sp:special-1");
    expect(api.status).toBe(404);
    // Hester Crane is met in the chapters it adapts (wn:2-14).
    expect((await fetchDeployed("/characters/hester-crane.data?reveal=sp:special-1")).status).toBe(200);
  });

  it("credits a viewer of only the film with no episode", async () => {
    const knowledge = parseKnowledge(FILM)!;
    expect(hasConsumed(knowledge, FILM)).toBe(true);
    expect(hasConsumed(knowledge, "anime:1-12")).toBe(false);
    expect(hasConsumed(knowledge, "anime:1-1")).toBe(false);
    const { episodes } = await load(animeLoader, `/anime?reveal=${FILM}`);
    expect(episodes.map((episode) => episode.title?.content)).toEqual(episodes.map(() => null));
    const episodeTitle = rows.anime_episodes.find((episode) => episode.key === "anime:1-12")!.title;
    expect(await animeData(FILM)).not.toContain(`"${episodeTitle}"`);
  });

  it("shows the film to a reader of the story it tells, and not to a viewer of every episode", async () => {
    const film = special(FILM);
    expect(await specialsData(STORY)).toContain(film.synopsis!);
    const allEpisodes = rows.anime_episodes.map((episode) => episode.key).at(-1)!;
    expect(await specialsData(allEpisodes)).not.toContain(film.synopsis!);
    expect(await text(`/characters/ilse-marrow?reveal=${allEpisodes}`)).not.toContain(fact("First lantern").value);
  });

  it("gives a reader who has seen none of it no gated text of it, in the page's HTML or the API", async () => {
    const gated = rows.anime_specials.flatMap((row) =>
      [row.title, row.original_title, row.synopsis, row.original].filter((value): value is string => value !== null),
    );
    expect(gated.length).toBeGreaterThanOrEqual(8);
    for (const path of [
      "/anime",
      "/anime?season=2",
      "/anime.data",
      "/anime/specials",
      "/anime/specials?special=ova-1",
      "/anime/specials.data",
      "/reading_tracker",
      "/resources/timeline",
      "/releases",
      "/releases/anime/feed.xml",
      "/api/v1/series",
      "/api/v1/units?medium=anime_specials",
      "/search?q=Paper+Boats",
      `/discuss/${FILM}`,
    ]) {
      const body = await text(path);
      for (const value of gated) expect(body, `${path} holds "${value}"`).not.toContain(value);
    }
    expect(await text("/characters/ilse-marrow")).not.toContain(fact("First lantern").value);
  });

  it("names on each season the specials watched after its episodes, and lists them all on their own page", async () => {
    const first = await load(animeLoader, "/anime");
    expect(first.specialCount).toBe(3);
    // The OVA after episode 6 and the film after episode 12; the almanac is watched after no episode.
    expect(first.seasonSpecials).toEqual([
      {
        key: "sp:ova-1",
        kind: "ova",
        label: "Anime · OVA",
        title: { revealedBy: expect.arrayContaining(["sp:ova-1"]), content: null },
        watchAfter: { key: "anime:1-6", label: expect.any(String) },
      },
      {
        key: FILM,
        kind: "film",
        label: "Anime · Film",
        title: { revealedBy: expect.arrayContaining([FILM]), content: null },
        watchAfter: { key: "anime:1-12", label: expect.any(String) },
      },
    ]);
    // Its title is named to a viewer who watched it, and, as an episode's is, to one who reached its place
    // (watched on past the episode it is watched after); not to one short of it.
    const watched = await load(animeLoader, "/anime?reveal=sp:ova-1");
    expect(watched.seasonSpecials.map((each) => each.title!.content)).toEqual([special("sp:ova-1").title, null]);
    const past = await load(animeLoader, "/anime?reveal=anime:1-7");
    expect(past.seasonSpecials.map((each) => each.title!.content)).toEqual([special("sp:ova-1").title, null]);
    expect(await animeData("anime:1-5")).not.toContain(special("sp:ova-1").title);
    // What it tells still waits for its own viewers.
    const specials = await specialsData("anime:1-12");
    expect(specials).toContain(special("sp:ova-1").title);
    expect(specials).not.toContain(special("sp:ova-1").synopsis!);
    expect((await load(animeLoader, "/anime?season=2")).seasonSpecials).toEqual([]);
    const all = await load(animeSpecialsLoader, "/anime/specials?special=special-1");
    expect(all.specials.map((each) => each.key)).toEqual(["sp:ova-1", FILM, "sp:special-1"]);
    expect(all.paging).toEqual({ page: 1, perPage: 10, total: 3, pageCount: 1 });
    // A viewer of the recut is told the recut's episode too: the one that ends with episode 6.
    expect(all.specials.map((each) => each.watchAfter)).toEqual([
      {
        key: "anime:1-6",
        label: "Season 1 · Episode 6",
        inRecut: { key: "anime:1r1-3", label: "Season 1 Recut · Episode 3" },
      },
      {
        key: "anime:1-12",
        label: "Season 1 · Episode 12",
        inRecut: { key: "anime:1r1-6", label: "Season 1 Recut · Episode 6" },
      },
      null,
    ]);
  });

  it("answers the API with what the requester has seen of each", async () => {
    type ApiSpecial = { key: string; title: string | null; synopsis: string | null; original_note: string | null };
    const specials = async (reveal: string) =>
      (JSON.parse(await text(`/api/v1/series${reveal ? `?reveal=${reveal}` : ""}`)) as { anime_specials: ApiSpecial[] })
        .anime_specials;
    const none = await specials("");
    expect(none.map((item) => item.key)).toEqual(["sp:ova-1", FILM, "sp:special-1"]);
    expect(none.flatMap((item) => [item.title, item.synopsis, item.original_note])).toEqual(Array(9).fill(null));
    const viewer = await specials(FILM);
    expect(viewer.find((item) => item.key === FILM)).toMatchObject({
      title: special(FILM).title,
      synopsis: special(FILM).synopsis,
      original_note: null,
    });
    expect(viewer.find((item) => item.key === "sp:ova-1")).toMatchObject({ synopsis: null, original_note: null });
    const units = JSON.parse(await text(`/api/v1/units?medium=anime_specials&reveal=${FILM}`)) as {
      items: { key: string; title: string | null; runtime: number | null; released_on: string | null }[];
    };
    // In story order: the OVA after episode 6, the special where its last chapter is, the film after episode 12.
    expect(units.items).toEqual([
      expect.objectContaining({ key: "sp:ova-1", title: null, runtime: 24, released_on: "2020-09" }),
      expect.objectContaining({ key: "sp:special-1", title: null, runtime: null, released_on: "2022" }),
      expect.objectContaining({ key: FILM, title: special(FILM).title, runtime: 105, released_on: "2021-08-13" }),
    ]);
  });
});
