import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { countRoundTrips, roundTrips, setRoundTripsHeader } from "../../app/server/d1-round-trips.server";
import { sealedCopy } from "../../app/lib/shield/gated";
import { createLoadContext, type DataFunction, type ParamsOf, statusOf, unwrap } from "../support/workers-context";
import { loader as statisticsLoader } from "../../app/routes/statistics";
import { loader as animeLoader } from "../../app/routes/anime";
import { loader as lightNovelsLoader } from "../../app/routes/light-novels";
import { loader as webNovelLoader } from "../../app/routes/web-novel";
import { loader as sideStoriesLoader } from "../../app/routes/side-stories";
import { loader as breakTimeLoader } from "../../app/routes/break-time";
import { loader as hubLoader } from "../../app/routes/translation-meta";
import { loader as lnIndexLoader } from "../../app/routes/translation-meta.ln";
import { loader as lnPageLoader } from "../../app/routes/translation-meta.ln-page";
import { loader as searchLoader } from "../../app/routes/search";
import { loader as releasesLoader } from "../../app/routes/releases";
import { loader as releaseFeedLoader } from "../../app/routes/releases.feed";
import { loader as releaseCalendarLoader } from "../../app/routes/releases.calendar";
import { loader as timelineLoader } from "../../app/routes/resources.timeline";
import { action as discussionAction, loader as discussionLoader } from "../../app/routes/discuss";
import { saveProgress } from "../support/discussion";
import { emulatorBindings, form, readerCookie } from "../support/readers";
import { siteOrigin } from "../support/site";

const request = () => new Request("https://companion.test/statistics");

