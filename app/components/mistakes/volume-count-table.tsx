import { TITLE_HIDDEN, TitleIfShown } from "~/components/unit-title";
import { Link } from "react-router";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { titleAfterLabel, volumeName } from "~/lib/content/labels";
import { mistakeSeverityLabels, severities, volumeSlugFromKey } from "~/lib/mistakes/rules";
import type { MistakeSeverity } from "~/lib/vocabulary";
import type { VolumeMistakeCount } from "~/lib/mistakes/entries";

/**
 * Volumes with how many entries each has and, of those the reader has reached, how many of each
 * severity (a breakdown of the rest would tell what lies ahead), each linking to its page. On phones a
 * column per severity would squeeze the titles to a word a line, so the counts sit under the title instead.
 */
export function VolumeCountTable({ volumes, caption }: { volumes: VolumeMistakeCount[]; caption: string }) {
  return (
    <ScrollRegion label={caption} className="rounded-lg border border-border bg-card">
      {/* Columns of fixed widths from sm up: a volume's title shown once the reader reaches it never widens its column and moves the counts. */}
      <table className="w-full border-collapse text-left text-sm sm:table-fixed">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="px-4 py-2 sm:w-2/5">
              Volume
            </th>
            {severities.map((severity) => (
              <th key={severity} scope="col" className="hidden px-2 py-2 text-right sm:table-cell">
                {mistakeSeverityLabels[severity]}
              </th>
            ))}
            <th scope="col" className="px-4 py-2 text-right">
              All
            </th>
          </tr>
        </thead>
        <tbody>
          {volumes.map((volume) => {
            const label = volumeName(volume.collectionName, volume);
            return (
              <tr key={volume.key} className="border-b border-border last:border-0">
                <th scope="row" className="px-4 py-2 font-normal">
                  <Link
                    to={`/translation_meta/ln_mistls/${volumeSlugFromKey(volume.key)}`}
                    className="font-medium text-primary underline"
                  >
                    {label}
                  </Link>
                  {/* A volume without a title (announced by its number) is named by its link alone. */}
                  {volume.title ? (
                    <TitleIfShown
                      gated={volume.title}
                      fallback={<span className="block text-xs text-muted-foreground">{TITLE_HIDDEN}</span>}
                    >
                      {/* Beside its link, only what the link does not say: "The Unburnt Wick", not "Lanternfall 1: The Unburnt Wick". */}
                      {(title) => (
                        <span className="block text-xs text-muted-foreground">
                          {titleAfterLabel(label, title) ?? title}
                        </span>
                      )}
                    </TitleIfShown>
                  ) : null}
                  {/* As the columns say it: "–" where no entry reached has that severity ("0 minor" beside a
                      volume not reached would say that none of its entries is of any). */}
                  <span className="block text-xs text-muted-foreground sm:hidden">
                    {severities
                      .map(
                        (severity) =>
                          `${countOrDash(volume, severity)} ${mistakeSeverityLabels[severity].toLowerCase()}`,
                      )
                      .join(" · ")}
                  </span>
                </th>
                {severities.map((severity) => (
                  <td key={severity} className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">
                    {countOrDash(volume, severity)}
                  </td>
                ))}
                <td className="px-4 py-2 text-right font-semibold tabular-nums">{volume.total}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** A volume's entries of one severity among those the reader has reached, or "–" for none. */
function countOrDash(volume: VolumeMistakeCount, severity: MistakeSeverity) {
  return volume.knownBySeverity[severity] || "–";
}
