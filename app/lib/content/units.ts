/** Where a unit of the story is shown on the site, and its anchor there. */

export type Medium = "web_novel" | "light_novels" | "side_stories" | "anime" | "break_time";

export const mediumLabels: Record<Medium, string> = {
  web_novel: "Web novel",
  light_novels: "Light novels",
  side_stories: "Side stories",
  anime: "Anime",
  break_time: "Break Time",
};

export function mediumOf(key: string): Medium {
  if (key.startsWith("wn:")) return "web_novel";
  if (key.startsWith("ln:")) return "light_novels";
  if (key.startsWith("ss:")) return "side_stories";
  if (key.startsWith("anime:")) return "anime";
  return "break_time";
}

/** The element id a unit has on its page: wn:2-14 → wn-2-14. */
export function unitAnchor(key: string) {
  return key.replace(":", "-");
}

/**
 * The page that lists a unit, with its anchor. The web novel is shown an arc at a time and the
 * light novels a collection at a time, so those links name the arc or collection.
 */
export function unitPath(key: string) {
  const anchor = unitAnchor(key);
  const [, rest = ""] = key.split(":");
  switch (mediumOf(key)) {
    case "web_novel":
      return `/web_novel?arc=${rest.split("-")[0]}#${anchor}`;
    case "light_novels":
      return `/light_novels?collection=${rest.slice(0, rest.lastIndexOf("-"))}#${anchor}`;
    case "side_stories":
      return `/side_stories#${anchor}`;
    case "anime":
    case "break_time":
      // Main episodes are listed beside the Break Time shorts that accompany them.
      return `/break_time#${anchor}`;
  }
}
