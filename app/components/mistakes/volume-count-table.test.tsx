import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { VolumeMistakeCount } from "~/lib/mistakes/entries";
import { VolumeCountTable } from "./volume-count-table";

/** A volume's line as /translation_meta/ln_mistls gives it: every entry counted, by severity only those reached. */
const volume = (number: number, knownBySeverity: VolumeMistakeCount["knownBySeverity"], total: number) => ({
  key: `ln:main-${number}`,
  collectionCode: "main",
  collectionName: "Lanternfall",
  number,
  label: null,
  title: null,
  knownBySeverity,
  total,
});

function renderTable(volumes: VolumeMistakeCount[]) {
  const Stub = createRoutesStub([
    {
      path: "/translation_meta/ln_mistls",
      Component: () => <VolumeCountTable volumes={volumes} caption="Entries per volume of Lanternfall" />,
    },
  ]);
  render(<Stub initialEntries={["/translation_meta/ln_mistls"]} />);
}

/** The volume's row header: its name, and on a phone the counts by severity under it. */
const rowHeader = (name: string) =>
  screen.getAllByRole("rowheader").find((header) => within(header).queryByRole("link", { name }))!;

describe("VolumeCountTable", () => {
  it("on a phone, does not tell a reader who has reached none of a volume's entries that none is of any severity", async () => {
    renderTable([
      volume(2, { minor: 12, meaning_changing: 3, plot_relevant: 1 }, 18),
      volume(3, { minor: 0, meaning_changing: 0, plot_relevant: 0 }, 17),
    ]);
    await screen.findByRole("table");
    // Reached: counted, as the columns from sm up count it.
    expect(rowHeader("Lanternfall 2")).toHaveTextContent("12 minor · 3 meaning-changing · 1 plot-relevant");
    // Not reached: 17 entries, whose severities are not told, as the columns' "–" says; not "0 minor", which
    // says that not one of the 17 is of any severity.
    expect(rowHeader("Lanternfall 3")).not.toHaveTextContent(/\b0 (minor|meaning-changing|plot-relevant)/);
    expect(rowHeader("Lanternfall 3")).toHaveTextContent("– minor · – meaning-changing · – plot-relevant");
  });

  it("says the same on a phone as the columns from sm up: a severity without an entry reached is a dash", async () => {
    renderTable([volume(4, { minor: 5, meaning_changing: 0, plot_relevant: 0 }, 13)]);
    await screen.findByRole("table");
    const row = screen.getByRole("row", { name: /Lanternfall 4/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["5", "–", "–", "13"]);
    expect(rowHeader("Lanternfall 4")).toHaveTextContent("5 minor · – meaning-changing · – plot-relevant");
  });
});
