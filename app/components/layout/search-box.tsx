import { Form, Link, useLocation, useNavigate } from "react-router";
import { useEffect, useId, useRef, useState } from "react";
import { fetchLoaderData, useFollowUp } from "~/browser/follow-up";
import { optionalPart } from "~/browser/lazy-import";
import { sealedCopy, type Shielded } from "~/lib/shield/gated";
import { revealParameter, withReveal } from "~/lib/shield/shield";
import { useShield } from "~/browser/spoiler-shield";
import type { Option, OptionText, Suggestions, suggestionOptions } from "./search-suggestions";
import { buttonClassName } from "~/components/ui/button";

interface SuggestionsModule {
  suggestionOptions: typeof suggestionOptions;
  OptionText: typeof OptionText;
}
/**
 * What writes the suggestions' lines, loaded once the reader first focuses or types into the box. The
 * box works without it (a plain search), so its failing never reloads the page under the reader's typing;
 * a focus or key once the browser is back online, or a few seconds later, tries again.
 */
const loadSuggestions: () => Promise<SuggestionsModule> = optionalPart(() => import("./search-suggestions"));

/**
 * The header's search: a plain GET form to /search without JavaScript, and a combobox with
 * you-type suggestions with it (arrow keys move, Enter opens, Escape closes). On phones the box sits
 * behind the search button (a link to /search without JavaScript) and opens below the header.
 */