describe("D1 round-trip counter", () => {
  it("counts a batch as one round trip and each statement run on its own as one, with D1's real answers", async () => {
    const db = countRoundTrips(env.DB);
    expect(roundTrips(db)).toBe(0);

    const [arcs, chapters] = await db.batch<{ n: number }>([
      db.prepare("SELECT COUNT(*) AS n FROM arcs"),
      db.prepare("SELECT COUNT(*) AS n FROM chapters WHERE arc_number >= ?1").bind(1),
    ]);
    expect(arcs!.results[0]!.n).toBeGreaterThan(0);
    expect(chapters!.results[0]!.n).toBeGreaterThan(0);
    expect(roundTrips(db)).toBe(1);

    expect(await db.prepare("SELECT COUNT(*) AS n FROM arcs").first("n")).toBe(arcs!.results[0]!.n);
    await db.prepare("SELECT 1").bind().all();
    expect(roundTrips(db)).toBe(3);
    expect(roundTrips(env.DB)).toBeUndefined();
  });

  it("is on only when COUNT_D1_ROUND_TRIPS is set outside production, and a page view costs one round trip", async () => {
    const counted = createLoadContext(request(), { ENVIRONMENT: "development", COUNT_D1_ROUND_TRIPS: "true" });
    const production = createLoadContext(request(), { ENVIRONMENT: "production", COUNT_D1_ROUND_TRIPS: "true" });
    const unset = createLoadContext(request(), { ENVIRONMENT: "development" });

    await statisticsLoader({
      request: request(),
      url: new URL(request().url),
      params: {},
      pattern: "/statistics",
      context: counted,
    });
    const headers = new Headers();
    setRoundTripsHeader(headers, counted.db);
    expect(headers.get("X-D1-Round-Trips")).toBe("1");
    // How long the request waited for D1, for the bench's CPU figures (the clock moves while D1 answers).
    expect(headers.get("Server-Timing")).toMatch(/^d1;dur=\d+\.\d\d$/);

    for (const context of [production, unset]) {
      const none = new Headers();
      setRoundTripsHeader(none, context.db);
      expect(none.has("X-D1-Round-Trips")).toBe(false);
      expect(none.has("Server-Timing")).toBe(false);
    }
  });

  it("counts one round trip for a view of /anime, with its episodes, changes, shorts, volumes and mistake counts", async () => {
    const anime = new Request("https://companion.test/anime");
    const context = createLoadContext(anime, { ENVIRONMENT: "development", COUNT_D1_ROUND_TRIPS: "true" });
    const { seasons } = sealedCopy(
      await animeLoader({ request: anime, url: new URL(anime.url), params: {}, pattern: "/anime", context }),
    );
    expect(seasons.length).toBeGreaterThan(0);
    expect(roundTrips(context.db)).toBe(1);
  });

  it("counts one round trip for a search, with its results, the name ranking and the counts per kind", async () => {
    for (const url of [
      "https://companion.test/search?q=knock&reveal=titles",
      "https://companion.test/search?q=door&kind=volume&reveal=titles",
      "https://companion.test/search?q=door&suggest=1&reveal=titles",
    ]) {
      const search = new Request(url);
      const context = createLoadContext(search, { ENVIRONMENT: "development", COUNT_D1_ROUND_TRIPS: "true" });
      const { results, counts } = unwrap(
        await searchLoader({ request: search, url: new URL(search.url), params: {}, pattern: "/search", context }),
      );
      expect(results.length, url).toBeGreaterThan(0);
      expect(Object.keys(counts).length, url).toBeGreaterThan(1);
      expect(roundTrips(context.db), url).toBe(1);
    }
  });

  it("counts one round trip for each paged list, its page and its total together", async () => {
    /** Round trips of one page view. */
    async function tripsOf<F extends DataFunction>(loader: F, path: string, params: ParamsOf<F>) {
      const list = new Request(`https://companion.test${path}`);
      const context = createLoadContext(list, { ENVIRONMENT: "development", COUNT_D1_ROUND_TRIPS: "true" });
      await loader({ request: list, url: new URL(list.url), params, pattern: "", context });
      return roundTrips(context.db);
    }
    expect(await tripsOf(lightNovelsLoader, "/light_novels?collection=main", {})).toBe(1);
    // The pages that list units, each unit's discussion count read in the page's own batch.
    expect(await tripsOf(webNovelLoader, "/web_novel?arc=1", {})).toBe(1);
    expect(await tripsOf(sideStoriesLoader, "/side_stories", {})).toBe(1);
    expect(await tripsOf(breakTimeLoader, "/break_time?season=1", {})).toBe(1);
    expect(await tripsOf(hubLoader, "/translation_meta", {})).toBe(1);
    expect(await tripsOf(lnIndexLoader, "/translation_meta/ln_mistls", {})).toBe(1);
    expect(await tripsOf(lnIndexLoader, "/translation_meta/ln_mistls?q=twice", {})).toBe(1);
    expect(await tripsOf(lnPageLoader, "/translation_meta/ln_mistls/main", { slug: "main" })).toBe(1);
    expect(await tripsOf(lnPageLoader, "/translation_meta/ln_mistls/main_v1?severity=minor", { slug: "main_v1" })).toBe(
      1,
    );
    expect(await tripsOf(releasesLoader, "/releases?medium=light_novels", {})).toBe(1);
    expect(await tripsOf(releaseFeedLoader, "/releases/anime/feed.xml", { medium: "anime" })).toBe(1);
    expect(await tripsOf(releaseCalendarLoader, "/releases/calendar.ics", {})).toBe(1);
    // The tracker's timeline, with where the series is listed on tracking services (for importing lists).
    expect(await tripsOf(timelineLoader, "/resources/timeline", {})).toBe(1);
    // A discussion thread: the unit, its counts, a page of comments and their replies.
    expect(await tripsOf(discussionLoader, "/discuss/wn:1-2?reveal=all", { unit: "wn:1-2" })).toBe(1);
  });

  it("counts two round trips for a post: the session with the writer's progress and standing, then the post's batch", async () => {
    const cookie = await readerCookie("round-trip-writer");
    await saveProgress("round-trip-writer", { webNovel: "wn:1-3" });
    const post = new Request(`${siteOrigin}/discuss/wn:1-3`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: siteOrigin },
      body: form({ intent: "post", submissionId: crypto.randomUUID(), text: "Counted.", horizon: "wn:1-3" }),
    });
    const context = createLoadContext(post, { ...emulatorBindings, COUNT_D1_ROUND_TRIPS: "true" });
    const answer = await discussionAction({
      request: post,
      url: new URL(post.url),
      params: { unit: "wn:1-3" },
      pattern: "/discuss/:unit",
      context,
    });
    expect(statusOf(answer)).toBe(302);
    expect(roundTrips(context.db)).toBe(2);
  });

  it("is read by another copy of the module: the Pages Function's load context and the server build bundle one each", async () => {
    const db = countRoundTrips(env.DB);
    await db.batch([db.prepare("SELECT 1")]);
    vi.resetModules();
    const otherCopy = await import("../../app/server/d1-round-trips.server");
    expect(otherCopy.roundTrips).not.toBe(roundTrips);
    const headers = new Headers();
    otherCopy.setRoundTripsHeader(headers, db);
    expect(headers.get("X-D1-Round-Trips")).toBe("1");
  });
});
