import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { gated } from "~/lib/shield/gated";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { UnitSelect } from "./unit-select";

const chapter = (number: number): TrackerUnit => ({
  key: `wn:1-${number}`,
  medium: "web_novel",
  position: number,
  label: `Arc 1 · Chapter ${number}`,
  title: gated(null, `Chapter title ${number}`),
  group: "Arc 1: Embers",
  collection: null,
  coveredBy: [`wn:1-${number}`],
});
const units = [1, 2, 3, 4, 5, 6].map(chapter);

/** The picker as the tracker holds it: its value is the reader's progress, moved by what it reports. */
function Tracked({ report }: { report: (key: string | null) => void }) {
  const [value, setValue] = useState<string | null>("wn:1-1");
  return (
    <UnitSelect
      label="Last chapter read"
      units={units}
      value={value}
      onChange={(key) => {
        report(key);
        setValue(key);
      }}
    />
  );
}

describe("UnitSelect on a slow page", () => {
  it("shows each choice at once, and makes only the last of choices made in a row, never going back", async () => {
    const report = vi.fn();
    render(<Tracked report={report} />);
    const select = screen.getByRole("combobox", { name: "Last chapter read" });
    // Keys pressed in a row, faster than the page is drawn again.
    for (const number of [2, 3, 4, 5]) {
      fireEvent.change(select, { target: { value: `wn:1-${number}` } });
      expect(select).toHaveValue(`wn:1-${number}`);
    }
    await waitFor(() => expect(report).toHaveBeenCalled());
    expect(report.mock.calls).toEqual([["wn:1-5"]]);
    expect(select).toHaveValue("wn:1-5");
    // Once made, the next choice starts from it.
    fireEvent.change(select, { target: { value: "wn:1-6" } });
    await waitFor(() => expect(report).toHaveBeenLastCalledWith("wn:1-6"));
    expect(select).toHaveValue("wn:1-6");
  });
});
