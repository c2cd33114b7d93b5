import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/cn";

export interface ChooserCard {
  /** The value of the page's parameter this card picks (an arc or season number). */
  value: number;
  /** What it is, small above its title: "Arc 3", "Season 2". */
  kicker: string;
  title: string;
  detail: string;
}

/**
 * The cards that pick which part of a long list a page shows (`?arc=3`, `?season=2`): a swipeable row
 * on phones, a grid from small screens up. The chosen card is marked for assistive technology too. A
 * card keeps the page's other parameters (filters) and starts the list from its first page. On a
 * phone the row is scrolled so the chosen card is whole on the screen, not cut off at its edge.
 */
export function ChooserCards({
  label,
  param,
  cards,
  selected,
}: {
  label: string;
  param: string;
  cards: readonly ChooserCard[];
  selected: number | null;
}) {
  const { search } = useLocation();
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
  const href = (value: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(value));
    params.delete("page");
    return `?${params}`;
  };
  return (
    <nav aria-label={label} className="mb-10">
      <ol
        ref={row}
        className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-3"
      >
        {cards.map((card) => (
          <li key={card.value} className="w-64 shrink-0 snap-start sm:w-auto">
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
              <span className="block font-semibold">{card.title}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{card.detail}</span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
