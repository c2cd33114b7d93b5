import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { emptyProgress } from "~/lib/progress/record";
import { MAX_EXPORT_BYTES, readPickedFile, readPickedImport, tooLargeMessage } from "./export-file.client";

describe("reading the file a reader picks", () => {
  it("refuses a file over the cap without reading a byte of it", async () => {
    let read = false;
    const huge = {
      size: MAX_EXPORT_BYTES + 1,
      slice: () => ((read = true), new Blob()),
      text: async () => ((read = true), ""),
      stream: () => ((read = true), new Blob().stream()),
    } as unknown as Blob;
    expect(await readPickedFile(huge)).toEqual({ text: null, error: tooLargeMessage });
    expect(read).toBe(false);
  });

  it("reads a plain file, and unpacks a compressed export as MyAnimeList hands it out", async () => {
    const xml = "<myanimelist><myinfo><user_export_type>1</user_export_type></myinfo></myanimelist>";
    expect(await readPickedFile(new Blob([xml]))).toEqual({ text: xml, error: null });
    expect(await readPickedFile(new Blob([gzipSync(xml)]))).toEqual({ text: xml, error: null });
  });

  it("stops unpacking a small compressed file that grows past the cap, and refuses a damaged one", async () => {
    const bomb = gzipSync(Buffer.alloc(MAX_EXPORT_BYTES + 1024, 0x20));
    expect(bomb.length).toBeLessThan(100_000);
    expect(await readPickedFile(new Blob([bomb]))).toEqual({ text: null, error: tooLargeMessage });
    const damaged = gzipSync("<myanimelist></myanimelist>").subarray(0, 12);
    expect((await readPickedFile(new Blob([damaged]))).error).toBe(
      "This compressed file is damaged and could not be unpacked. Nothing was changed.",
    );
  });
});

describe("telling this site's progress file from a service's export", () => {
  it("merges this site's own file, hands anything else to the export reader, and refuses a broken progress file", async () => {
    const own = { ...emptyProgress, anime: "anime:1-2", position: 3, updatedAt: "2026-01-01T00:00:00.000Z" };
    expect(await readPickedImport(new Blob([`\uFEFF  ${JSON.stringify(own)}`]))).toEqual({
      progress: own,
      serviceExport: null,
      error: null,
    });
    expect(await readPickedImport(new Blob(["<myanimelist/>"]))).toEqual({
      progress: null,
      serviceExport: "<myanimelist/>",
      error: null,
    });
    expect((await readPickedImport(new Blob(['{"version": 2}']))).error).toMatch(
      /^This file is not a progress export this site can read/,
    );
    expect((await readPickedImport(new Blob([`{"pad": "${"x".repeat(1_000_001)}"}`]))).error).toBe(tooLargeMessage);
  });
});
