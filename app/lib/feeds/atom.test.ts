import { parseFeed } from "@rowanmanning/feed-parser";
import { describe, expect, it } from "vitest";
import { renderAtom } from "./atom";

describe("renderAtom", () => {
  it("writes an Atom feed a well-kept parser reads back, with markup in text escaped", () => {
    const xml = renderAtom({
      id: "https://companion.example/releases/feed.xml",
      title: "Lanternfall Companion: releases",
      subtitle: "The newest releases <of every medium> & more",
      link: "https://companion.example/releases",
      selfLink: "https://companion.example/releases/feed.xml",
      updated: "2022-12-24",
      entries: [
        {
          id: "tag:companion.example,2026:release/ln:main-1/jp",
          title: `Light novel, Japan: "Wick" & <Lanternfall 1>`,
          link: "https://companion.example/light_novels?collection=main&page=1#ln-main-1",
          updated: "2016-04-25",
          published: "2016-04-25",
          authors: ["Lanternfall Companion"],
          categories: ["light_novels", "jp"],
          summary: "On sale in Japanese: 25 Apr 2016. <script>alert(1)</script>",
        },
      ],
    });
    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe("atom");
    expect(feed.title).toBe("Lanternfall Companion: releases");
    expect(feed.self).toBe("https://companion.example/releases/feed.xml");
    const [entry] = feed.items;
    expect(entry?.id).toBe("tag:companion.example,2026:release/ln:main-1/jp");
    expect(entry?.title).toBe(`Light novel, Japan: "Wick" & <Lanternfall 1>`);
    expect(entry?.url).toBe("https://companion.example/light_novels?collection=main&page=1#ln-main-1");
    expect(entry?.published?.toISOString()).toBe("2016-04-25T00:00:00.000Z");
    expect(entry?.categories.map((category) => category.term)).toEqual(["light_novels", "jp"]);
    expect(xml).not.toContain("<script>");
  });
});
