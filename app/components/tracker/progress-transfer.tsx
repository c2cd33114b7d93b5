import { type ChangeEvent, useRef, useState } from "react";
import { importWithRecovery } from "~/browser/lazy-import";
import { Button } from "~/components/ui/button";
import type { ExternalId } from "~/lib/progress/external-ids";
import type { Progress } from "~/lib/progress/record";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import type { ImportPreview } from "~/lib/progress/service-import";

/**
 * Loaded when the reader exports or picks a file, never in the page's first load: the file reader and
 * export, the XML parser, the Novel Updates page reader and the preview.
 */
const files = () => importWithRecovery(() => import("~/components/tracker/service-import-preview"));

type Preview = { preview: ImportPreview; View: Awaited<ReturnType<typeof files>>["ServiceImportPreview"] };

/**
 * Saves the reader's progress to a JSON file and reads one back, or reads their list exported from
 * MyAnimeList (or AniList or Kitsu, in its format) or their Novel Updates reading-list page saved from the
 * browser: a service's list is shown as a preview first, and
 * only "Import" changes anything. A broken or foreign file is refused with the reason and changes nothing.
 */
export function ProgressTransfer({
  progress,
  units,
  externalIds,
  onImport,
}: {
  progress: Progress;
  units: readonly TrackerUnit[];
  externalIds: readonly ExternalId[];
  onImport: (imported: Progress, from: "file" | ImportPreview) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [shown, setShown] = useState<Preview | null>(null);

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still counts as a change.
    event.target.value = "";
    if (!file) return;
    setShown(null);
    setImportError(null);
    try {
      const { readPickedImport, planServiceImport, ServiceImportPreview } = await files();
      const picked = await readPickedImport(file);
      if (picked.error !== null) return setImportError(picked.error);
      if (picked.progress) return onImport(picked.progress, "file");
      const plan = planServiceImport(picked.serviceExport, externalIds, units, progress);
      if (plan.error !== null) return setImportError(plan.error);
      setShown({ preview: plan.preview, View: ServiceImportPreview });
    } catch {
      setImportError("This file could not be read. Nothing was changed.");
    }
  }

  return (
    <>
      <p className="mb-3 text-sm text-muted-foreground">
        Import also reads lists exported from MyAnimeList, AniList or Kitsu, and your Novel Updates reading list saved
        as a page (Save page as…), in your browser, with a preview first.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => void files().then((loaded) => loaded.exportProgressFile(progress))}
        >
          Export to a file
        </Button>
        <Button ref={importButton} variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
          Import from a file
        </Button>
        <input
          ref={fileInput}
          type="file"
          onChange={importFile}
          className="sr-only"
          aria-label="Progress file or list export to import"
        />
      </div>
      {importError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive">
          {importError}
        </p>
      ) : null}
      {shown ? (
        <shown.View
          preview={shown.preview}
          onImport={() => {
            setShown(null);
            onImport(shown.preview.imported, shown.preview);
            // The button pressed is gone with the preview: the keyboard goes on from where the import began.
            importButton.current?.focus();
          }}
          onCancel={() => {
            setShown(null);
            importButton.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
