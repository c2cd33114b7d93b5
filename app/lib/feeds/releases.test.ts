import { describe, expect, it } from "vitest";
import { feedAddress, releaseEvent, releaseId, releaseKind, releaseName, releasePlace, releaseTitle } from "./releases";

describe("releaseKind", () => {
  it("names a light novel edition by its language, the original as the English", () => {
    const volume = { medium: "light_novels" as const, volume: null, label: "Lanternfall 2" };
    expect(releaseKind({ ...volume, edition: "jp" }, "ja")).toBe("Light novel, Japanese");
    expect(releaseKind({ ...volume, edition: "en" }, "ja")).toBe("Light novel, English");
    expect(releaseKind({ medium: "anime", edition: null, volume: null, label: "Season 1 · Episode 2" }, "ja")).toBe(
      "Anime",
    );
    expect(releaseEvent({ ...volume, edition: "jp" }, "ja")).toBe("On sale in Japanese");
    expect(releaseEvent({ ...volume, edition: "en" }, "ja")).toBe("On sale in English");
  });

  it("names the original edition of a Korean or Chinese series by its language", () => {
    const volume = { medium: "light_novels" as const, edition: "jp" as const, volume: null, label: "Volume 2" };
    expect(releaseKind(volume, "ko")).toBe("Light novel, Korean");
    expect(releaseEvent(volume, "ko")).toBe("On sale in Korean");
    expect(releaseKind(volume, "zh-Hans")).toBe("Light novel, Chinese");
    expect(releaseEvent({ ...volume, edition: "en" }, "ko")).toBe("On sale in English");
  });

  it("tells a manga volume from the manga's chapters, and its id from its first chapter's", () => {
    const chapter = { medium: "manga" as const, edition: null, volume: null, label: "Manga 2 · Chapter 3" };
    expect(releaseKind({ ...chapter, volume: 2 }, "ja")).toBe("Manga volume");
    expect(releaseEvent({ medium: "manga", edition: null, volume: 2 }, "ja")).toBe("On sale");
    // A chapter by its series, which says the medium, over its place in it: the medium said once.
    expect(releaseKind(chapter, "ja")).toBe("Manga 2");
    expect(releasePlace(chapter)).toBe("Chapter 3");
    expect(releaseEvent({ medium: "manga", edition: null, volume: null }, "ja")).toBe("Published");
    expect(releaseId({ key: "manga:wick-5", edition: null, volume: 2 })).not.toBe(
      releaseId({ key: "manga:wick-5", edition: null, volume: null }),
    );
    expect(releaseId({ key: "ln:main-2", edition: "jp", volume: null })).not.toBe(
      releaseId({ key: "ln:main-2", edition: "en", volume: null }),
    );
  });

  it("names a manga volume's English edition by its language, beside the original it keeps its id for", () => {
    const english = {
      key: "manga:wick-5",
      medium: "manga" as const,
      edition: "en" as const,
      volume: 2,
      label: "Manga 1 · Volume 2",
    };
    expect(releaseKind(english, "ja")).toBe("Manga volume, English");
    expect(releaseEvent(english, "ja")).toBe("On sale in English");
    const ids = [english, { ...english, edition: null }, { ...english, edition: null, volume: null }].map(releaseId);
    expect(ids).toEqual(["manga:wick-5/en", "manga:wick-5/volume", "manga:wick-5/first"]);
  });
});

describe("a release whose title is hidden", () => {
  const hidden = { revealedBy: ["ss:blog-1", "titles"], content: null };

  it("is named by its place, without the kind its badge or entry already says", () => {
    const story = {
      medium: "side_stories" as const,
      edition: null,
      volume: null,
      label: "Side story · Author's blog",
      title: hidden,
    };
    expect(releasePlace(story)).toBe("Author's blog");
    expect(releaseName(story)).toBe("Author's blog");
    const chapter = {
      medium: "web_novel" as const,
      edition: null,
      volume: null,
      label: "Arc 6 · Chapter 24",
      title: hidden,
    };
    expect(releaseName(chapter)).toBe("Arc 6 · Chapter 24");
    expect(releaseName({ ...chapter, title: { revealedBy: null, content: "Corvin's Entry" } })).toBe(
      "Corvin's Entry (Arc 6 · Chapter 24)",
    );
  });

  it("is named by its title in a feed only where the reader's address chose to see such titles", () => {
    expect(feedAddress("/releases/feed.xml", "hide")).toBe("/releases/feed.xml");
    expect(feedAddress("/releases/anime/feed.xml", "show")).toBe("/releases/anime/feed.xml?reveal=titles");
  });
});

describe("a release without a title of its own", () => {
  it("is named by its place, once, not by its label beside the kind that already says its series", () => {
    // The model names it by its label, which spoils nothing (app/models/releases.server.ts).
    const chapter = {
      medium: "manga" as const,
      edition: null,
      volume: null,
      label: "Manga 1 · Chapter 1.5",
      title: { revealedBy: null, content: "Manga 1 · Chapter 1.5" },
    };
    expect(releaseTitle(chapter)).toBeNull();
    expect(releaseName(chapter)).toBe("Chapter 1.5");
    const episode = {
      medium: "anime" as const,
      edition: null,
      volume: null,
      label: "Season 2 · Episode 13",
      title: { revealedBy: null, content: "Season 2 · Episode 13" },
    };
    expect(releaseName(episode)).toBe(releasePlace(episode));
  });
});

describe("an OVA or a Break Time short announced before its title", () => {
  it("is named by its place, as an episode without a title is, and says nothing is hidden", () => {
    // The model names each by its label, in public (app/models/releases.server.ts).
    const ova = {
      medium: "anime_specials" as const,
      edition: null,
      volume: null,
      label: "Anime · OVA 3",
      title: { revealedBy: null, content: "Anime · OVA 3" },
    };
    expect(releaseTitle(ova)).toBeNull();
    expect(releaseName(ova)).toBe("OVA 3");
    const short = {
      medium: "break_time" as const,
      edition: null,
      volume: null,
      label: "Season 2 · Break Time 13",
      title: { revealedBy: null, content: "Season 2 · Break Time 13" },
    };
    expect(releaseTitle(short)).toBeNull();
    expect(releaseName(short)).toBe(releasePlace(short));
  });
});
