import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation, useNavigate, useSearchParams } from "react-router";
import { describe, expect, it } from "vitest";
import type { MistakeFacets } from "~/lib/mistakes/entries";
import { parseMistakeFilters } from "~/lib/mistakes/rules";
import { MistakeFilterForm } from "./mistake-parts";

const facets: MistakeFacets = {
  category: { mistranslation: 3, omission: 1 },
  severity: { minor: 2, plot_relevant: 2 },
  status: { confirmed: 3, disputed: 1 },
};

/** A volume's mistakes page: the filters as the address holds them, and the address its loader was asked for. */
function renderMistakesPage(address: string) {
  const asked: string[] = [];
  function MistakesPage() {
    const [params] = useSearchParams();
    const location = useLocation();
    const navigate = useNavigate();
    return (
      <>
        <MistakeFilterForm filters={parseMistakeFilters(params)} facets={facets} />
        <p data-testid="address">{location.pathname + location.search}</p>
        <button onClick={() => navigate(-1)}>Back</button>
      </>
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/translation_meta/ln/:volume",
      // Nothing to show while the first load runs, as before hydration.
      HydrateFallback: () => null,
      loader: ({ request }) => {
        asked.push(new URL(request.url).search);
        return null;
      },
      Component: MistakesPage,
    },
  ]);
  render(<Stub initialEntries={[address]} />);
  return asked;
}

const select = (name: string) => screen.getByRole("combobox", { name });

describe("MistakeFilterForm", () => {
  it("filters as soon as a choice is made, keeping the other filters, with each choice's count", async () => {
    const user = userEvent.setup();
    const asked = renderMistakesPage("/translation_meta/ln/main-1?status=disputed");
    expect(await screen.findByRole("option", { name: "Plot-relevant (2)" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Meaning-changing (0)" })).toBeInTheDocument();
    expect(select("Status")).toHaveValue("disputed");

    await user.selectOptions(select("Severity"), "Plot-relevant (2)");
    await waitFor(() => expect(asked).toHaveLength(2));
    const filters = new URLSearchParams(asked[1]);
    expect(filters.get("severity")).toBe("plot_relevant");
    expect(filters.get("status")).toBe("disputed");
    expect(filters.get("category") ?? "").toBe("");
    expect(select("Severity")).toHaveValue("plot_relevant");
  });

  it("shows the filters of the page the reader goes back to", async () => {
    const user = userEvent.setup();
    renderMistakesPage("/translation_meta/ln/main-1?category=omission");
    await user.selectOptions(await screen.findByRole("combobox", { name: "Category" }), "Mistranslation (3)");
    await waitFor(() => expect(screen.getByTestId("address")).toHaveTextContent("category=mistranslation"));

    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() =>
      expect(screen.getByTestId("address")).toHaveTextContent(/^\/translation_meta\/ln\/main-1\?category=omission$/),
    );
    expect(select("Category")).toHaveValue("omission");
  });

  it("clears a filter with Any", async () => {
    const user = userEvent.setup();
    renderMistakesPage("/translation_meta/ln/main-1?severity=minor&status=confirmed");
    await user.selectOptions(await screen.findByRole("combobox", { name: "Severity" }), "Any");
    await waitFor(() => expect(screen.getByTestId("address")).not.toHaveTextContent("severity=minor"));
    expect(select("Severity")).toHaveValue("");
    expect(select("Status")).toHaveValue("confirmed");
  });
});
