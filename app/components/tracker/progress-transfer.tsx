import { type ChangeEvent, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import type { Progress } from "~/lib/progress";
import { parseProgressFile } from "~/lib/progress-import";

/** Far larger than any real export; a bigger file is refused before it is read. */
const MAX_FILE_BYTES = 1_000_000;

/** Saves the reader's progress to a JSON file and reads one back; a broken file is refused with the reason. */
export function ProgressTransfer({ progress, onImport }: { progress: Progress; onImport: (imported: Progress) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [importError, setImportError] = useState<string | null>(null);

  function exportFile() {
    const blob = new Blob([JSON.stringify(progress, null, 2)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `reading-progress-${new Date().toISOString().slice(0, 10)}.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still counts as a change.
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setImportError("This file is too large to be a progress export.");
    const parsed = parseProgressFile(await file.text());
    if (!parsed.progress) return setImportError(parsed.error);
    setImportError(null);
    onImport(parsed.progress);
  }

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={exportFile}>
          Export to a file
        </Button>
        <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
          Import from a file
        </Button>
        <input ref={fileInput} type="file" accept="application/json,.json" onChange={importFile} className="sr-only" aria-label="Progress file to import" />
      </div>
      {importError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive">
          {importError}
        </p>
      ) : null}
    </>
  );
}
