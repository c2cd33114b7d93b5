import { areas, footerLinks } from "../../app/lib/areas";

/**
 * Every public page a reader can reach, one of each kind: the areas (read from the navigation, so a
 * new area is checked as soon as it is listed), the footer's pages, and one of each detail page.
 */
export const publicPages = [
  "/",
  "/login",
  ...areas.map((area) => area.path),
  ...footerLinks.map((link) => link.path),
  "/web_novel?arc=2",
  "/light_novels?collection=ex",
  "/characters/ilse-marrow",
  "/anime/specials",
  "/statistics/readership",
  "/translation_meta/ln_mistls",
  "/translation_meta/ln_mistls?q=night",
  "/translation_meta/ln_mistls/main",
  "/translation_meta/ln_mistls/main_v1",
  "/translation_meta/ln_mistls/main_v13",
  "/translation_meta/anime_mistls",
  "/translation_meta/anime_mistls?season=specials",
  "/search?q=lantern",
  "/discuss/anime:1-11",
  "/no-such-page",
];
