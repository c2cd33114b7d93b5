import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { gated, type Gated } from "~/lib/shield/gated";
import { titleRevealers } from "~/lib/shield/knowledge";
import { TitleIfShown, UnitTitle, UnreachedTitlesNote } from "./unit-title";

/** An episode's title as a catalogue carries it: sealed (null) or with its text, gated as a unit's title is. */
const episodeTitle = (content: string | null) => gated(titleRevealers(null, ["anime:1-3"]), content);
const flaggedTitle = gated(titleRevealers(["wn:2-9"], ["wn:2-9"]), null as string | null);

function renderTitles(...titles: Gated<string | null>[]) {
  const Stub = createRoutesStub([
    {
      path: "/anime",
      Component: () => (
        <>
          <UnreachedTitlesNote />
          {titles.map((title, index) => (
            <UnitTitle key={index} gated={title} as="h3" what="This episode's title">
              {(text) => <h3>{text}</h3>}
            </UnitTitle>
          ))}
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={["/anime"]} />);
}

describe("UnitTitle", () => {
  afterEach(() => localStorage.clear());

  it("says a title that waits for the reader is hidden, in the heading the title would be, with no spoiler box", () => {
    renderTitles(episodeTitle(null));
    expect(screen.getByRole("heading", { name: "Title hidden" })).toBeVisible();
    expect(screen.queryByText(/beyond what you have read/)).not.toBeInTheDocument();
  });

  it("keeps a title flagged as a spoiler behind the Spoiler once the reader chose to see titles", () => {
    localStorage.setItem("rc:unreached-titles", "show");
    renderTitles(flaggedTitle);
    expect(screen.getByText(/This episode's title is beyond what you have read/)).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Title hidden" })).not.toBeInTheDocument();
  });

  it("hides a flagged title as it hides the others while titles are hidden, so none stands out as a spoiler", () => {
    renderTitles(episodeTitle(null), flaggedTitle);
    expect(screen.getAllByRole("heading", { name: "Title hidden" })).toHaveLength(2);
    expect(screen.queryByText(/beyond what you have read/)).not.toBeInTheDocument();
  });

  it("shows a title the reader chose to see once it arrives, and the note offers to hide them again", () => {
    localStorage.setItem("rc:unreached-titles", "show");
    renderTitles(episodeTitle("The Lie"));
    expect(screen.getByRole("heading", { name: "The Lie" })).toBeVisible();
    expect(screen.getByText(/Titles of what you have not reached: shown/)).toBeVisible();
    expect(screen.getByRole("button", { name: "Hide them" })).toBeEnabled();
  });

  it("turns titles on for every page from the note", async () => {
    const user = userEvent.setup();
    renderTitles(episodeTitle(null));
    expect(screen.getByText(/Titles of what you have not reached: hidden/)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Show them" }));
    expect(localStorage.getItem("rc:unreached-titles")).toBe("show");
    expect(screen.getByRole("button", { name: "Hide them" })).toBeVisible();
  });

  it("never shows a title beside a label unblurred in blur mode, where the answer carries it", async () => {
    localStorage.setItem("rc:spoiler-mode", "blur");
    const Stub = createRoutesStub([
      {
        path: "/notes",
        Component: () => (
          <p>
            Lanternfall 3
            <TitleIfShown gated={episodeTitle("The Lie")} fallback=" · Title hidden">
              {(title) => ` · ${title}`}
            </TitleIfShown>
          </p>
        ),
      },
    ]);
    render(<Stub initialEntries={["/notes"]} />);
    expect(await screen.findByText(/Lanternfall 3 · Title hidden/)).toBeVisible();
    expect(screen.queryByText(/The Lie/)).not.toBeInTheDocument();
  });
});
