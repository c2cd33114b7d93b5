import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { serviceNames } from "~/lib/progress/external-ids";
import type { ImportLine, ImportPreview } from "~/lib/progress/service-import";
import { countOf, nouns } from "~/lib/words";

// The tracker loads this module when a reader exports or picks a file: reading, planning and the preview come together.
export { exportProgressFile, readPickedImport } from "~/browser/export-file.client";
export { planServiceImport } from "~/lib/progress/service-import";

/** Where a file of each kind comes from: AniList and Kitsu export MyAnimeList's format, with its ids. */
const importSources: Record<ImportPreview["service"], string> = {
  myanimelist: "MyAnimeList, AniList or Kitsu",
  novelupdates: serviceNames.novelupdates,
};

function Lines({ lines, describe }: { lines: ImportLine[]; describe: (line: ImportLine) => string }) {
  return (
    <ul className="list-disc space-y-1 pl-5">
      {lines.map((line, index) => (
        <li key={`${index} ${line.medium} ${line.place}`}>
          <span className="font-medium">{line.medium}:</span> {describe(line)}
        </li>
      ))}
    </ul>
  );
}

/**
 * What importing a reader's list from a tracking service would do, before it does anything: the places
 * it moves them to, the places that stay because they are further already, and how many entries are
 * another series (counted, never listed), and places of this series it could not read (Novel Updates
 * releases such as "prologue", shown as text). Places are named by their labels only, so nothing spoils.
 * Focus moves to its heading, so it is read out and the keyboard starts there; opened from the keyboard,
 * the heading shows the focus ring, as everything the site focuses by script does (app/styles/app.css).
 */
export function ServiceImportPreview({
  preview,
  onImport,
  onCancel,
}: {
  preview: ImportPreview;
  onImport: () => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { changes, kept, otherEntries, notStarted, notes, unrecognised } = preview;
  return (
    <section aria-labelledby="service-import-heading" className="mt-3 space-y-3 rounded-md border bg-card p-3 text-sm">
      <h3 id="service-import-heading" ref={heading} tabIndex={-1} className="text-base font-semibold">
        Import from {importSources[preview.service]}
      </h3>
      {changes.length ? (
        <div className="space-y-1">
          <p>Importing sets your progress to:</p>
          <Lines
            lines={changes}
            describe={(line) =>
              line.current ? `${line.place} (now ${line.current})` : `${line.place} (you have not started)`
            }
          />
        </div>
      ) : kept.length ? (
        <p>You are already as far as this file says everywhere, so importing it changes nothing.</p>
      ) : (
        <p>Nothing in this file can be imported, so nothing will change.</p>
      )}
      {kept.length ? (
        <div className="space-y-1">
          <p>Stays as it is, because you are already this far or further:</p>
          <Lines
            lines={kept}
            describe={(line) => `the file says ${line.place}, you are at ${line.current ?? line.place}`}
          />
        </div>
      ) : null}
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      {unrecognised.length ? (
        <div className="space-y-1">
          <p>Not recognised, so left out (set these here by hand):</p>
          <Lines
            lines={unrecognised}
            describe={(line) => `“${line.place}” is not a chapter or volume this site can read`}
          />
        </div>
      ) : null}
      {notStarted ? (
        <p className="text-muted-foreground">
          {countOf(notStarted, nouns.entry)} for this series with nothing watched or read yet: left out.
        </p>
      ) : null}
      {otherEntries ? (
        <p className="text-muted-foreground">
          {countOf(otherEntries, nouns.entry)} of other series in the file: left out.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {changes.length ? (
          <>
            <Button size="sm" onClick={onImport}>
              Import
            </Button>
            <Button variant="outline" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          </>
        ) : (
          <Button variant="outline" size="sm" onClick={onCancel}>
            Close
          </Button>
        )}
      </div>
    </section>
  );
}
