import { Link } from "react-router";
import { mistakeSeverityLabels, severities, volumeSlugFromKey } from "~/lib/mistakes";
import type { VolumeMistakeCount } from "~/lib/mistake-entries";

/** Volumes with their entry counts per severity, each linking to its page. */
export function VolumeCountTable({ volumes, caption }: { volumes: VolumeMistakeCount[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="px-4 py-2">Volume</th>
            {severities.map((severity) => (
              <th key={severity} scope="col" className="px-2 py-2 text-right">
                {mistakeSeverityLabels[severity]}
              </th>
            ))}
            <th scope="col" className="px-4 py-2 text-right">All</th>
          </tr>
        </thead>
        <tbody>
          {volumes.map((volume) => (
            <tr key={volume.key} className="border-b border-border last:border-0">
              <th scope="row" className="px-4 py-2 font-normal">
                <Link to={`/translation_meta/ln_mistls/${volumeSlugFromKey(volume.key)}`} className="font-medium text-primary underline">
                  {volume.collectionName} {volume.number}
                </Link>
                <span className="block text-xs text-muted-foreground">{volume.title}</span>
              </th>
              {severities.map((severity) => (
                <td key={severity} className="px-2 py-2 text-right tabular-nums">
                  {volume.counts[severity] || "–"}
                </td>
              ))}
              <td className="px-4 py-2 text-right font-semibold tabular-nums">{volume.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
