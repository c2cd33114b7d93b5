import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { cardsAround } from "~/lib/chooser-window";
import { cn } from "~/lib/cn";

export { MAX_CARDS } from "~/lib/chooser-window";

export interface ChooserCard {
  /** The value of the page's parameter this card picks (an arc or season number, a manga series' code). */
  value: number | string;
  /** What it is, small above its title: "Arc 3", "Season 2". */
  kicker: string;
  title: string;
  /** Its title waits for the reader (`title` says so: "Title hidden"), and reads quietly, as a hidden title does. */
  titleHidden?: boolean;
  /** A line under the title ("32 chapters · 178,455 words"); a card the run never shows may leave it out. */
  detail?: string;
}

/**
 * The cards that pick which part of a long list a page shows (`?arc=3`, `?season=2`): a swipeable row
 * on phones, a grid from small screens up. The chosen card is marked for assistive technology too. A
 * card keeps the page's other parameters (filters) and starts the list from its first page. On a
 * phone the row is scrolled so the chosen card is whole on the screen, not cut off at its edge. A long
 * run (seventy arcs) shows the chosen card and its neighbours, and a picker of every one beside them,
 * so the page stays the same size however long the story grows.
 */
export function ChooserCards({
  label,
  param,
  cards,
  selected,
}: {
  /** What the cards are, as a heading would name them: "Arcs", "Seasons". */
  label: string;
  param: string;
  cards: readonly ChooserCard[];
  selected: number | string | null;
}) {
  const { search } = useLocation();
  const shown = cardsAround(cards, selected);
  const row = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = row.current;
    const card = list?.querySelector("[aria-current='page']");
    if (!list || !card) return;
    const inset = parseFloat(getComputedStyle(list).paddingLeft);
    const listBox = list.getBoundingClientRect();
    const cardBox = card.getBoundingClientRect();
    if (cardBox.left < listBox.left + inset - 0.5 || cardBox.right > listBox.right - inset + 0.5) {
      list.scrollTo({ left: list.scrollLeft + cardBox.left - listBox.left - inset, behavior: "instant" });
    }
  }, [selected]);
  const href = (value: number | string) => {
    const params = new URLSearchParams(search);
    params.set(param, String(value));
    params.delete("page");
    return `?${params}`;
  };
  return (
    <nav aria-label={label} className="mb-10">
      {shown.length < cards.length ? (
        <ChooserPicker label={label} param={param} cards={cards} selected={selected} search={search} />
      ) : null}
      <ol
        ref={row}
        className="-mx-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-3"
      >
        {shown.map((card) => (
          // 16rem wide, but narrower than the row by 2rem, growing with the text only to 10% of the screen:
          // the card is whole on the screen and the next one shows at its edge, and at twice the text size
          // on a 320 px phone an arc's name ("Lanternfall") has a line it fits whole.
          <li
            key={card.value}
            className="w-64 max-w-[calc(100%-min(2rem,10vw))] shrink-0 snap-start sm:w-auto sm:max-w-none"
          >
            <Link
              to={href(card.value)}
              preventScrollReset
              aria-current={card.value === selected ? "page" : undefined}
              className={cn(
                "block h-full rounded-lg border p-3 transition-colors hover:border-primary",
                card.value === selected ? "border-primary bg-accent" : "border-border bg-card",
              )}
            >
              <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{card.kicker}</span>
              <span className={cn("block", card.titleHidden ? "text-muted-foreground" : "font-semibold")}>
                {card.title}
              </span>
              {card.detail ? <span className="mt-1 block text-sm text-muted-foreground">{card.detail}</span> : null}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * Every card of a long run as one native select: a form that asks for the page with the chosen value
 * (and the page's other parameters), so it works without JavaScript too.
 */
function ChooserPicker({
  label,
  param,
  cards,
  selected,
  search,
}: {
  label: string;
  param: string;
  cards: readonly ChooserCard[];
  selected: number | string | null;
  search: string;
}) {
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== param && name !== "page");
  return (
    <Form method="get" preventScrollReset className="mb-3 flex flex-wrap items-end gap-2">
      {kept.map(([name, value], index) => (
        <input key={`${index}-${name}`} type="hidden" name={name} value={value} />
      ))}
      <Field label={`All ${cards.length} ${label.toLowerCase()}`} className="min-w-0 flex-1 sm:max-w-md">
        <Select name={param} defaultValue={selected ?? undefined} key={selected}>
          {cards.map((card) => (
            <option key={card.value} value={card.value}>
              {`${card.kicker}: ${card.title}`}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit">Show</Button>
    </Form>
  );
}
