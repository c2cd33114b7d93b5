/**
 * The areas of the site, in navigation order. An area is listed only once its pages exist.
 */
export interface Area {
  path: string;
  label: string;
}

export const areas = [
  { path: "/web_novel", label: "Web novel" },
  { path: "/light_novels", label: "Light novels" },
  { path: "/side_stories", label: "Side stories" },
  { path: "/anime", label: "Anime" },
  { path: "/break_time", label: "Break Time" },
  { path: "/manga", label: "Manga" },
  { path: "/characters", label: "Characters" },
  { path: "/releases", label: "Releases" },
  { path: "/reading_tracker", label: "Tracker" },
  { path: "/statistics", label: "Statistics" },
  { path: "/translation_meta", label: "Translation notes" },
] as const satisfies readonly Area[];

export const footerLinks = [
  { path: "/privacy_policy", label: "Privacy policy" },
  { path: "/api", label: "API" },
] as const satisfies readonly Area[];

/** A page the home page introduces: every area and the footer's links. */
export type AreaPath = (typeof areas)[number]["path"] | (typeof footerLinks)[number]["path"];
