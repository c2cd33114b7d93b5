import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { encodeKnowledge, knowledgeOfUnits } from "~/lib/shield/knowledge";
import { getReleaseFeed, getReleases } from "~/models/releases.server";
import { getLightNovels } from "~/models/light-novels.server";
import { releasePath } from "~/lib/feeds/releases";
import { loader as releasesLoader } from "~/routes/releases";
import { loader as feedLoader } from "~/routes/releases.feed";
import { loader as calendarLoader } from "~/routes/releases.calendar";
import { load, respond, settle, status } from "../support/workers-context";

// The tiny pack (tests/fixtures/packs/tiny): chapters in 2015 (wn:1-3's title is flagged), volumes in
// Japan in 2016–17 (main 1 and 2, then ex 1) and one in English in 2017, episodes in 2020; its one Break Time short has no date.
const keysOf = (releases: { key: string; edition: string | null; volume: number | null }[]) =>
  releases.map(
    (release) =>
      `${release.key}${release.edition ? `/${release.edition}` : ""}${release.volume === null ? "" : "/volume"}`,
  );

describe("the release radar", () => {
  it("splits every dated release of every medium at today: what is coming soonest first, what is out newest first", async () => {
    const { upcoming, recent, paging } = await getReleases(env.DB, { medium: null, today: "2016-06-10" });
    // The manga's volume 1, out in May 2022, goes by its first chapter, which has no date of its own.
    expect(keysOf(upcoming)).toEqual([
      "ln:ex-1/jp",
      "ln:main-1/en",
      "ln:main-2/en",
      "anime:1-1",
      "anime:1-2",
      "sp:film-1",
      "manga:door-1/volume",
    ]);
    // Released on today counts as out.
    expect(keysOf(recent)).toEqual(["ln:main-2/jp", "ln:main-1/jp", "wn:2-2", "wn:2-1", "wn:1-3", "wn:1-2", "wn:1-1"]);
    expect(paging).toMatchObject({ page: 1, total: 7, pageCount: 1 });
    expect(recent.find((release) => release.key === "wn:1-3")).toMatchObject({
      label: "Arc 1 · Chapter 2",
      title: { revealedBy: ["wn:1-3", "ln:main-1"], content: "The Keeper Lied" },
    });
    expect(releasePath(recent.find((release) => release.key === "wn:1-3")!)).toBe("/web_novel?arc=1#wn-1-3");
  });

  it("lists one medium when asked, both editions of a volume under the light novels", async () => {
    const { upcoming, recent } = await getReleases(env.DB, { medium: "light_novels", today: "2016-12-31" });
    expect(keysOf(recent)).toEqual(["ln:main-2/jp", "ln:main-1/jp"]);
    expect(keysOf(upcoming)).toEqual(["ln:ex-1/jp", "ln:main-1/en", "ln:main-2/en"]);
    const none = await getReleases(env.DB, { medium: "side_stories", today: "2030-01-01" });
    expect([none.upcoming, none.recent, none.paging.total]).toEqual([[], [], 0]);
  });

  it("seals a flagged title for a reader who states nothing, and opens it for one whose progress reveals it", async () => {
    const visitor = await load(releasesLoader, "/releases?medium=web_novel");
    expect(visitor.recent.find((release) => release.key === "wn:1-3")?.title).toEqual({
      revealedBy: ["wn:1-3", "ln:main-1"],
      content: null,
    });
    const reveal = encodeURIComponent(encodeKnowledge(knowledgeOfUnits(["ln:main-1"])));
    const reader = await load(releasesLoader, `/releases?medium=web_novel&reveal=${reveal}`);
    expect(reader.recent.find((release) => release.key === "wn:1-3")?.title.content).toBe("The Keeper Lied");
  });

  it("names what the reader has not reached by its place, unless they chose to see such titles", async () => {
    const titleOf = (releases: { key: string; title: { content: string | null } }[], key: string) =>
      releases.find((release) => release.key === key)?.title.content;
    const visitor = await load(releasesLoader, "/releases");
    // Every title waits, but where a release has none (the manga's volume 1): its label names it openly.
    expect(visitor.recent.map((release) => release.title.content)).toEqual(
      visitor.recent.map((release) => (release.key === "manga:door-1" && release.volume === 1 ? release.label : null)),
    );
    const reader = await load(releasesLoader, "/releases?reveal=wn:1-2");
    expect(titleOf(reader.recent, "wn:1-2")).toBe("Hinge");
    expect(titleOf(reader.recent, "wn:2-1")).toBeNull();
    const choosing = await load(releasesLoader, "/releases?reveal=titles");
    expect(titleOf(choosing.recent, "wn:2-1")).not.toBeNull();
    // A flagged title stays behind what reveals it, whatever the reader chose.
    expect(titleOf(choosing.recent, "wn:1-3")).toBeNull();
  });

  it("answers a medium or a page that is not there with the 404 that offers what is", async () => {
    expect(await status(releasesLoader, "/releases?medium=games")).toBe(404);
    expect(await status(releasesLoader, "/releases?page=0")).toBe(404);
    expect(await status(releasesLoader, "/releases?page=2")).toBe(404);
    const missing = await settle(releasesLoader, "/releases?medium=games");
    expect(JSON.stringify(missing)).toContain("/releases?medium=break_time");
  });
});