export function SearchBox() {
  const id = useId();
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  // The search page shows the words in its own box; this one is emptied (and on a phone closed) for the next
  // search once that page is here: a search that could not be sent keeps them in view, with the page the
  // reader had.
  const { key: at } = useLocation();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === null || sent.current === at) return;
    sent.current = null;
    setValue("");
    setExpanded(false);
  }, [at]);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Closing the list a moment after the box loses focus (a suggestion's click lands first); back in the box before then, it stays.
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [lines, setLines] = useState<SuggestionsModule | null>(null);
  /** The suggestions last asked for (after a pause in typing). */
  const [asked, setAsked] = useState<string | null>(null);
  const { data: answer, failed: unanswered } = useFollowUp(
    asked === null
      ? null
      : {
          key: asked,
          failure: "Suggestions could not be loaded.",
          load: async (signal) =>
            sealedCopy(await fetchLoaderData<Shielded<Suggestions>>(`/search?${asked}`, "routes/search", signal)),
        },
  );
  function prepare() {
    if (!lines) void loadSuggestions().then(setLines, () => {});
  }
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(closing.current);
    },
    [],
  );
  useEffect(() => {
    if (expanded) input.current?.focus();
  }, [expanded]);

  const shield = useShield();
  const query = value.trim();
  const data = query && answer?.query === query ? answer : null;
  // The server leaves out every hit beyond what the reader knows (see search-suggestions.ts).
  const options: Option[] = data && lines ? lines.suggestionOptions(data, query, shield) : [];
  const listId = `${id}-suggestions`;
  // Said beside the box while the reader types: that nothing they have reached matches, or that the
  // suggestions could not be had. A failure is also said, with its retry, by the notice every follow-up
  // shares (FollowUpNotice), at the foot of the screen, where a phone's keyboard hides it. Offline, a
  // search sent is held and sent again when the connection returns (failed-navigation.ts).
  const status =
    query && unanswered
      ? `Suggestions could not be loaded. ${navigator.onLine ? "Enter still searches." : "Enter searches once you are back online."}`
      : data && lines && options.length === 0
        ? `Nothing ${shield?.mode === "off" ? "" : "you have reached "}matches “${query}”.`
        : null;
  const boxId = `${id}-box`;

  function change(next: string) {
    prepare();
    setValue(next);
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    // An emptied box asks nothing: an earlier question that failed is not retried.
    if (!next.trim()) setAsked(null);
    else {
      // Suggestions never blur, so even in blur mode only what the reader knows is asked for.
      const query = { q: next.trim(), suggest: "1" };
      const besides = new URLSearchParams(query).toString();
      const reveal = shield ? revealParameter(shield, { shownOnly: true, besides }) : "";
      const params = withReveal(query, reveal);
      timer.current = setTimeout(() => setAsked(params.toString()), 150);
    }
  }

  function close() {
    setAsked(null);
    setOpen(false);
    setExpanded(false);
    setActive(-1);
  }

  function choose(path: string) {
    close();
    setValue("");
    navigate(path);
  }

  return (
    <>
      <Link
        to="/search"
        aria-label="Search"
        aria-expanded={expanded}
        aria-controls={boxId}
        onClick={(event) => {
          event.preventDefault();
          setExpanded((current) => !current);
        }}
        className={buttonClassName("ghost", "icon", "text-muted-foreground sm:hidden")}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </Link>
      <Form
        id={boxId}
        method="get"
        action="/search"
        role="search"
        aria-label="Site search"
        // On phones a panel below the header, shown by the button; from 640 px up always in the header.
        className={`${expanded ? "" : "hidden "}absolute inset-x-0 top-full z-50 border-b border-border bg-background p-2 sm:relative sm:inset-x-auto sm:top-auto sm:block sm:border-0 sm:bg-transparent sm:p-0`}
        onSubmit={() => {
          // The suggestions go, those about to be asked too; on a phone the box stays until the search page is here.
          clearTimeout(timer.current);
          setAsked(null);
          setOpen(false);
          setActive(-1);
          sent.current = at;
        }}
      >
        <label htmlFor={id} className="sr-only">
          Search the site
        </label>
        <input
          ref={input}
          id={id}
          type="search"
          name="q"
          value={value}
          maxLength={100}
          autoComplete="off"
          placeholder="Search…"
          role="combobox"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          onFocus={() => {
            clearTimeout(closing.current);
            prepare();
          }}
          onChange={(event) => change(event.target.value)}
          onBlur={() => {
            closing.current = setTimeout(() => setOpen(false), 150);
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" && options.length) {
              event.preventDefault();
              setOpen(true);
              setActive((current) => (current + 1) % options.length);
            } else if (event.key === "ArrowUp" && options.length) {
              event.preventDefault();
              setActive((current) => (current <= 0 ? options.length - 1 : current - 1));
            } else if (event.key === "Escape") {
              // With suggestions showing, Escape only closes them and keeps the words; the browser's own
              // clearing of a search field waits for a second Escape.
              if (open && options.length) event.preventDefault();
              close();
            } else if (event.key === "Enter" && open && active >= 0 && options[active]) {
              event.preventDefault();
              choose(options[active].path);
            }
          }}
          className="h-11 w-full rounded-md border border-border bg-background px-3 text-base sm:h-9 sm:w-44 sm:text-sm"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!open || options.length === 0}
          className="absolute inset-x-2 top-[calc(100%-0.25rem)] z-50 overflow-hidden rounded-lg border border-border bg-popover py-1 text-popover-foreground shadow-lg sm:left-auto sm:right-0 sm:top-11 sm:w-80"
        >
          {options.map((option, index) => (
            <li
              key={option.key}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option.path);
              }}
              className={`cursor-pointer px-3 py-2 text-sm aria-selected:bg-accent hover:bg-muted${option.key === "all" ? " border-t border-border" : ""}`}
            >
              {/* Options are there only once the module that writes them is. */}
              {lines ? <lines.OptionText option={option} /> : null}
            </li>
          ))}
        </ul>
        {/* There while the reader types, before it has anything to say, so screen readers hear what it says; drawn only when it says something. */}
        {open && query ? (
          <p
            role="status"
            className={
              status
                ? "absolute inset-x-2 top-[calc(100%-0.25rem)] z-50 rounded-lg border border-border bg-popover px-3 py-2 text-sm text-muted-foreground shadow-lg sm:left-auto sm:right-0 sm:top-11 sm:w-80"
                : "sr-only"
            }
          >
            {status}
          </p>
        ) : null}
      </Form>
    </>
  );
}
