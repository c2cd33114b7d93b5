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
      <UpNext units={{ next, passed: [], morePassed: 0 }} onMarkRead={() => setWatched(watched + 1)} />
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
  it("goes on to the next episode's button when one is marked, so Enter marks the next", async () => {
    const user = userEvent.setup();
    renderAt(WatchingInOrder);
    const first = screen.getByRole("button", { name: "Mark as watched" });
    first.focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("link", { name: /Episode 2/ })).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Mark as watched" }));
    await user.keyboard("{Enter}");
    await user.keyboard("{Enter}");
    // All caught up: focus is on the list that says so, never lost to the page's top.
    expect(screen.getByText("You are all caught up.")).toBeInTheDocument();
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toContainElement(screen.getByText("You are all caught up."));
  });

  it("goes to the next skipped chapter, then to the section's heading once none is left", async () => {
    const user = userEvent.setup();
    renderAt(Skipped);
    await user.click(screen.getAllByRole("button", { name: "Mark as read" })[0]!);
    expect(screen.getAllByRole("button", { name: "Mark as read" })).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Mark as read" }));
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
