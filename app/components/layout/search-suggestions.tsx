import { useNamedHit } from "~/components/character-name";
import { OriginalText } from "~/components/original-text";
import { titleBesideLabel } from "~/lib/content/labels";
import { type SearchKind, searchKindLabels } from "~/lib/search/query";
import type { HitText, MarkedText, SearchResult } from "~/lib/search/result";
import { isRevealed, type Shield } from "~/lib/shield/shield";

/** One line of the suggestions: a hit (`hit`), or the last line that opens the full results. */
export interface Option {
  key: string;
  path: string;
  title: string;
  detail: string;
  hit?: { kind: SearchKind; text: HitText };
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
function suggestion(key: string, kind: SearchKind, content: HitText): Option {
  return { key, path: content.path, ...lineOf(kind, content), hit: { kind, text: content } };
}

function lineOf(kind: SearchKind, { title, subtitle }: { title: string; subtitle: string }) {
  const named = titleBesideLabel(subtitle, title);
  return { title: named.title, detail: [searchKindLabels[kind], named.label].filter(Boolean).join(" · ") };
}

/**
 * An option's words: a character by the name this reader knows them by (`useNamedHit`), and the hit's
 * original title where the words were in its script (the server sends it only then). The words of the
 * title that match what the reader typed are bold; where the title holds none, a line under it shows
 * where the hit holds them (`HitMatch`, from the server, as gated as the hit).
 */
export function OptionText({ option }: { option: Option }) {
  const named = useNamedHit(option.hit?.text);
  const { title, detail } = named && option.hit ? lineOf(option.hit.kind, named) : option;
  const original = option.hit?.text.originalTitle;
  const matched = option.hit?.text.matched;
  return (
    <>
      <span className="block font-medium">
        <Marked text={title} pieces={matched?.title} />
      </span>
      <OriginalText as="span" text={original ?? null} className="block text-sm" />
      {matched?.around ? (
        <span className="block text-xs text-muted-foreground">
          <Marked text={matched.around.join("")} pieces={matched.around} />
        </span>
      ) : null}
      <span className="block text-xs text-muted-foreground">{detail}</span>
    </>
  );
}

/**
 * A text with the words found in it bold, as the server marked them (`pieces`, every second one found).
 * What was marked may stand in the text shown with its start cut off (a title without the label it
 * starts with) or whole with more around it (a Break Time short's label, shown with the episode it airs
 * with): only the text shown is shown, bold where it holds a marked piece. A text that holds neither is
 * shown as it is. Plain text to a screen reader: the option reads as its words.
 */
function Marked({ text, pieces }: { text: string; pieces: MarkedText | undefined }) {
  const whole = pieces?.join("") ?? "";
  // Where the marked text starts in the text shown: before it, when its start is cut off.
  const from = whole.endsWith(text) ? text.length - whole.length : whole ? text.indexOf(whole) : -1;
  if (!pieces || (!whole.endsWith(text) && from < 0)) return text;
  let at = from;
  const marked = pieces.map((piece, index) => {
    const shown = text.slice(Math.max(0, at), Math.max(0, at + piece.length));
    at += piece.length;
    return index % 2 && shown ? (
      <span key={index} className="font-bold text-foreground">
        {shown}
      </span>
    ) : (
      shown
    );
  });
  return [text.slice(0, Math.max(0, from)), ...marked, text.slice(at)];
}
