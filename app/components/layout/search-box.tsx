import { Form, useFetcher, useNavigate } from "react-router";
import { useEffect, useId, useRef, useState } from "react";
import { searchKindLabels } from "~/lib/search-query";
import { isRevealed, useShield } from "~/lib/spoiler-shield";
import type { SearchResult } from "~/lib/search-result";

/**
 * The header's search: a plain GET form to /search without JavaScript, and a combobox with
 * you-type suggestions with it (arrow keys move, Enter opens, Escape closes).
 */
export function SearchBox() {
  const id = useId();
  const fetcher = useFetcher<{ query: string; results: SearchResult[] }>();
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const shield = useShield();
  // Suggestions beyond the reader's progress are left out; the full results page shields them instead.
  const suggestions =
    value.trim() && fetcher.data?.query === value.trim() ? fetcher.data.results.filter((result) => isRevealed(shield, result.revealAt)) : [];
  const listId = `${id}-suggestions`;

  function change(next: string) {
    setValue(next);
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    if (next.trim()) {
      timer.current = setTimeout(() => fetcher.load(`/search?${new URLSearchParams({ q: next.trim(), suggest: "1" })}`), 150);
    }
  }

  function choose(path: string) {
    setOpen(false);
    setValue("");
    navigate(path);
  }

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="relative hidden sm:block"
      onSubmit={() => setOpen(false)}
    >
      <label htmlFor={id} className="sr-only">
        Search the site
      </label>
      <input
        id={id}
        type="search"
        name="q"
        value={value}
        maxLength={100}
        autoComplete="off"
        placeholder="Search…"
        role="combobox"
        aria-expanded={open && suggestions.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => change(event.target.value)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && suggestions.length) {
            event.preventDefault();
            setOpen(true);
            setActive((current) => (current + 1) % suggestions.length);
          } else if (event.key === "ArrowUp" && suggestions.length) {
            event.preventDefault();
            setActive((current) => (current <= 0 ? suggestions.length - 1 : current - 1));
          } else if (event.key === "Escape") {
            setOpen(false);
            setActive(-1);
          } else if (event.key === "Enter" && open && active >= 0 && suggestions[active]) {
            event.preventDefault();
            choose(suggestions[active].path);
          }
        }}
        className="h-9 w-44 rounded-md border border-border bg-background px-3 text-sm"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!open || suggestions.length === 0}
        className="absolute right-0 top-11 z-50 w-80 overflow-hidden rounded-lg border border-border bg-popover py-1 text-popover-foreground shadow-lg"
      >
        {suggestions.map((result, index) => (
          <li
            key={result.ref}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(result.path);
            }}
            className="cursor-pointer px-3 py-2 text-sm aria-selected:bg-accent hover:bg-muted"
          >
            <span className="block font-medium">{result.title}</span>
            <span className="block text-xs text-muted-foreground">
              {searchKindLabels[result.kind]} · {result.subtitle}
            </span>
          </li>
        ))}
      </ul>
    </Form>
  );
}