describe("releases dated by their month or year, or not at all", () => {
  /** The tiny pack with main 2 known only as June 2016, ex 1 only as 2017, and wn:1-1 undated, for `check`. */
  async function withPartialDates(check: () => Promise<void>) {
    const set = (main2: string, ex1: string, wn11: string | null) =>
      env.DB.batch([
        env.DB.prepare("UPDATE ln_volumes SET released_jp = ? WHERE key = 'ln:main-2'").bind(main2),
        env.DB.prepare("UPDATE ln_volumes SET released_jp = ? WHERE key = 'ln:ex-1'").bind(ex1),
        env.DB.prepare("UPDATE chapters SET published_on = ? WHERE key = 'wn:1-1'").bind(wn11),
      ]);
    await set("2016-06", "2017", null);
    try {
      await check();
    } finally {
      await set("2016-06-10", "2017-01-01", "2015-01-01");
    }
  }

  it("keeps a month or a year coming until it is over, then out, and leaves an undated release off", async () => {
    await withPartialDates(async () => {
      const during = await getReleases(env.DB, { medium: null, today: "2016-06-30" });
      expect(keysOf(during.upcoming)).toEqual([
        "ln:main-2/jp",
        "ln:ex-1/jp",
        "ln:main-1/en",
        "ln:main-2/en",
        "anime:1-1",
        "anime:1-2",
        "sp:film-1",
        "manga:door-1/volume",
      ]);
      expect(keysOf(during.recent)).toEqual(["ln:main-1/jp", "wn:2-2", "wn:2-1", "wn:1-3", "wn:1-2"]);
      const after = await getReleases(env.DB, { medium: null, today: "2016-07-01" });
      expect(keysOf(after.recent).slice(0, 2)).toEqual(["ln:main-2/jp", "ln:main-1/jp"]);
      expect(after.paging.total).toBe(6);
      // A year is coming all through it, its last day too, and out the day after.
      const lastDay = await getReleases(env.DB, { medium: "light_novels", today: "2017-12-31" });
      expect(keysOf(lastDay.upcoming)).toContain("ln:ex-1/jp");
      const yearOver = await getReleases(env.DB, { medium: "light_novels", today: "2018-01-01" });
      // Out, it sorts with its year, before (below, newest first) the days the year holds.
      expect(keysOf(yearOver.recent).slice(0, 2)).toEqual(["ln:main-1/en", "ln:ex-1/jp"]);
    });
  });

  it("says a month in a feed without a day to publish it on, and leaves it out of the calendar", async () => {
    await withPartialDates(async () => {
      const feed = await settle(feedLoader, "/releases/light_novels/feed.xml", { params: { medium: "light_novels" } });
      if (!(feed instanceof Response)) throw new Error("the feed is a response");
      const entry = (await feed.text()).split("<entry>").find((part) => part.includes("release/ln:main-2/jp"))!;
      expect(entry).toContain("<updated>2016-06-30T00:00:00Z</updated>");
      expect(entry).not.toContain("<published>");
      expect(entry).toContain("On sale in Japanese: Jun 2016.");
      const calendar = await settle(calendarLoader, "/releases/calendar.ics");
      if (!(calendar instanceof Response)) throw new Error("the calendar is a response");
      const ics = await calendar.text();
      expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(6);
      expect(ics).not.toContain("DTSTART;VALUE=DATE:201606");
      expect(ics).not.toContain("DTSTART;VALUE=DATE:2017010");
    });
  });
});

