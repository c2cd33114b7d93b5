import { titleBesideLabel } from "~/lib/content/labels";
import { type SearchKind, searchKindLabels } from "~/lib/search/query";
import type { SearchResult } from "~/lib/search/result";
import { isRevealed, type Shield } from "~/lib/shield/shield";

/** One line of the suggestions: a hit, or the last line that opens the full results. */
export interface Option {
  key: string;
  path: string;
  title: string;
  detail: string;
}

export interface Suggestions {
  query: string;
  results: SearchResult[];
  total: number;
}

/**
 * The lines of the header's suggestions, loaded when the reader first focuses or types into the box
 * (the labels they are written with stay off every page's first load). The same order as the results
 * page, asked with what the reader knows: the server leaves out every hit beyond it without a trace,
 * so a suggestion never shows gated text, nor that a gated hit exists.
 */
export function suggestionOptions(data: Suggestions, query: string, shield: Shield | null): Option[] {
  return [
    ...data.results.flatMap(({ ref, kind, revealedBy, content }) =>
      content && isRevealed(shield, revealedBy) ? [suggestion(ref, kind, content)] : [],
    ),
    ...(data.total
      ? [
          {
            key: "all",
            path: `/search?${new URLSearchParams({ q: query })}`,
            title: `All results for “${query}”`,
            detail: `${data.total} in all, by kind`,
          },
        ]
      : []),
  ];
}

/** A hit as a suggestion: its title, then its kind and the label the title does not already carry. */
function suggestion(key: string, kind: SearchKind, content: { path: string; title: string; subtitle: string }): Option {
  const named = titleBesideLabel(content.subtitle, content.title);
  return {
    key,
    path: content.path,
    title: named.title,
    detail: [searchKindLabels[kind], named.label].filter(Boolean).join(" · "),
  };
}
