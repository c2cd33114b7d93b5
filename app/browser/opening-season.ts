import { useRef } from "react";
import { useLocation } from "react-router";
import { type AnimeSeason, seasonToOpen } from "~/lib/content/anime";
import { useShield } from "./spoiler-shield";

/** The season a page of seasons (/anime, /break_time) shows for its reader, and how it asks for it. */
export interface OpeningSeason {
  /** What the page asks for with the reader's answer (useShieldedData's `opens`): null when it shows the season it was sent with. */
  opens: Record<string, string> | null;
  /** Whether the season shown may yet change for this reader (before hydration, or while their season is on its way). */
  mayMove: boolean;
}

/**
 * Where a page of seasons opens for its reader when its address names no season (`?season=` always
 * wins): the season that holds their next episode (`seasonToOpen`). The page is sent, and cached, the
 * same for everyone, opening on the first season; the reader's season comes with the answer the page asks
 * for with what they know. Decided once a visit, from the progress the reader came with, so marking an
 * episode watched never moves the page from under them.
 */
export function useOpeningSeason(
  seasons: readonly Pick<AnimeSeason, "number" | "episodeCount">[],
  sentSeason: number | null,
): OpeningSeason {
  const shield = useShield();
  const { key, search } = useLocation();
  const named = new URLSearchParams(search).has("season");
  const decided = useRef<{ key: string; season: number | null } | null>(null);
  if (shield && decided.current?.key !== key)
    decided.current = { key, season: named ? null : seasonToOpen(seasons, shield.knowledge) };
  const season = decided.current?.key === key ? decided.current.season : undefined;
  const opens = season != null && season !== sentSeason ? { season: String(season) } : null;
  return { opens, mayMove: !named && (season === undefined || opens !== null) };
}
