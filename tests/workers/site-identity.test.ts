import { env } from "cloudflare:workers";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as manifestLoader } from "~/routes/site-webmanifest";
import { loader as releasesFeedLoader } from "~/routes/releases.feed";
import { loader as calendarLoader } from "~/routes/releases.calendar";
import { loader as notesFeedLoader } from "~/routes/translation-meta.feed";
import { SITE_IDENTITY_KEY, UNNAMED_SITE } from "~/lib/content/site-identity";
import { clearSiteIdentityMemo } from "~/server/site-identity.server";
import { failing, load, settle } from "../support/workers-context";
import { importTestPack } from "../support/packs";

/*
 * The site is named by its content pack (series.json `site`, else "<title> Companion"): the import
 * publishes the name to KV, every page's header and title, the feeds, the calendar and the installed
 * app's manifest read it there, and the SITE_NAME / SITE_DESCRIPTION settings override it.
 */
beforeEach(() => clearSiteIdentityMemo());
afterAll(async () => {
  clearSiteIdentityMemo();
  await importTestPack("tiny");
});

const rootConfig = async (bindings = {}) =>
  (
    (await settle(rootLoader, "/", { bindings })) as {
      data: { config: { siteName: string; siteDescription: string; originalLanguage: string } };
    }
  ).data.config;

describe("the site's name", () => {
  it("comes from the pack's title where the pack says nothing, everywhere the site names itself", async () => {
    await importTestPack("tiny");
    expect(JSON.parse((await env.REDIRECTS.get(SITE_IDENTITY_KEY))!)).toMatchObject({
      name: "Tiny Tale Companion",
      shortName: "Tiny Tale",
    });
    expect(await rootConfig()).toMatchObject({ siteName: "Tiny Tale Companion" });
    const manifest = (await (await load(manifestLoader, "/site.webmanifest")).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: "Tiny Tale Companion", short_name: "Tiny Tale", start_url: "/" });
    expect(await (await load(releasesFeedLoader, "/releases/feed.xml")).text()).toContain(
      "<title>Tiny Tale Companion: releases</title>",
    );
    expect(await (await load(calendarLoader, "/releases/calendar.ics")).text()).toContain(
      "X-WR-CALNAME:Tiny Tale Companion: release dates",
    );
    expect(await (await load(notesFeedLoader, "/translation_meta/feed.xml")).text()).toContain(
      "<title>Tiny Tale Companion: translation notes</title>",
    );
  });

  it("is the pack's own where it gives one, and a new import renames the site", async () => {
    await importTestPack("tiny", {
      edit: (files) => {
        files["series.json"].site = { name: "Tiny Tale Notes", description: "Notes on a tiny tale." };
      },
    });
    expect(await rootConfig()).toEqual(
      expect.objectContaining({ siteName: "Tiny Tale Notes", siteDescription: "Notes on a tiny tale." }),
    );
  });

  it("carries the series' original language to every page, Japanese where the pack does not say", async () => {
    await importTestPack("tiny");
    expect(await rootConfig()).toMatchObject({ originalLanguage: "ja" });
    await importTestPack("tiny", {
      edit: (files) => {
        files["series.json"].originalLanguage = "ko";
      },
    });
    clearSiteIdentityMemo();
    expect(await rootConfig()).toMatchObject({ originalLanguage: "ko" });
    const { results } = await env.DB.prepare("SELECT original_language FROM series").all();
    expect(results).toEqual([{ original_language: "ko" }]);
  });

  it("names the original editions in a Korean series' feed and calendar by its language", async () => {
    await importTestPack("tiny", {
      edit: (files) => {
        files["series.json"].originalLanguage = "ko";
      },
    });
    const feed = await (await load(releasesFeedLoader, "/releases/feed.xml")).text();
    expect(feed).toContain("<title>Light novel, Korean: ");
    expect(feed).toContain("On sale in Korean: ");
    expect(feed).not.toMatch(/Japan/);
    const calendar = await (await load(calendarLoader, "/releases/calendar.ics")).text();
    expect(calendar).toContain("Light novel volumes in Korean and in English");
    expect(calendar).toContain("SUMMARY:On sale in Korean: ");
    expect(calendar).not.toMatch(/Japan/);
  });

  it("gives way to the settings", async () => {
    await importTestPack("tiny");
    expect(await rootConfig({ SITE_NAME: "Another Companion", SITE_DESCRIPTION: "Elsewhere." })).toMatchObject({
      siteName: "Another Companion",
      siteDescription: "Elsewhere.",
    });
  });

  it("is the settings', else a name for what the site is, when KV holds none or fails: the page still answers", async () => {
    await env.REDIRECTS.delete(SITE_IDENTITY_KEY);
    expect(await rootConfig()).toMatchObject({ siteName: UNNAMED_SITE.name });
    clearSiteIdentityMemo();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = failing(env.REDIRECTS, "get", new Error("KV is down"));
    expect(await rootConfig({ REDIRECTS: broken, SITE_NAME: "Set Here" })).toMatchObject({ siteName: "Set Here" });
    const manifest = await load(manifestLoader, "/site.webmanifest");
    expect(manifest.status).toBe(200);
    log.mockRestore();
  });
});