describe("releases known to a quarter of a year", () => {
  /** The tiny pack with main 2 known only as April–June 2016 and ex 1 only as January–March 2017, for `check`. */
  async function withQuarters(check: () => Promise<void>, main2 = "2016-Q2", ex1 = "2017-Q1") {
    const set = (main: string, extra: string) =>
      env.DB.batch([
        env.DB.prepare("UPDATE ln_volumes SET released_jp = ? WHERE key = 'ln:main-2'").bind(main),
        env.DB.prepare("UPDATE ln_volumes SET released_jp = ? WHERE key = 'ln:ex-1'").bind(extra),
      ]);
    await set(main2, ex1);
    try {
      await check();
    } finally {
      await set("2016-06-10", "2017-01-01");
    }
  }

  it("keeps a quarter coming until it is over, soonest by its first month, then out", async () => {
    await withQuarters(async () => {
      const during = await getReleases(env.DB, { medium: "light_novels", today: "2016-05-15" });
      // January–March 2017 comes before 1 March 2017: it may be any day from 1 January.
      expect(keysOf(during.upcoming)).toEqual(["ln:main-2/jp", "ln:ex-1/jp", "ln:main-1/en", "ln:main-2/en"]);
      expect(keysOf(during.recent)).toEqual(["ln:main-1/jp"]);
      const lastDay = await getReleases(env.DB, { medium: "light_novels", today: "2016-06-30" });
      expect(keysOf(lastDay.upcoming)[0]).toBe("ln:main-2/jp");
      // Out the day after the quarter's last, and still out at the end of its year.
      for (const today of ["2016-07-01", "2016-12-31"]) {
        const after = await getReleases(env.DB, { medium: "light_novels", today });
        expect(keysOf(after.upcoming)).toEqual(["ln:ex-1/jp", "ln:main-1/en", "ln:main-2/en"]);
        expect(keysOf(after.recent)).toEqual(["ln:main-2/jp", "ln:main-1/jp"]);
        expect(after.paging.total).toBe(2);
      }
      // Newest first, a quarter sorts with its first month: below a day later in the quarter.
      const both = await getReleases(env.DB, { medium: null, today: "2017-04-01" });
      expect(keysOf(both.recent).slice(0, 4)).toEqual(["ln:main-1/en", "ln:ex-1/jp", "ln:main-2/jp", "ln:main-1/jp"]);
      expect(both.upcoming.map((release) => release.releasedOn)).not.toContain("2017-Q1");
    });
  });

  it("places a quarter among the months and days in the cards' first and last dates", async () => {
    // Main 1 on 10 January, main 2 in April–June: the collection runs from January to April–June.
    await withQuarters(async () => {
      const { collections } = await getLightNovels(env.DB, null);
      expect(collections.find((collection) => collection.code === "main")).toMatchObject({
        firstRelease: "2016-01-10",
        lastRelease: "2016-Q2",
      });
    });
    // January–March holds 10 January but may be earlier: it comes first, though its text sorts after the day's.
    await withQuarters(async () => {
      const { collections } = await getLightNovels(env.DB, null);
      expect(collections.find((collection) => collection.code === "main")).toMatchObject({
        firstRelease: "2016-Q1",
        lastRelease: "2016-01-10",
      });
    }, "2016-Q1");
  });

  it("says a quarter in a feed by its months, without a day to publish it on, and leaves it out of the calendar", async () => {
    await withQuarters(async () => {
      const feed = await settle(feedLoader, "/releases/light_novels/feed.xml", { params: { medium: "light_novels" } });
      if (!(feed instanceof Response)) throw new Error("the feed is a response");
      const entry = (await feed.text()).split("<entry>").find((part) => part.includes("release/ln:main-2/jp"))!;
      expect(entry).toContain("<updated>2016-06-30T00:00:00Z</updated>");
      expect(entry).not.toContain("<published>");
      expect(entry).toContain("On sale in Japanese: Apr–Jun 2016.");
      const calendar = await settle(calendarLoader, "/releases/calendar.ics");
      if (!(calendar instanceof Response)) throw new Error("the calendar is a response");
      const ics = await calendar.text();
      expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(6);
      expect(ics).not.toContain("2016-Q2");
      expect(ics).not.toContain("DTSTART;VALUE=DATE:201604");
    });
  });
});

