import { UNNAMED_SITE } from "../content/site-identity";
import type { MetaDescriptor } from "react-router";

export interface PageMeta {
  title: string;
  description: string;
  /** Open Graph type; pages are "website" unless they describe one thing. */
  type?: "website" | "article" | "profile" | "book";
}

/** Title, description and Open Graph tags for one page, in the one format every route uses. */
export function pageMeta(
  siteName: string | undefined,
  { title, description, type = "website" }: PageMeta,
): MetaDescriptor[] {
  const site = siteName ?? UNNAMED_SITE.name;
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
