import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { Pagination } from "./pagination";

/** A list page showing where the reader is, its page number read from the address as the loaders do. */
function ListPage() {
  const location = useLocation();
  const page = Number(new URLSearchParams(location.search).get("page") ?? "1");
  return (
    <>
      <p data-testid="address">{location.pathname + location.search}</p>
      <Pagination page={page} pageCount={3} />
    </>
  );
}

/** /anime/specials, where `?special=` picks the page holding that special (here, page 2). */
function SpecialsPage() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const page = Number(params.get("page") ?? (params.has("special") ? "2" : "1"));
  return (
    <>
      <p data-testid="address">{location.pathname + location.search}</p>
      <Pagination page={page} pageCount={3} choosing={["special"]} />
    </>
  );
}

function renderAt(address: string) {
  const Stub = createRoutesStub([
    { path: "/characters", Component: ListPage },
    { path: "/anime/specials", Component: SpecialsPage },
  ]);
  render(<Stub initialEntries={[address]} />);
}

describe("Pagination", () => {
  it("keeps the search and the filters when the reader moves to the next page and back", async () => {
    const user = userEvent.setup();
    renderAt("/characters?q=ember&medium=anime");
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "← Previous" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Next →" }));
    expect(screen.getByTestId("address")).toHaveTextContent("/characters?q=ember&medium=anime&page=2");
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "← Previous" }));
    // Page 1 is the plain address with the filters, without page=1.
    expect(screen.getByTestId("address")).toHaveTextContent(/^\/characters\?q=ember&medium=anime$/);
  });

  it("goes back to the bare path from page 2 when nothing else is asked", async () => {
    const user = userEvent.setup();
    renderAt("/characters?page=2");
    await user.click(screen.getByRole("link", { name: "← Previous" }));
    expect(screen.getByTestId("address")).toHaveTextContent(/^\/characters$/);
  });

  it("drops a parameter that picks the page itself, so Previous from a special's page goes to page 1", async () => {
    const user = userEvent.setup();
    renderAt("/anime/specials?special=ova-1");
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "← Previous" }));
    expect(screen.getByTestId("address")).toHaveTextContent(/^\/anime\/specials$/);
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
  });

  it("offers no next page on the last one", () => {
    renderAt("/characters?page=3");
    expect(screen.getByRole("navigation", { name: "Pages" })).toHaveTextContent("Page 3 of 3");
    expect(screen.queryByRole("link", { name: "Next →" })).not.toBeInTheDocument();
  });
});
