import { describe, expect, it } from "vitest";
import { loadPack } from "./folder";
import { formatReportedUnitDropped, type ReportedEntries, reportedUnitsDropped } from "./reported";
import type { PackRows } from "./rows";

async function tinyRows(): Promise<PackRows> {
  const { rows } = await loadPack("tests/fixtures/packs/tiny", "tiny");
  return rows!;
}

const entry = (fields: Partial<ReportedEntries["published"][number]>): ReportedEntries["published"][number] => ({
  id: "report-r1",
  unit: "ln:main-1",
  ...fields,
});

describe("units readers' reports hang on", () => {
  it("are those D1 holds and the pack leaves out, with their published entries and reports awaiting a decision", async () => {
    const rows = await tinyRows();
    const desired = {
      ...rows,
      ln_volumes: rows.ln_volumes.filter((volume) => volume.key !== "ln:main-2"),
      anime_episodes: rows.anime_episodes.filter((episode) => episode.key !== "anime:1-2"),
    };
    const reported: ReportedEntries = {
      published: [
        entry({ unit: "ln:main-2" }),
        entry({ id: "report-r2", unit: "ln:main-2" }),
        entry({ id: "report-r3", unit: "anime:1-2" }),
        entry({ id: "report-r4", unit: "ln:main-1" }),
      ],
      // A report on a volume D1 never held names nothing the import takes away.
      awaiting: [
        { id: "r5", unit: "anime:1-2" },
        { id: "r6", unit: "ln:main-30" },
        { id: "r7", unit: null },
      ],
    };
    const dropped = reportedUnitsDropped(desired, rows, reported);
    expect(dropped).toEqual([
      { unit: "ln:main-2", label: "Tiny Tale 2", published: 2, awaiting: 0 },
      { unit: "anime:1-2", label: expect.any(String), published: 1, awaiting: 1 },
    ]);
    expect(dropped.map(formatReportedUnitDropped)).toEqual([
      "ln:main-2 (Tiny Tale 2): 2 entries published from readers' reports",
      `anime:1-2 (${dropped[1]!.label}): 1 entry published from a reader's report and 1 report awaiting a decision`,
    ]);
    expect(reportedUnitsDropped(rows, rows, reported)).toEqual([]);
  });
});
