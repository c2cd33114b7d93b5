/**
 * What the site calls itself: in the header, every page's title and link previews, the feeds and the
 * calendar, and the installed app. It comes from the content pack (series.json `site`, else made from
 * the series' title) and is published by the import (pack/publish.ts); the SITE_NAME and
 * SITE_DESCRIPTION settings override it (app/server/site-identity.server.ts).
 */
export interface SiteIdentity {
  name: string;
  /** Under an installed app's icon: a dozen characters at most. */
  shortName: string;
  description: string;
  /**
   * The language the series was first written in (series.json `originalLanguage`, a BCP 47 tag), which
   * every original title and name on the site is marked with (app/components/original-text.tsx).
   */
  originalLanguage: string;
}

/** The original language of a series whose pack does not say: the site serves series first written in Japanese. */
export const DEFAULT_ORIGINAL_LANGUAGE = "ja";

/** The most characters a home screen shows under an app's icon. */
export const MAX_SHORT_NAME = 12;

/** A site whose pack is not imported yet (or whose identity cannot be read): named for what it is. */
export const UNNAMED_SITE: SiteIdentity = {
  name: "Reading companion",
  shortName: "Companion",
  description: "A spoiler-safe reading companion for a serialized story in every medium.",
  originalLanguage: DEFAULT_ORIGINAL_LANGUAGE,
};

/** What a pack's series says of the site, with what its title gives where the pack says nothing. */
export function siteIdentityOf(series: {
  title: string;
  originalLanguage?: string | undefined;
  site?: { name?: string | undefined; shortName?: string | undefined; description?: string | undefined } | undefined;
}): SiteIdentity {
  const name = series.site?.name ?? `${series.title} Companion`;
  return {
    name,
    shortName: series.site?.shortName ?? shortNameOf(series.title, name),
    description:
      series.site?.description ??
      `A spoiler-safe companion to ${series.title}: track what you have read and watched, and see only what you have reached.`,
    originalLanguage: series.originalLanguage ?? DEFAULT_ORIGINAL_LANGUAGE,
  };
}

/** The series' title where it fits under an icon, else its first word, else the start of the site's name. */
function shortNameOf(title: string, name: string) {
  for (const candidate of [title, title.split(/\s+/)[0] ?? "", name])
    if (candidate && [...candidate].length <= MAX_SHORT_NAME) return candidate;
  return [...title].slice(0, MAX_SHORT_NAME).join("").trim();
}

/**
 * Reads a published identity (KV holds it as JSON); anything else is null. One published before it said
 * the original language is in the default one.
 */
export function parseSiteIdentity(raw: string | null): SiteIdentity | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof SiteIdentity, unknown>>;
    const { name, shortName, description, originalLanguage } = value;
    if (!(typeof name === "string" && name && typeof shortName === "string" && typeof description === "string"))
      return null;
    const language =
      typeof originalLanguage === "string" && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(originalLanguage)
        ? originalLanguage
        : DEFAULT_ORIGINAL_LANGUAGE;
    return { name, shortName, description, originalLanguage: language };
  } catch {
    return null;
  }
}

/** The KV key (in the REDIRECTS namespace) the import publishes the identity to; no leading slash, so never a redirect source. */
export const SITE_IDENTITY_KEY = "site-identity";
