import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link, useLocation, useNavigate } from "react-router";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { FilterForm } from "./filter-form";
import { WrappingSelect } from "./ui/wrapping-select";

/** A list with a name box and one choice, its address, Back and a link to the list unfiltered. */
function renderList(address: string, keep?: readonly string[]) {
  const asked: string[] = [];
  function List() {
    const location = useLocation();
    const navigate = useNavigate();
    return (
      <>
        <FilterForm submitLabel="Search" role="search" keep={keep}>
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
          <label>
            Order
            <select name="order" defaultValue="newest">
              <option value="oldest">Oldest first</option>
              <option value="newest">Newest first</option>
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
    // A list the address says nothing of (or names what is not one of its choices) keeps its default.
    expect(screen.getByRole("combobox", { name: "Order" })).toHaveValue("newest");
  });

  it("keeps a list's default when the address names no such choice", async () => {
    renderList("/people?kind=nobody&order=sideways");
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Order" })).toHaveValue("newest"));
    expect(screen.getByRole("combobox", { name: "Kind" })).toHaveValue("");
  });

  it("adds no entry when the button applies what the address already says, empty fields or not", async () => {
    const user = userEvent.setup();
    renderList("/people");
    await user.selectOptions(await screen.findByRole("combobox", { name: "Kind" }), "Hero");
    await waitFor(() => expect(address()).toBe("/people?q=&kind=hero&order=newest"));
    await user.click(screen.getByRole("link", { name: "Everyone" }));
    await waitFor(() => expect(address()).toBe("/people"));
    // The link's address and the form's (`?q=&kind=&order=newest`) say the same but the list's default.
    await user.selectOptions(screen.getByRole("combobox", { name: "Kind" }), "Villain");
    await waitFor(() => expect(address()).toBe("/people?q=&kind=villain&order=newest"));
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(address()).toBe("/people"));
  });

  it("drops words still to be applied when the reader goes Back before the pause", async () => {
    const user = userEvent.setup();
    renderList("/people?kind=hero");
    await user.click(await screen.findByRole("link", { name: "Everyone" }));
    await waitFor(() => expect(address()).toBe("/people"));
    await user.type(screen.getByRole("searchbox", { name: "Name" }), "zz");
    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(address()).toBe("/people?kind=hero"));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(address()).toBe("/people?kind=hero");
    expect(screen.getByRole("searchbox", { name: "Name" })).toHaveValue("");
  });

  it("applies a choice at once as one entry, typing after a pause, and the button adds no entry for the same filters", async () => {
    const user = userEvent.setup();
    const asked = renderList("/people");
    await user.selectOptions(await screen.findByRole("combobox", { name: "Kind" }), "Hero");
    await waitFor(() => expect(address()).toBe("/people?q=&kind=hero&order=newest"));

    await user.type(screen.getByRole("searchbox", { name: "Name" }), "mira");
    await waitFor(() => expect(address()).toBe("/people?q=mira&kind=hero&order=newest"));
    // One question for the whole word, not one per letter.
    expect(asked.filter((search) => search.includes("q=m"))).toEqual(["?q=mira&kind=hero&order=newest"]);

    // Words typed in an empty box are an entry of their own; more words refine it in place; the
    // button, for what the address already says, adds none: Back goes to the choice alone.
    await user.type(screen.getByRole("searchbox", { name: "Name" }), "n");
    await waitFor(() => expect(address()).toBe("/people?q=miran&kind=hero&order=newest"));
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(address()).toBe("/people?q=&kind=hero&order=newest"));
  });

  it("carries what the filters leave as they are (a season shown), but no page number", async () => {
    const user = userEvent.setup();
    renderList("/people?season=2&page=3", ["season"]);
    await user.selectOptions(await screen.findByRole("combobox", { name: "Kind" }), "Hero");
    await waitFor(() => expect(address()).toBe("/people?season=2&q=&kind=hero&order=newest"));
  });

  it("sends nothing of its own when another hand took the send (offline, the offline notice), nor the words typed before", async () => {
    const asked = renderList("/people");
    await waitFor(() => expect(asked).toEqual([""]));
    const takeSend = (event: Event) => event.preventDefault();
    window.addEventListener("submit", takeSend, true);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("searchbox", { name: "Name" }), "ilse{Enter}");
    // Past the typing pause: the words typed before the send are not applied either.
    await new Promise((resolve) => setTimeout(resolve, 400));
    window.removeEventListener("submit", takeSend, true);
    expect(asked).toEqual([""]);
    expect(address()).toBe("/people");
  });

  it("keeps showing the address's choice when the list's options are drawn again (recounted for what the reader has seen)", async () => {
    // The first answer knows nothing of the reader: the address's choice is an option of its own. The
    // reader's answer recounts the list, and that option gives way to the list's own.
    function Recounted() {
      const { search } = useLocation();
      const [recounted, setRecounted] = useState(false);
      const kind = new URLSearchParams(search).get("kind");
      const kinds = recounted ? ["hero", "villain"] : [];
      return (
        <>
          <FilterForm submitLabel="Search">
            <label>
              Kind
              <select name="kind" defaultValue={kind ?? ""}>
                <option value="">Any</option>
                {kind && !kinds.includes(kind) ? <option value={kind}>{kind} (0)</option> : null}
                {kinds.map((each) => (
                  <option key={each} value={each}>
                    {each} (3)
                  </option>
                ))}
              </select>
            </label>
          </FilterForm>
          <p data-testid="address">{search}</p>
          <button onClick={() => setRecounted((now) => !now)}>Recount</button>
        </>
      );
    }
    const Stub = createRoutesStub([
      { path: "/people", HydrateFallback: () => null, loader: () => null, Component: Recounted },
    ]);
    render(<Stub initialEntries={["/people?kind=hero"]} />);
    const user = userEvent.setup();
    const kind = await screen.findByRole("combobox", { name: "Kind" });
    expect(kind).toHaveValue("hero");
    await user.click(screen.getByRole("button", { name: "Recount" }));
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(3));
    expect(kind).toHaveValue("hero");

    // A choice the reader makes, drawn again with the reader's knowledge forgotten and then known.
    await user.selectOptions(kind, "villain");
    await waitFor(() => expect(address()).toBe("?kind=villain"));
    await user.click(screen.getByRole("button", { name: "Recount" }));
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    expect(kind).toHaveValue("villain");
    await user.click(screen.getByRole("button", { name: "Recount" }));
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(3));
    expect(kind).toHaveValue("villain");
  });

  it("shows the address's choice in a select that shows its whole text, after a choice, Back and Forward", async () => {
    function Characters() {
      const { search } = useLocation();
      const navigate = useNavigate();
      return (
        <>
          <FilterForm submitLabel="Search" role="search">
            <label>
              Affiliation
              <WrappingSelect name="affiliation">
                <option value="">Any affiliation</option>
                <option value="lowwick">Lowwick (4)</option>
              </WrappingSelect>
            </label>
          </FilterForm>
          <p data-testid="address">{search}</p>
          <button onClick={() => navigate(-1)}>Back</button>
          <button onClick={() => navigate(1)}>Forward</button>
        </>
      );
    }
    const Stub = createRoutesStub([
      { path: "/characters", HydrateFallback: () => null, loader: () => null, Component: Characters },
    ]);
    render(<Stub initialEntries={["/characters"]} />);
    const user = userEvent.setup();
    const affiliation = await screen.findByRole("combobox", { name: "Affiliation" });
    // What the reader sees is the text drawn over the (transparent) select.
    const shown = () => affiliation.parentElement?.querySelector("[aria-hidden='true'] span")?.textContent;
    expect(shown()).toBe("Any affiliation");
    await user.selectOptions(affiliation, "lowwick");
    await waitFor(() => expect(address()).toBe("?affiliation=lowwick"));
    expect(shown()).toBe("Lowwick (4)");

    // Back to everyone: the select and what it shows say so, not the choice left behind.
    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(address()).toBe(""));
    expect(affiliation).toHaveValue("");
    await waitFor(() => expect(shown()).toBe("Any affiliation"));
    await user.click(screen.getByRole("button", { name: "Forward" }));
    await waitFor(() => expect(address()).toBe("?affiliation=lowwick"));
    expect(affiliation).toHaveValue("lowwick");
    await waitFor(() => expect(shown()).toBe("Lowwick (4)"));
  });
});
