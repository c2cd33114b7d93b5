import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { cardsAround } from "~/lib/chooser-window";
import { type ChooserCard, ChooserCards, MAX_CARDS } from "./chooser-cards";

/** A run of arcs as the web novel page gives them: details only for the cards it shows (cardsAround). */
const arcs = (count: number, selected: number): ChooserCard[] => {
  const all = Array.from({ length: count }, (_, index) => ({ value: index + 1 }));
  const shown = new Set(cardsAround(all, selected).map((card) => card.value));
  return all.map(({ value }) => ({
    value,
    kicker: `Arc ${value}`,
    title: `Title of arc ${value}`,
    detail: shown.has(value) ? `${30 + value} chapters` : undefined,
  }));
};

/** The web novel's chooser as a page shows it, with the arc read from the address as the loader does. */
function renderAt(address: string, count: number) {
  function ArcsPage() {
    const location = useLocation();
    const arc = Number(new URLSearchParams(location.search).get("arc") ?? "1");
    return (
      <>
        <p data-testid="address">{location.pathname + location.search}</p>
        <ChooserCards label="Arcs" param="arc" cards={arcs(count, arc)} selected={arc} />
      </>
    );
  }
  const Stub = createRoutesStub([{ path: "/web_novel", Component: ArcsPage }]);
  render(<Stub initialEntries={[address]} />);
}

const shownCards = () =>
  within(screen.getByRole("navigation", { name: "Arcs" }))
    .getAllByRole("link")
    .map((link) => link.textContent?.match(/^Arc \d+/)?.[0]);

describe("ChooserCards", () => {
  it("shows every card, and no picker, while there are few", () => {
    renderAt("/web_novel?arc=3", MAX_CARDS);
    expect(shownCards()).toHaveLength(MAX_CARDS);
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("shows the chosen card among its neighbours, and every one in a picker, when there are many", () => {
    renderAt("/web_novel?arc=40", 70);
    expect(shownCards()).toEqual(["Arc 38", "Arc 39", "Arc 40", "Arc 41", "Arc 42", "Arc 43"]);
    expect(screen.getByRole("link", { name: /^Arc 40/ })).toHaveAttribute("aria-current", "page");
    // Each card shown says its details; the picker names every arc by its title alone.
    expect(screen.getByRole("link", { name: /^Arc 38/ })).toHaveTextContent("Arc 38Title of arc 3868 chapters");
    const picker = screen.getByRole("combobox", { name: "All 70 arcs" });
    expect(within(picker).getAllByRole("option")).toHaveLength(70);
    expect(picker).toHaveValue("40");
  });

  it("keeps six cards at either end of the run", () => {
    renderAt("/web_novel?arc=1", 70);
    expect(shownCards()).toEqual(["Arc 1", "Arc 2", "Arc 3", "Arc 4", "Arc 5", "Arc 6"]);
  });

  it("goes to the arc picked, keeping the page's filters and starting from the first page", async () => {
    const user = userEvent.setup();
    renderAt("/web_novel?arc=70&q=lantern&page=3", 70);
    expect(shownCards()).toEqual(["Arc 65", "Arc 66", "Arc 67", "Arc 68", "Arc 69", "Arc 70"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "All 70 arcs" }), "Arc 12: Title of arc 12");
    await user.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() => expect(screen.getByTestId("address")).toHaveTextContent(/^\/web_novel\?q=lantern&arc=12$/));
    expect(shownCards()).toEqual(["Arc 10", "Arc 11", "Arc 12", "Arc 13", "Arc 14", "Arc 15"]);
    expect(screen.getByRole("combobox", { name: "All 70 arcs" })).toHaveValue("12");
  });
});
