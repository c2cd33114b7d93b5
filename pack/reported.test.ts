import { describe, expect, it } from "vitest";
import { loadPack } from "./folder";
import {
  entriesNamingSecrets,
  formatEntryWithdrawn,
  formatReportedUnitDropped,
  type ReportedEntries,
  reportedUnitsDropped,
  WITHDRAWN_NOTE,
} from "./reported";
import type { PackRows } from "./rows";

async function tinyRows(): Promise<PackRows> {
  const { rows } = await loadPack("tests/fixtures/packs/tiny", "tiny");
  return rows!;
}

const entry = (fields: Partial<ReportedEntries["published"][number]>): ReportedEntries["published"][number] => ({
  id: "report-r1",
  report_id: "r1",
  kind: "ln_mistl",
  table: "ln_mistakes",
  unit: "ln:main-1",
  revealed_by: "ln:main-1",
  official: "Oh, you.",
  suggested: "You fool.",
  japanese: "",
  why: "Softened.",
  location: null,
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
        entry({ id: "report-r2", report_id: "r2", unit: "ln:main-2" }),
        entry({ id: "report-r3", report_id: "r3", kind: "anime_mistl", table: "anime_mistakes", unit: "anime:1-2" }),
        entry({ id: "report-r4", report_id: "r4", unit: "ln:main-1" }),
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

  it("include a recut's episode an entry from a reader's report or a report awaiting a decision names", async () => {
    const rows = await tinyRows();
    const desired = {
      ...rows,
      anime_recut_episodes: rows.anime_recut_episodes.filter((episode) => episode.key !== "anime:1r1-2"),
    };
    const reported: ReportedEntries = {
      published: [
        entry({ kind: "anime_mistl", table: "anime_mistakes", unit: "anime:1r1-2", revealed_by: "anime:1r1-2" }),
      ],
      awaiting: [{ id: "r2", unit: "anime:1r1-2" }],
    };
    expect(reportedUnitsDropped(desired, rows, reported)).toEqual([
      { unit: "anime:1r1-2", label: "Season 1 Recut · Episode 2", published: 1, awaiting: 1 },
    ]);
    expect(reportedUnitsDropped(rows, rows, reported)).toEqual([]);
  });

  it("include an OVA, special or film an entry from a reader's report or a report awaiting a decision names", async () => {
    const rows = await tinyRows();
    const desired = { ...rows, anime_specials: rows.anime_specials.filter((special) => special.key !== "sp:film-1") };
    const reported: ReportedEntries = {
      published: [entry({ kind: "anime_mistl", table: "anime_mistakes", unit: "sp:film-1", revealed_by: "sp:film-1" })],
      awaiting: [{ id: "r2", unit: "sp:film-1" }],
    };
    expect(reportedUnitsDropped(desired, rows, reported)).toEqual([
      { unit: "sp:film-1", label: "Anime · Film", published: 1, awaiting: 1 },
    ]);
    expect(reportedUnitsDropped(rows, rows, reported)).toEqual([]);
  });
});

describe("entries the pack's secrets now hold", () => {
  it("are those whose words name a secret a reader of the entry may not know, each taken down with its report sent back", async () => {
    const rows = await tinyRows();
    const desired = {
      ...rows,
      story_secrets: [
        ...rows.story_secrets,
        { id: "oren-lit-the-lamp", words: '["Oren lit the lamp"]', revealed_by: "wn:2-2 ln:main-2" },
      ],
    };
    const reported: ReportedEntries = {
      published: [
        entry({ why: "It hides that OREN lit the lamp." }),
        // Every reader of volume 2 knows it.
        entry({
          id: "report-r2",
          report_id: "r2",
          unit: "ln:main-2",
          revealed_by: "ln:main-2",
          why: "Oren lit the lamp.",
        }),
        // An entry whose report is gone is taken down alone.
        entry({ id: "report-r3", report_id: null, official: "Oren lit the lamp" }),
        // An anime entry, judged by its episode's gate.
        entry({
          id: "report-r4",
          report_id: "r4",
          kind: "anime_mistl",
          table: "anime_mistakes",
          unit: "anime:1-1",
          revealed_by: "anime:1-1",
          japanese: null,
          why: "Oren lit the lamp, it says.",
        }),
      ],
      awaiting: [],
    };
    const now = new Date("2026-12-01T12:00:00Z");
    const { withdrawn, statements } = entriesNamingSecrets(desired, reported, false, now);
    expect(withdrawn.map(formatEntryWithdrawn)).toEqual([
      "report r1 on Tiny Tale 1: its “Why it matters” names the secret “oren-lit-the-lamp” (“OREN lit the lamp”), which readers of Tiny Tale 1 may not know yet",
      "report-r3 on Tiny Tale 1: its “The official English text” names the secret “oren-lit-the-lamp” (“Oren lit the lamp”), which readers of Tiny Tale 1 may not know yet",
      `report r4 on ${withdrawn[2]!.label}: its “Why it matters” names the secret “oren-lit-the-lamp” (“Oren lit the lamp”), which readers of ${withdrawn[2]!.label} may not know yet`,
    ]);
    expect(withdrawn[2]).toMatchObject({ unit: "anime:1-1", entry: "report-r4" });
    expect(statements.map((statement) => statement.params)).toEqual([
      [WITHDRAWN_NOTE, now.toISOString(), "r1"],
      ["r1", now.toISOString(), WITHDRAWN_NOTE],
      ["report-r1", "r1"],
      ["report-r3", null],
      [WITHDRAWN_NOTE, now.toISOString(), "r4"],
      ["r4", now.toISOString(), WITHDRAWN_NOTE],
      ["report-r4", "r4"],
    ]);
    expect(statements.at(-1)!.sql).toMatch(/^DELETE FROM anime_mistakes /);
    // Nothing the secrets hold: nothing to take down.
    expect(entriesNamingSecrets(rows, reported, false, now)).toEqual({ withdrawn: [], statements: [] });
  });
});
