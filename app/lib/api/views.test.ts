import { describe, expect, it } from "vitest";
import { readRevealers } from "../shield/knowledge";
import { characterProfileView, metCharacters, releaseView, threadView, unitView } from "./views";
import { gated, secretly } from "../shield/gated";
import { knowledgeOfUnits, noKnowledge } from "../shield/knowledge";
import type { TrueName } from "../content/characters";

const origin = "https://companion.test";
const reader = knowledgeOfUnits(["wn:1-10"]);

describe("the API's views, sealed for the requester", () => {
  it("lists a unit for everyone, its gated title null until the reveal covers it", () => {
    const unit = {
      key: "wn:1-9",
      medium: "web_novel" as const,
      label: "Arc 1 · Chapter 9",
      named: gated(["wn:1-9"], { title: "The Fall", originalTitle: "堕" }),
      releasedOn: "2014-05-24",
      broadcast: null,
      path: "/web_novel?arc=1#wn-1-9",
      adaptation: null,
      volume: null,
    };
    expect(unitView(unit, noKnowledge, origin)).toEqual({
      key: "wn:1-9",
      medium: "web_novel",
      label: "Arc 1 · Chapter 9",
      title: null,
      original_title: null,
      released_on: "2014-05-24",
      part: null,
      runtime: null,
      aired_time: null,
      time_zone: null,
      url: `${origin}/web_novel?arc=1#wn-1-9`,
      adapts: null,
      volume: null,
    });
    expect(unitView(unit, reader, origin)).toMatchObject({ title: "The Fall", original_title: "堕" });
  });

  it("describes a volume's illustrator and editions, each edition's title withheld exactly as the volume's is", () => {
    const reachedBy = ["ln:main-1", "wn:1-10"];
    const volume = {
      key: "ln:main-1",
      medium: "light_novels" as const,
      label: "Lanternfall 1",
      named: gated(reachedBy, { title: "The Unburnt Wick", originalTitle: null }),
      releasedOn: "2016-04-25",
      broadcast: null,
      path: "/light_novels#ln-main-1",
      adaptation: null,
      volume: {
        illustrator: "Chitose Mochizuki",
        editions: [
          {
            language: "en",
            publisher: "Cinderlight Press",
            title: gated(reachedBy, "The Wick That Would Not Burn"),
            releasedOn: "2017-06",
            isbn: "978-1-98765-101-0",
          },
          { language: "ja", publisher: "Hoshikuzu Bunko", title: null, releasedOn: null, isbn: null },
        ],
      },
    };
    const edition = {
      language: "en",
      publisher: "Cinderlight Press",
      released_on: "2017-06",
      isbn: "978-1-98765-101-0",
    };
    const untitled = { language: "ja", publisher: "Hoshikuzu Bunko", title: null, released_on: null, isbn: null };
    expect(unitView(volume, noKnowledge, origin)).toMatchObject({
      title: null,
      volume: { illustrator: "Chitose Mochizuki", editions: [{ ...edition, title: null }, untitled] },
    });
    expect(unitView(volume, reader, origin)).toMatchObject({
      title: "The Unburnt Wick",
      volume: { editions: [{ ...edition, title: "The Wick That Would Not Burn" }, untitled] },
    });
  });

  it("gives an episode its part, runtime and local air time, the date being the broadcaster's", () => {
    const episode = {
      key: "anime:2-8",
      medium: "anime" as const,
      label: "Season 2 · Episode 8",
      named: gated(["anime:2-8"], { title: "Lessons", originalTitle: null }),
      releasedOn: "2022-11-20",
      broadcast: { part: 2, runtime: 24, airedTime: { time: "00:30", timeZone: "Asia/Tokyo" } },
      path: "/anime?season=2#anime-2-8",
      adaptation: { chapters: [{ from: "wn:3-12", to: "wn:3-13" }], sideStories: [], original: null },
      volume: null,
    };
    expect(unitView(episode, noKnowledge, origin)).toMatchObject({
      released_on: "2022-11-20",
      part: 2,
      runtime: 24,
      aired_time: "00:30",
      time_zone: "Asia/Tokyo",
    });
  });

  it("says what an episode adapts, by keys, or that it is anime-original, its note withheld until it is watched", () => {
    const episode = {
      key: "anime:1-13",
      medium: "anime" as const,
      label: "Season 1 · Episode 13",
      named: gated(["anime:1-13"], { title: "Between", originalTitle: null }),
      releasedOn: "2020-06-27",
      broadcast: null,
      path: "/anime?season=1#anime-1-13",
      adaptation: { chapters: [], sideStories: [], original: gated(["anime:1-13"], "A recap.") },
      volume: null,
    };
    expect(unitView(episode, noKnowledge, origin).adapts).toEqual({
      chapters: [],
      side_stories: [],
      anime_original: true,
      original_note: null,
    });
    expect(unitView(episode, knowledgeOfUnits(["anime:1-13"]), origin).adapts).toMatchObject({
      original_note: "A recap.",
    });
    const intercut = {
      ...episode,
      adaptation: {
        chapters: [
          { from: "wn:3-12", to: "wn:3-13" },
          { from: "wn:3-15", to: "wn:3-16" },
        ],
        sideStories: ["ss:letters"],
        original: null,
      },
    };
    expect(unitView(intercut, noKnowledge, origin).adapts).toEqual({
      chapters: [
        { from: "wn:3-12", to: "wn:3-13" },
        { from: "wn:3-15", to: "wn:3-16" },
      ],
      side_stories: ["ss:letters"],
      anime_original: false,
      original_note: null,
    });
  });

  it("leaves out characters not met, and a portrait that would spoil", () => {
    const character = (slug: string, revealedBy: string | null, portraitRevealedBy: string | null) =>
      gated(readRevealers(revealedBy), {
        slug,
        name: slug,
        trueName: null,
        mediumNames: [],
        originalName: null,
        aliases: [],
        affiliations: [],
        portrait: gated(readRevealers(portraitRevealedBy), { src: `/media/${slug}.svg`, alt: slug }),
      });
    const listed = metCharacters(
      [character("ilse", null, "wn:5-1"), character("pell", "wn:1-8", null), character("velleda", "wn:2-11", null)],
      reader,
      origin,
    );
    expect(listed.map((each) => each.slug)).toEqual(["ilse", "pell"]);
    expect(listed[0]!.portrait).toBeNull();
    expect(listed[1]!.portrait).toEqual({ url: `${origin}/media/pell.svg`, alt: "pell" });
  });

  it("answers a profile only to a requester who has met the character, with only the facts they know", () => {
    const profile = gated(["wn:1-8"], {
      slug: "pell",
      name: "Pell",
      trueName: secretly(["wn:3-1"], { name: "Pellam the Younger", originalName: "若きペラム" }),
      mediumNames: [],
      originalName: null,
      aliases: [],
      affiliations: [],
      summary: "A lantern-smith.",
      portrait: null,
      firstAppearances: [
        {
          key: "wn:1-8",
          medium: "web_novel" as const,
          label: "Arc 1 · Chapter 8",
          title: gated(null, "Pell's Workshop"),
        },
      ],
      facts: [gated(null, { label: "Age", value: "15" }), gated(["wn:3-1"], { label: "Fate", value: "Lives" })],
      relationships: [
        gated(["wn:1-9"], {
          slug: "nell",
          name: "Nell",
          trueName: secretly(["wn:1-8"], { name: "Nellie Quill", originalName: null }),
          mediumNames: [],
          kind: "sister",
          description: null,
        }),
        gated(["wn:4-1"], { slug: "x", name: "X", trueName: null, mediumNames: [], kind: "rival", description: null }),
      ],
    });
    expect(characterProfileView(profile, noKnowledge, origin)).toBeNull();
    expect(characterProfileView(null, reader, origin)).toBeNull();
    const seen = characterProfileView(profile, reader, origin)!;
    expect(seen.facts).toEqual([{ label: "Age", value: "15" }]);
    expect(seen.relationships.map((each) => each.slug)).toEqual(["nell"]);
    expect(seen.first_appearances[0]!.title).toBe("Pell's Workshop");
  });

  it("gives a true name only to a requester who knows it, and no trace of it to anyone else", () => {
    const profile = (trueName: ReturnType<typeof secretly<TrueName>>) =>
      gated(["wn:1-8"], {
        slug: "pell",
        name: "The Grey Lantern",
        trueName,
        mediumNames: [],
        originalName: null,
        aliases: [],
        affiliations: [],
        summary: null,
        portrait: null,
        firstAppearances: [],
        facts: [],
        relationships: [
          gated(["wn:1-8"], {
            slug: "nell",
            name: "Nell",
            trueName,
            mediumNames: [],
            kind: "family",
            description: null,
          }),
        ],
      });
    const briony = { name: "Briony", originalName: "ブライオニー" };
    const unaware = characterProfileView(profile(secretly(["wn:3-1"], briony)), reader, origin)!;
    expect(unaware).toMatchObject({ name: "The Grey Lantern", true_name: null, true_name_original: null });
    expect(unaware.relationships[0]).toMatchObject({ name: "Nell", true_name: null });
    expect(JSON.stringify(unaware)).not.toMatch(/Briony|ブライオニー|wn:3-1/);
    const aware = characterProfileView(profile(secretly(["wn:1-9"], briony)), reader, origin)!;
    expect(aware).toMatchObject({ name: "The Grey Lantern", true_name: "Briony", true_name_original: "ブライオニー" });
    expect(aware.relationships[0]).toMatchObject({ name: "Nell", true_name: "Briony" });
    expect(metCharacters([profile(secretly(["wn:3-1"], briony))], reader, origin)[0]).toMatchObject({
      true_name: null,
      true_name_original: null,
    });
    expect(metCharacters([profile(secretly(["wn:1-9"], briony))], reader, origin)[0]).toMatchObject({
      true_name: "Briony",
      true_name_original: "ブライオニー",
    });
  });

  it("gives the names media say otherwise that the requester knows, and nothing of one a medium says later", () => {
    const names = [
      secretly(null, { medium: "anime" as const, translation: null, name: "Felix" }),
      secretly(["wn:3-1"], { medium: "light_novels" as const, translation: "fan translation", name: "Feris" }),
    ];
    const profile = gated(["wn:1-8"], {
      slug: "ferris",
      name: "Ferris",
      trueName: null,
      mediumNames: names,
      originalName: null,
      aliases: [],
      affiliations: [],
      summary: null,
      portrait: null,
      firstAppearances: [],
      facts: [],
      relationships: [
        gated(["wn:1-8"], {
          slug: "nix",
          name: "Nix",
          trueName: null,
          mediumNames: names,
          kind: "friend",
          description: null,
        }),
      ],
    });
    const seen = characterProfileView(profile, reader, origin)!;
    expect(seen.medium_names).toEqual([{ medium: "anime", translation: null, name: "Felix" }]);
    expect(seen.relationships[0]!.medium_names).toEqual([{ medium: "anime", translation: null, name: "Felix" }]);
    expect(JSON.stringify(seen)).not.toMatch(/Feris|wn:3-1|revealedBy/);
    expect(metCharacters([profile], knowledgeOfUnits(["wn:3-1"]), origin)[0]!.medium_names).toEqual([
      { medium: "anime", translation: null, name: "Felix" },
      { medium: "light_novels", translation: "fan translation", name: "Feris" },
    ]);
  });

  it("lists every release, its gated title null", () => {
    const release = {
      key: "bt:1-7",
      medium: "break_time" as const,
      edition: null,
      volume: null,
      label: "Season 1 · Break Time 7",
      title: gated(["bt:1-7"], "The Bin"),
      releasedOn: "2020-05-16",
      path: "/break_time?season=1#bt-1-7",
    };
    expect(releaseView(release, noKnowledge, origin)).toMatchObject({
      key: "bt:1-7",
      title: null,
      label: "Season 1 · Break Time 7",
    });
    expect(releaseView(release, knowledgeOfUnits(["bt:1-7"]), origin).title).toBe("The Bin");
  });

  it("shows a thread's comments only for its unit, each comment's content only for its horizon, and never the writer's tag", () => {
    const body = (text: string) => ({
      author: "Ada",
      writer: "w-secret",
      text,
      removed: null,
      postedAt: "2025-01-01T00:00:00.000Z",
      editedAt: null,
      stamp: [{ key: "wn:2-1", label: "Arc 2 · Chapter 1" }],
      writerKnew: "wn:2-1",
    });
    const place = (key: string) => ({ key, label: key });
    const thread = {
      unit: { ...place("wn:1-9"), path: "/web_novel?arc=1#wn-1-9" },
      // The page's title line; the API names a thread's unit by its place only.
      title: gated(["wn:1-9"], { title: "The Bridge Gives", originalTitle: null }),
      total: 3,
      page: 1,
      pageCount: 1,
      readerPlaces: [],
      comments: gated(
        ["wn:1-9"],
        [
          {
            id: 1,
            horizon: place("wn:1-9"),
            ...gated(["wn:1-9"], {
              ...body("Fine."),
              replies: [{ id: 2, horizon: place("wn:2-1"), ...gated(["wn:2-1"], gated(null, body("Raised."))) }],
            }),
          },
          { id: 3, horizon: place("wn:2-1"), ...gated(["wn:2-1"], { ...body("Also raised."), replies: [] }) },
        ],
      ),
    };
    const sealed = threadView(thread, noKnowledge, origin);
    expect(sealed).toMatchObject({ comment_count: 3, page_count: 1, per_page: 50, comments: null });
    expect(sealed.url).toBe(`${origin}/discuss/wn:1-9`);
    expect(JSON.stringify(sealed)).not.toContain("Bridge");
    const reader = threadView(thread, knowledgeOfUnits(["wn:1-9"]), origin);
    expect(reader.comments!.map((comment) => comment.content?.text ?? null)).toEqual(["Fine.", null]);
    expect(reader.comments![0]!.content!.replies).toEqual([{ id: 2, horizon: place("wn:2-1"), content: null }]);
    expect(JSON.stringify(reader)).not.toMatch(/raised/i);
    const everything = threadView(thread, knowledgeOfUnits(["wn:2-1"]), origin);
    expect(everything.comments![0]!.content!.replies[0]!.content!.text).toBe("Raised.");
    expect(JSON.stringify(everything)).not.toContain("w-secret");
  });
});
