import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link, useLocation, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import { FilterForm } from "./filter-form";

/** A list with a name box and one choice, its address, Back and a link to the list unfiltered. */
function renderList(address: string) {
  const asked: string[] = [];
  function List() {
    const location = useLocation();
    const navigate = useNavigate();
    return (
      <>
        <FilterForm submitLabel="Search" role="search">
          <label>
            Name
            <input type="search" name="q" />
          </label>
          <label>
            Kind
            <select name="kind">
              <option value="">Any</option>
              <option value="hero">Hero</option>
              <option value="villain">Villain</option>
            </select>
          </label>
        </FilterForm>
        <p data-testid="address">{location.pathname + location.search}</p>
        <button onClick={() => navigate(-1)}>Back</button>
        <Link to="/people">Everyone</Link>
      </>
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/people",
      HydrateFallback: () => null,
      loader: ({ request }) => {
        asked.push(new URL(request.url).search);
        return null;
      },
      Component: List,
    },
  ]);
  render(<Stub initialEntries={[address]} />);
  return asked;
}

const address = () => screen.getByTestId("address").textContent;

describe("FilterForm", () => {
  it("fills its fields from the address, and again when the address changes under it", async () => {
    const user = userEvent.setup();
    renderList("/people?q=ash&kind=villain");
    const name = await screen.findByRole("searchbox", { name: "Name" });
    await waitFor(() => expect(name).toHaveValue("ash"));
    expect(screen.getByRole("combobox", { name: "Kind" })).toHaveValue("villain");

    // A link to the list unfiltered: the box does not keep the old words over the full list.
    await user.click(screen.getByRole("link", { name: "Everyone" }));
    await waitFor(() => expect(address()).toBe("/people"));
    expect(name).toHaveValue("");
    expect(screen.getByRole("combobox", { name: "Kind" })).toHaveValue("");

    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(address()).toBe("/people?q=ash&kind=villain"));
    expect(name).toHaveValue("ash");
  });

  it("applies a choice at once as one entry, typing in place after a pause, and the button adds no entry for the same filters", async () => {
    const user = userEvent.setup();
    const asked = renderList("/people");
    await user.selectOptions(await screen.findByRole("combobox", { name: "Kind" }), "Hero");
    await waitFor(() => expect(address()).toBe("/people?q=&kind=hero"));

    await user.type(screen.getByRole("searchbox", { name: "Name" }), "mira");
    await waitFor(() => expect(address()).toBe("/people?q=mira&kind=hero"));
    // One question for the whole word, not one per letter.
    expect(asked.filter((search) => search.includes("q=m"))).toEqual(["?q=mira&kind=hero"]);

    // The button, for what the address already says, replaces its entry; typing replaced the choice's:
    // so Back goes to where the reader started.
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(address()).toBe("/people"));
  });
});
