/**
 * A filter that names nothing is not a missing page: the page answers 404, says what does not exist
 * and links to what does.
 */
import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/site";

const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/<!--[\s\S]*?-->/g, "");

async function page(path: string) {
  const response = await fetchSite(path);
  const html = decode(await response.text());
  return { status: response.status, html, heading: html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.trim() };
}

describe("a filter that names nothing", () => {
  it.each([
    ["/web_novel?arc=99", "Arc 99 does not exist", "/web_novel?arc=1"],
    ["/web_novel?arc=first", "Arc first does not exist", "/web_novel?arc=1"],
    ["/web_novel?arc=", "Arc does not exist", "/web_novel?arc=1"],
    ["/anime?season=99", "Season 99 does not exist", "/anime?season=1"],
    ["/break_time?season=99", "Season 99 does not exist", "/break_time?season=1"],
    ["/translation_meta/anime_mistls?season=99", "Season 99 does not exist", "/translation_meta/anime_mistls?season=1"],
    ["/light_novels?collection=zz", "The collection “zz” does not exist", "/light_novels?collection="],
    ["/side_stories?page=99", "Page 99 does not exist", "/side_stories?page=1"],
    ["/side_stories?story=no-such-story", "The side story “no-such-story” does not exist", '/side_stories"'],
    ["/side_stories?story=Not%20a%20slug!", "The side story “Not a slug!” does not exist", '/side_stories"'],
    ["/characters?page=abc", "Page abc does not exist", "/characters?page=1"],
    ["/side_stories?page=0", "Page 0 does not exist", "/side_stories?page=1"],
    ["/light_novels?page=-1", "Page -1 does not exist", "/light_novels?page=1"],
    ["/search?q=lantern&page=1e2", "Page 1e2 does not exist", "/search?q=lantern&page=1"],
    ["/translation_meta/ln_mistls?page=abc", "Page abc does not exist", "/translation_meta/ln_mistls?page=1"],
    ["/translation_meta/ln_mistls?page=999999", "Page 999999 does not exist", "/translation_meta/ln_mistls?page=1"],
    ["/translation_meta/ln_mistls/main?page=abc", "Page abc does not exist", "/translation_meta/ln_mistls/main?page=1"],
    [
      "/translation_meta/ln_mistls/main_v1?page=999",
      "Page 999 does not exist",
      "/translation_meta/ln_mistls/main_v1?page=1",
    ],
    ["/releases?medium=games", "The medium “games” does not exist", "/releases?medium=anime"],
    ["/releases?page=0", "Page 0 does not exist", "/releases?page=1"],
    ["/releases?medium=anime&page=99", "Page 99 does not exist", "/releases?medium=anime&page=1"],
  ])("%s answers 404, says so in its heading and its title, and links to what there is", async (path, says, link) => {
    const { status, html, heading } = await page(path);
    expect(status).toBe(404);
    expect(heading).toBe(says);
    expect(html).toMatch(new RegExp(`<title>${says.replace(/[()?]/g, "\\$&")} · [^<]*</title>`));
    expect(html).toContain(`<meta property="og:title" content="${says}"/>`);
    expect(html).not.toContain("Page not found");
    expect(html).toContain(`href="${link}`);
  });

  it("says a page of search results past the last one the requester may see does not exist, on the search page itself", async () => {
    // Rendered by the search page, so a reader who knows more gets their page once it asks with what they know.
    const { status, html } = await page("/search?q=lantern&page=99");
    expect(status).toBe(404);
    expect(html).toContain("Page 99 does not exist for “lantern”.");
    expect(html).toContain(`href="/search?q=lantern&page=1"`);
  });

  it("says a page of characters past the last one the requester has met does not exist, on the characters page itself", async () => {
    // Rendered by the characters page, so a reader who has met more gets their page once it asks with what they know.
    const { status, html } = await page("/characters?page=99");
    expect(status).toBe(404);
    expect(html).toMatch(/Page 99 does not exist\. <a[^>]*href="\/characters"[^>]*>First page<\/a>/);
  });

  it("opens the page that holds a side story a link names", async () => {
    const stories = await fetchSite("/side_stories");
    const slug = (await stories.text()).match(/id="ss-([a-z0-9-]+)"/)?.[1];
    expect(slug).toBeTruthy();
    const { status, html } = await page(`/side_stories?story=${slug}`);
    expect(status).toBe(200);
    expect(html).toContain(`id="ss-${slug}"`);
  });

  it("leaves an address with no page at all a missing page", async () => {
    const { status, heading, html } = await page("/web_novels?arc=99");
    expect(status).toBe(404);
    expect(heading).toBe("Page not found: /web_novels");
    expect(html).toMatch(/<title>Page not found · [^<]*<\/title>/);
  });
});
