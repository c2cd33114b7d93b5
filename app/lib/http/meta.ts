import { UNNAMED_SITE } from "../content/site-identity";
import { formatOriginalLanguage } from "../format";
import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { isMissingFilter } from "./missing-filter-check";

export interface PageMeta {
  title: string;
  description: string;
  /** Open Graph type; pages are "website" unless they describe one thing. */
  type?: "website" | "article" | "profile" | "book";
}

/** What a meta function is given that every page's tags depend on: the matched routes and the page's error. */
interface MetaArgs {
  matches: ReadonlyArray<{ id: string; data: unknown } | undefined>;
  /** What the page's loader threw, when the page shows the error page instead. */
  error?: unknown;
}

/**
 * Title, description and Open Graph tags for one page, in the one format every route uses. A page
 * that shows the error page is named by its error, as the error page's heading says it ("Season 9 does
 * not exist"), not as the page it would have been.
 */
export function pageMeta({ matches, error }: MetaArgs, page: PageMeta): MetaDescriptor[] {
  const site = siteNameFrom(matches) ?? UNNAMED_SITE.name;
  const {
    title,
    description,
    type = "website",
  } = error ? { title: errorTitle(error), description: errorTitle(error) } : page;
  const fullTitle = title === site ? title : `${title} · ${site}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: site },
    { property: "og:image", content: "/icons/icon-512.png" },
    { name: "twitter:card", content: "summary" },
  ];
}

/** The site name from the root loader's data, for meta functions. */
export function siteNameFrom(matches: ReadonlyArray<{ id: string; data: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root")?.data as { config?: { siteName?: string } } | undefined;
  return root?.config?.siteName;
}

/** The series' original language (a BCP 47 tag) from the root loader's data, for meta functions. */
export function originalLanguageFrom(matches: ReadonlyArray<{ id: string; data: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root")?.data as
    { config?: { originalLanguage?: string } } | undefined;
  return root?.config?.originalLanguage ?? UNNAMED_SITE.originalLanguage;
}

/** The series' original language as a meta function's sentences name it ("Korean"). */
export function originalLanguageNameFrom(matches: ReadonlyArray<{ id: string; data: unknown } | undefined>) {
  return formatOriginalLanguage(originalLanguageFrom(matches));
}

/**
 * What an error page is called, in its heading and the document's title: "Arc 99 does not exist" where
 * the page exists but what its address asks for does not, "Page not found", "Method not allowed", or
 * the status's own words ("Too Many Requests"); "Internal Server Error" for what threw no response.
 */
export function errorTitle(error: unknown) {
  if (!isRouteErrorResponse(error)) return "Internal Server Error";
  if (error.status === 404)
    return isMissingFilter(error.data) ? `${error.data.missing} does not exist` : "Page not found";
  if (error.status === 405) return "Method not allowed";
  return error.statusText || "Internal Server Error";
}
