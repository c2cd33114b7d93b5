// @vitest-environment node -- this file checks the markup the server sends, before any script runs.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { emptyProgress } from "~/lib/progress/record";
import type { ImportPreview } from "~/lib/progress/service-import";
import { ServiceImportPreview } from "./service-import-preview";

const preview = (changes: ImportPreview["changes"], kept: ImportPreview["kept"] = []): ImportPreview => ({
  service: "myanimelist",
  imported: emptyProgress,
  changes,
  kept,
  notStarted: 1,
  otherEntries: 312,
  notes: [],
  unrecognised: [],
  summary: "",
});
const noop = () => {};

describe("ServiceImportPreview", () => {
  it("names what will be set and what stays, counts other series, and offers Import and Cancel", () => {
    const html = renderToStaticMarkup(
      <ServiceImportPreview
        preview={preview(
          [{ medium: "Anime", place: "Season 2 · Episode 3", current: "Season 1 · Episode 12" }],
          [{ medium: "Light novels", place: "Lanternfall 4", current: "Lanternfall 9" }],
        )}
        onImport={noop}
        onCancel={noop}
      />,
    );
    expect(html).toMatch(
      /<section aria-labelledby="service-import-heading"[^>]*><h3 id="service-import-heading" tabindex="-1"[^>]*>Import from MyAnimeList, AniList or Kitsu<\/h3>/,
    );
    expect(html).toContain("Season 2 · Episode 3 (now Season 1 · Episode 12)");
    expect(html).toContain("the file says Lanternfall 4, you are at Lanternfall 9");
    expect(html).toContain("312 entries of other series in the file: left out.");
    expect(html).toContain("1 entry for this series with nothing watched or read yet: left out.");
    expect(html).toContain(">Import</button>");
    expect(html).toContain(">Cancel</button>");
  });

  it("offers only Close when the reader is as far as the file everywhere", () => {
    const html = renderToStaticMarkup(
      <ServiceImportPreview
        preview={preview([], [{ medium: "Anime", place: "Season 1 · Episode 2", current: "Season 2 · Episode 1" }])}
        onImport={noop}
        onCancel={noop}
      />,
    );
    expect(html).toContain("importing it changes nothing");
    expect(html).not.toContain(">Import</button>");
    expect(html).toContain(">Close</button>");
  });

  it("says how a Novel Updates place was read, and lists places it cannot read as text, never as markup", () => {
    const html = renderToStaticMarkup(
      <ServiceImportPreview
        preview={{
          ...preview([{ medium: "Light novels", place: "Lanternfall 2", current: null }]),
          service: "novelupdates",
          notes: [
            "Your list says v3c2: volume 3 is in progress, so it stands for Lanternfall 2 as your last volume read.",
          ],
          unrecognised: [
            { medium: "Web novel", place: "prologue", current: null },
            { medium: "Web novel", place: "<img src=x onerror=alert(1)>", current: null },
          ],
        }}
        onImport={noop}
        onCancel={noop}
      />,
    );
    expect(html).toContain(">Import from Novel Updates</h3>");
    expect(html).toContain("Lanternfall 2 (you have not started)");
    expect(html).toContain("so it stands for Lanternfall 2 as your last volume read.");
    expect(html).toContain("“prologue” is not a chapter or volume this site can read");
    expect(html).toContain("“&lt;img src=x onerror=alert(1)&gt;”");
    expect(html).not.toContain("<img");
    const nothing = renderToStaticMarkup(
      <ServiceImportPreview
        preview={{ ...preview([]), unrecognised: [{ medium: "Web novel", place: "ex1", current: null }] }}
        onImport={noop}
        onCancel={noop}
      />,
    );
    expect(nothing).toContain("Nothing in this file can be imported, so nothing will change.");
    expect(nothing).toContain(">Close</button>");
  });
});
