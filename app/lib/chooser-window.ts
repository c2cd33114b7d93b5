/** Up to this many, a chooser shows every card; beyond it, the chosen card and its neighbours, and a picker for all. */
export const MAX_CARDS = 12;
/** How many cards show beside the picker when there are more than MAX_CARDS. */
const NEIGHBOURHOOD = 6;

/**
 * The cards a chooser shows of a run (`ChooserCards`): every one up to MAX_CARDS, else the chosen one, the
 * two before it and those after, NEIGHBOURHOOD in all (the first ones when none is chosen). A loader that
 * sends a card's details only for the cards shown picks them with this too (the web novel's arcs).
 */
export function cardsAround<T extends { value: number | string }>(
  cards: readonly T[],
  selected: number | string | null,
): readonly T[] {
  if (cards.length <= MAX_CARDS) return cards;
  const chosen = Math.max(
    0,
    cards.findIndex((card) => card.value === selected),
  );
  const start = Math.min(Math.max(0, chosen - 2), cards.length - NEIGHBOURHOOD);
  return cards.slice(start, start + NEIGHBOURHOOD);
}
