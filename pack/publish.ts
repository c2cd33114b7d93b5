import { SITE_IDENTITY_KEY, type SiteIdentity } from "../app/lib/content/site-identity";
import type { PackRows, SeriesRow } from "./rows";

/*
 * What an import publishes beside the rows: the site's identity, where every request reads it (KV, the
 * REDIRECTS namespace), since a page may not spend a database round trip on its header.
 */

/** The series row's columns for the site's identity. */
export function siteColumns(site: SiteIdentity) {
  return {
    site_name: site.name,
    site_short_name: site.shortName,
    site_description: site.description,
    original_language: site.originalLanguage,
  };
}

function siteIdentityOfRow(
  row: Pick<SeriesRow, "site_name" | "site_short_name" | "site_description" | "original_language">,
): SiteIdentity {
  return {
    name: row.site_name,
    shortName: row.site_short_name,
    description: row.site_description,
    originalLanguage: row.original_language,
  };
}

/** Publishes the imported pack's site identity; written only when it changed. */
export async function publishSiteIdentity(kv: KVNamespace, rows: Pick<PackRows, "series">) {
  const series = rows.series[0];
  if (!series) return;
  const published = JSON.stringify(siteIdentityOfRow(series));
  if ((await kv.get(SITE_IDENTITY_KEY)) !== published) await kv.put(SITE_IDENTITY_KEY, published);
}
