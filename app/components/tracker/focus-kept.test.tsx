import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { gated } from "~/lib/shield/gated";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { SkippedUnits } from "./skipped-units";
import { TrackerSection } from "./tracker-section";
import { UpNext } from "./up-next";

const episode = (number: number): TrackerUnit => ({
  key: `anime:1-${number}`,
  medium: "anime",
  position: number,
  label: `Season 1 · Episode ${number}`,
  title: gated([], `Episode ${number}'s title`),
  group: "Season 1",
  collection: null,
  coveredBy: [`anime:1-${number}`],
});
const chapter = (number: number): TrackerUnit => ({
  ...episode(number),
  key: `wn:1-${number}`,
  medium: "web_novel",
  label: `Arc 1 · Chapter ${number}`,
  title: gated([], `Chapter ${number}'s title`),
  group: "Arc 1",
  coveredBy: [`wn:1-${number}`],
});

/** The tracker's Up next, drawn again with the next episode in place of the one marked, as the tracker does. */
function WatchingInOrder() {
  const [watched, setWatched] = useState(0);
  const next = watched < 3 ? [episode(watched + 1)] : [];
  return (
    <TrackerSection title="Up next" id="up-next">
      <UpNext units={{ next, passed: [], morePassed: 0, coming: [] }} onMarkRead={() => setWatched(watched + 1)} />
    </TrackerSection>
  );
}

/** Chapters a crossing skipped, each going once marked read. */
function Skipped() {
  const [skipped, setSkipped] = useState(["wn:1-1", "wn:1-2"]);
  return (
    <TrackerSection title="Web novel">
      <SkippedUnits
        units={[chapter(1), chapter(2)]}
        skipped={skipped}
        onRead={(unit) => setSkipped(skipped.filter((key) => key !== unit.key))}
      />
    </TrackerSection>
  );
}

function renderAt(Component: () => JSX.Element) {
  const Stub = createRoutesStub([{ path: "/", Component }]);
  render(<Stub />);
}

describe("focus in the tracker's lists", () => {
  it("goes to the list when an episode is marked, where a second Enter marks nothing more", async () => {
    const user = userEvent.setup();
    renderAt(WatchingInOrder);
    screen.getByRole("button", { name: "Mark as watched" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("link", { name: /Episode 2/ })).toBeInTheDocument();
    const list = document.activeElement as HTMLElement;
    expect(list).not.toBe(document.body);
    expect(list).toContainElement(screen.getByRole("button", { name: "Mark as watched" }));
    // The list is not a control: a held or doubled Enter does not mark episode 2 too.
    expect(list.tagName).toBe("DIV");
    await user.keyboard("{Enter}");
    expect(screen.getByRole("link", { name: /Episode 2/ })).toBeInTheDocument();
    // Tab goes on into the list, and the button keeps its place in the Tab order.
    const mark = screen.getByRole("button", { name: "Mark as watched" });
    for (let tabs = 0; tabs < 4 && document.activeElement !== mark; tabs++) await user.tab();
    expect(document.activeElement).toBe(mark);
    expect(screen.getByRole("button", { name: "Mark as watched" })).not.toHaveAttribute("tabindex");
  });

  it("goes to the list of skipped chapters, then to the section's heading once none is left", async () => {
    const user = userEvent.setup();
    renderAt(Skipped);
    await user.click(screen.getAllByRole("button", { name: "Mark as read" })[0]!);
    expect(screen.getAllByRole("button", { name: "Mark as read" })).toHaveLength(1);
    expect(document.activeElement).toContainElement(screen.getByRole("button", { name: "Mark as read" }));
    await user.click(screen.getByRole("button", { name: "Mark as read" }));
    expect(screen.queryByRole("button", { name: "Mark as read" })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Web novel" }));
  });

  it("stays where the reader put it meanwhile", async () => {
    const user = userEvent.setup();
    renderAt(() => (
      <>
        <Skipped />
        <button type="button">Elsewhere</button>
      </>
    ));
    const [first] = screen.getAllByRole("button", { name: "Mark as read" });
    await user.click(first!);
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Elsewhere" }));
  });
});