describe("the release feeds", () => {
  it("an Atom feed of every medium names every release by its place, and with ?reveal=titles every title but a flagged one", async () => {
    const outcome = await settle(feedLoader, "/releases/feed.xml");
    if (!(outcome instanceof Response)) throw new Error("the feed is a response");
    expect(outcome.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(outcome.headers.get("Cache-Control")).toContain("public");
    const xml = await outcome.text();
    for (const title of ["Keeper Lied", "Knock Knock", "The Lie", "The Door"]) expect(xml).not.toContain(title);
    expect(xml).toContain("<title>Web novel: Arc 1 · Chapter 2</title>");
    expect(xml).toContain("<title>Anime: Season 1 · Episode 1</title>");
    const choosing = await settle(feedLoader, "/releases/feed.xml?reveal=titles");
    if (!(choosing instanceof Response)) throw new Error("the feed is a response");
    const titled = await choosing.text();
    expect(titled).not.toContain("Keeper Lied");
    expect(titled).toContain("<title>Web novel: Arc 1 · Chapter 2</title>");
    expect(titled).toContain("<title>Anime: Knock Knock (Season 1 · Episode 1)</title>");
    // Both editions of a volume, each its own entry.
    expect(xml).toContain("release/ln:main-1/jp</id>");
    expect(xml).toContain("release/ln:main-1/en</id>");
  });

  it("a medium's feed holds that medium only (the anime's with its films and OVAs); an unknown medium is a 404", async () => {
    const outcome = await settle(feedLoader, "/releases/anime/feed.xml", { params: { medium: "anime" } });
    if (!(outcome instanceof Response)) throw new Error("the feed is a response");
    const xml = await outcome.text();
    expect(xml.match(/<entry>/g)).toHaveLength(3);
    expect(xml).toContain("release/sp:film-1");
    // Named by its label until the reader has seen the film or the story it tells.
    expect(xml).not.toContain("Lamp Oil: The Film");
    expect(xml).not.toContain("Web novel:");
    expect((await respond(feedLoader, "/releases/games/feed.xml", { params: { medium: "games" } })).status).toBe(404);
  });

  it("the calendar holds volumes and episodes, not chapters, each an all-day event", async () => {
    const outcome = await settle(calendarLoader, "/releases/calendar.ics");
    if (!(outcome instanceof Response)) throw new Error("the calendar is a response");
    expect(outcome.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const ics = await outcome.text();
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(8);
    expect(ics).toContain("DTSTART;VALUE=DATE:20170301");
    // The film, released on its own day.
    expect(ics).toContain("DTSTART;VALUE=DATE:20210716");
    expect(ics).not.toContain("Chapter");
  });

  it("dates an episode broadcast after midnight by the broadcaster's clock, not by UTC's or the listing's day", async () => {
    // anime:1-1 aired at 00:30 on 2 April in Tokyo (listed there as 24:30 on the 1st; 15:30 on the 1st in UTC).
    const outcome = await settle(calendarLoader, "/releases/calendar.ics");
    if (!(outcome instanceof Response)) throw new Error("the calendar is a response");
    const ics = await outcome.text();
    expect(ics).toContain("DTSTART;VALUE=DATE:20200402");
    expect(ics).not.toContain("DTSTART;VALUE=DATE:20200401");
    const { upcoming } = await getReleases(env.DB, { medium: "anime", today: "2020-04-01" });
    expect(upcoming.map((release) => [release.key, release.releasedOn])).toContainEqual(["anime:1-1", "2020-04-02"]);
  });

  it("a feed reads a bounded number of releases, however long the story", async () => {
    const { recent, upcoming } = await getReleaseFeed(env.DB, { media: null, today: "2016-06-10", limit: 3 });
    expect([recent.length, upcoming.length]).toEqual([3, 3]);
  });
});

describe("reading the releases", () => {
  /** The statements a call sends D1, each with its query plan as SQLite would run it. */
  async function plansOf(call: (db: D1Database) => Promise<unknown>) {
    const sent: D1PreparedStatement[] = [];
    const recording = new Proxy(env.DB, {
      get(target, name) {
        if (name === "batch")
          return (statements: D1PreparedStatement[]) => {
            sent.push(...statements);
            return target.batch(statements);
          };
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const sqlOf = new Map<D1PreparedStatement, { sql: string; params: unknown[] }>();
    const prepare = env.DB.prepare.bind(env.DB);
    const tracing = new Proxy(recording, {
      get(target, name) {
        if (name !== "prepare") return Reflect.get(target, name);
        return (sql: string) => {
          const statement = prepare(sql);
          return {
            bind: (...params: unknown[]) => {
              const bound = statement.bind(...params);
              sqlOf.set(bound, { sql, params });
              return bound;
            },
          };
        };
      },
    });
    await call(tracing as D1Database);
    return Promise.all(
      sent.map(async (statement) => {
        const { sql, params } = sqlOf.get(statement)!;
        const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>();
        return results.map((row) => row.detail);
      }),
    );
  }

  it("reads every kind of release along its date's index: no table read whole, however long the story grows", async () => {
    const plans = [
      ...(await plansOf((db) => getReleases(db, { medium: null, today: "2016-06-10", upcoming: 11 }))),
      ...(await plansOf((db) => getReleaseFeed(db, { media: null, today: "2016-06-10", limit: 50, chapters: false }))),
    ];
    expect(plans).toHaveLength(5);
    for (const plan of plans) {
      // Each kind of release is searched by its date; the tables are never scanned.
      expect(plan.filter((step) => /^SCAN (?!leaf|part|releases|counts)/.test(step))).toEqual([]);
      expect(
        plan.filter((step) =>
          /^SEARCH \w+ USING (COVERING )?INDEX \w+_(published_on|released_(jp|en|on)|aired_on) /.test(step),
        ).length,
      ).toBeGreaterThanOrEqual(9);
      // Each leaf is read in the index's order (by the earliest a date can be, a quarter by its first month):
      // only ties are sorted there, and only the union's few rows are sorted whole.
      expect(plan.filter((step) => step === "USE TEMP B-TREE FOR ORDER BY").length).toBeLessThanOrEqual(1);
    }
  });
});
