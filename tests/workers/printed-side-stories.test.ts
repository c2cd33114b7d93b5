/**
 * Side stories a light novel volume prints, on the demo pack: the collection ln:ssc-2 prints
 * ss:short-stories-2-1 (at which Corvin Hale's fact "The festival he remembers" is revealed), and the side
 * volume ln:ex-1 is the story ss:ex-1. A reader of the book has read its stories.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PackRows } from "../../pack/rows";
import { loader as lightNovelsLoader } from "~/routes/light-novels";
import { loader as sideStoriesLoader } from "~/routes/side-stories";
import { importTestPack } from "../support/packs";
import { fetchDeployed } from "../support/site";
import { load } from "../support/workers-context";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let rows: PackRows;
beforeAll(async () => {
  rows = await importTestPack("demo");
});

const fact = () => rows.character_facts.find((row) => row.label === "The festival he remembers")!.value;
const profile = async (reveal: string) => (await fetchDeployed(`/characters/corvin-hale?reveal=${reveal}`)).text();

describe("side stories a light novel volume prints", () => {
  it("are listed with the volume on /light_novels, by their labels", async () => {
    const page = await load(lightNovelsLoader, "/light_novels?collection=ssc");
    expect(page.volumes.map((volume) => [volume.key, volume.sideStories.map((story) => story.key)])).toEqual([
      ["ln:ssc-1", ["ss:ln-1-animate-bonus", "ss:short-stories-1-1"]],
      ["ln:ssc-2", ["ss:short-stories-2-1", "ss:short-stories-2-2", "ss:ln-7-toranoana-bonus"]],
      ["ln:ssc-3", ["ss:blog-2020-06"]],
    ]);
    const label = rows.story_units.find((unit) => unit.key === "ss:short-stories-2-1")!.label;
    expect(page.volumes[1]?.sideStories[0]?.label).toBe(label);
  });

  it("are read by the book's readers: what a story reveals reaches them, and not the readers of a book before it", async () => {
    expect(await profile("ln:ssc-2")).toContain(fact());
    expect(await profile("ln:ssc-1")).not.toContain(fact());
    // A side volume is its story: its title is its reader's.
    const story = rows.side_stories.find((row) => row.key === "ss:ex-1")!;
    const seen = await load(sideStoriesLoader, "/side_stories?story=ex-1&reveal=ln:ex-1");
    expect(seen.sideStories.find((each) => each.key === story.key)?.title.content).toMatchObject({
      title: story.title,
    });
    const unseen = await load(sideStoriesLoader, "/side_stories?story=ex-1");
    expect(unseen.sideStories.find((each) => each.key === story.key)?.title.content ?? null).toBeNull();
  });

  it("a story that gives a fate away is its reader's once read, alone or in its book, title and summary", async () => {
    // ss:blog-2020-06 waits for wn:6-28 (revealAt); reading it, or ln:ssc-3 that prints it, is reading what it tells.
    const story = rows.side_stories.find((row) => row.key === "ss:blog-2020-06")!;
    const shown = async (reveal: string) => {
      const page = await load(sideStoriesLoader, `/side_stories?story=blog-2020-06&reveal=${reveal}`);
      const found = page.sideStories.find((each) => each.key === story.key)!;
      return [found.title.content?.title ?? null, found.summary?.content ?? null];
    };
    expect(await shown("ss:blog-2020-06")).toEqual([story.title, story.summary]);
    expect(await shown("ln:ssc-3")).toEqual([story.title, story.summary]);
    expect(await shown("wn:6-28")).toEqual([story.title, story.summary]);
    expect(await shown("wn:6-27")).toEqual([null, null]);
    expect(await shown("ss:short-stories-2-1,titles")).toEqual([null, null]);
  });
});
