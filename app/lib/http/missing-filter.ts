import { labelWithTitle } from "../content/labels";
import { media, mediumLabels } from "../content/units";
import type { MissingFilter } from "./missing-filter-check";

export { isMissingFilter, type MissingFilter } from "./missing-filter-check";

/*
 * What a 404 says when the page exists but a filter in its address names nothing: "Arc 99 does not
 * exist", with links to what does. Loaders throw it (`notFound(missing)`); the one error boundary
 * shows it.
 */

/** A page number past the end (or not a page number) in `url`: the first and the last page are offered, with the same filters. */
export function missingPage(url: URL, pageCount: number): MissingFilter {
  const pages = pageCount > 1 ? [1, pageCount] : [1];
  const pathOf = (page: number) => {
    const params = new URLSearchParams(url.search);
    params.set("page", String(page));
    return `${url.pathname}?${params}`;
  };
  return {
    missing: `Page ${url.searchParams.get("page") ?? ""}`.trim(),
    instead: pageCount > 1 ? `This list has ${pageCount} pages` : "This list has one page",
    choices: pages.map((page) => ({
      label: pageCount > 1 ? (page === 1 ? "First page" : `Last page (${page})`) : "Page 1",
      href: pathOf(page),
    })),
  };
}

/** A `?page=` that is not a page number (0, -1, abc): the list's first page is offered, with the same filters. */
export function notAPage(url: URL): MissingFilter {
  const params = new URLSearchParams(url.search);
  params.set("page", "1");
  return {
    missing: `Page ${url.searchParams.get("page") ?? ""}`.trim(),
    instead: "Pages are numbered from 1",
    choices: [{ label: "First page", href: `${url.pathname}?${params}` }],
  };
}

/** A season that does not exist (or a season that is not a number): every season is offered. */
export function missingSeason(
  asked: string | null,
  seasons: readonly { number: number; title: string }[],
  path: string,
): MissingFilter {
  return {
    missing: `Season ${asked ?? ""}`.trim(),
    instead: "The seasons there are",
    choices: seasons.map((season) => ({
      label: labelWithTitle(`Season ${season.number}`, season.title),
      href: `${path}?season=${season.number}`,
    })),
  };
}

/** A medium that is not one of the story's (`?medium=manga`): every medium is offered. */
export function missingMedium(asked: string, path: string): MissingFilter {
  return {
    missing: `The medium “${asked}”`,
    instead: "The media there are",
    choices: media.map((medium) => ({ label: mediumLabels[medium], href: `${path}?medium=${medium}` })),
  };
}

/** A link to one side story (`?story=`) that names none, mistyped or from before a pack change: the list is offered. */
export function missingSideStory(slug: string): MissingFilter {
  return {
    missing: `The side story “${slug}”`,
    instead: "Every side story is on the list",
    choices: [{ label: "Side stories, in reading order", href: "/side_stories" }],
  };
}
