import type { Progress } from "~/lib/progress/record";
import { parseProgressFile } from "~/lib/progress/file-import";

/*
 * Reading the file a reader picks on the reading tracker (loaded only then, as is the export), with its size checked
 * before anything is read: this site's own progress file (JSON) or a tracking service's list export
 * (XML, which MyAnimeList hands out gzip-compressed: animelist_….xml.gz, unpacked here with the
 * browser's own DecompressionStream and stopped as soon as it passes the cap).
 */

/** Far larger than any real export of this site's. */
const MAX_PROGRESS_FILE_BYTES = 1_000_000;

/** Far more than any reader's list on a tracking service. */
export const MAX_EXPORT_BYTES = 10_000_000;

export const tooLargeMessage =
  "This file is too large to be a progress export or a list export (at most 10 MB). Nothing was changed.";

export type PickedFile = { text: string; error: null } | { text: null; error: string };

/** A gzip file starts with these two bytes. */
const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

async function unpacked(file: Blob): Promise<string | null> {
  const reader = file.stream().pipeThrough(new DecompressionStream("gzip")).getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_EXPORT_BYTES) {
      await reader.cancel();
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The picked file's text (unpacked when compressed), or why it is refused: too large, or compressed but broken. */
export async function readPickedFile(file: Blob): Promise<PickedFile> {
  if (file.size > MAX_EXPORT_BYTES) return { text: null, error: tooLargeMessage };
  if (!isGzip(new Uint8Array(await file.slice(0, 2).arrayBuffer()))) return { text: await file.text(), error: null };
  try {
    const text = await unpacked(file);
    return text === null ? { text: null, error: tooLargeMessage } : { text, error: null };
  } catch {
    return { text: null, error: "This compressed file is damaged and could not be unpacked. Nothing was changed." };
  }
}

/** What a picked file is: this site's progress (to merge), a service's export (to preview), or refused with the reason. */
export type PickedImport =
  | { progress: Progress; serviceExport: null; error: null }
  | { progress: null; serviceExport: string; error: null }
  | { progress: null; serviceExport: null; error: string };

/** Reads a picked file and tells this site's own progress file (JSON) from a service's export (anything else, which its reader judges). */
export async function readPickedImport(file: Blob): Promise<PickedImport> {
  const { text, error } = await readPickedFile(file);
  if (text === null) return { progress: null, serviceExport: null, error };
  if (
    !text
      .replace(/^\uFEFF/, "")
      .trimStart()
      .startsWith("{")
  )
    return { progress: null, serviceExport: text, error: null };
  if (text.length > MAX_PROGRESS_FILE_BYTES) return { progress: null, serviceExport: null, error: tooLargeMessage };
  const parsed = parseProgressFile(text);
  return parsed.progress
    ? { progress: parsed.progress, serviceExport: null, error: null }
    : { progress: null, serviceExport: null, error: parsed.error };
}

/** Saves the reader's progress to a JSON file, which "Import from a file" reads back. */
export function exportProgressFile(progress: Progress) {
  const blob = new Blob([JSON.stringify(progress, null, 2)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `reading-progress-${new Date().toISOString().slice(0, 10)}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}
