import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { emptyProgress } from "~/lib/progress/record";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { gated } from "~/lib/shield/gated";
import { UnitChecklist } from "./unit-checklist";

/** A short as the tracker lists it: its title revealed by itself and its episode; reached by both, and by the chapter of that point. */
const short = (number: number, episode: number, title: string): TrackerUnit => ({
  key: `bt:1-${number}`,
  medium: "break_time",
  position: episode * 2,
  label: `Season 1 · Break Time ${number}`,
  title: gated([`bt:1-${number}`, `anime:1-${episode}`], title),
  group: "Break Time season 1",
  collection: null,
  coveredBy: [`bt:1-${number}`, `anime:1-${episode}`, `wn:1-${episode * 2}`],
});

const store = (progress: object) =>
  localStorage.setItem("rc:progress", JSON.stringify({ ...emptyProgress, ...progress }));

describe("UnitChecklist of Break Time shorts", () => {
  afterEach(() => localStorage.clear());

  it("shows a short that aired with a watched episode as watched, by its title, and not to be unticked", async () => {
    store({ anime: "anime:1-2", position: 4 });
    render(
      <UnitChecklist
        units={[short(1, 2, "Snack Time"), short(2, 5, "Who Ate the Night")]}
        checked={[]}
        onChange={() => {}}
      />,
    );
    const first = await screen.findByRole("checkbox", { name: /Snack Time/ });
    expect(first).toBeChecked();
    expect(first).toBeDisabled();
    expect(screen.getByText(/Watched with its episode/)).toBeVisible();
    const later = screen.getByRole("checkbox", { name: /Season 1 · Break Time 2/ });
    expect(later).not.toBeChecked();
    expect(later).toBeEnabled();
    expect(screen.queryByText("Who Ate the Night")).not.toBeInTheDocument();
  });

  it("does not count a web novel reader at the same point as having watched the short", async () => {
    store({ webNovel: "wn:1-9", position: 9 });
    render(<UnitChecklist units={[short(1, 2, "Snack Time")]} checked={[]} onChange={() => {}} />);
    // Once the stored progress is read (it is, by the time the first test's checkbox is ticked).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole("checkbox")).not.toBeChecked();
    expect(screen.queryByText(/Watched with its episode/)).not.toBeInTheDocument();
  });
});
