import { Link } from "react-router";
import { BarChart, type BarChartProps, countBars } from "~/components/charts/bar-chart";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { mediumLabels } from "~/lib/content/units";
import { formatNumber } from "~/lib/format";
import { pageMeta } from "~/lib/http/meta";
import { countedReadersRule, MIN_BUCKET } from "~/lib/content/readership";
import { countOf, nouns } from "~/lib/words";
import { getReadership } from "~/models/readership.server";
import type { Route } from "./+types/statistics.readership";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ context }: Route.LoaderArgs) {
  return getReadership(context.db);
}

/**
 * The numbers change slowly; shared caches may keep the page for 10 minutes. Only the signed-out copy:
 * a response to a signed-in reader (whose user rides along in `.data`) is made private at the edge.
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=60, s-maxage=600" });

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "Readership",
      description:
        "How far signed-in readers have got, in aggregate: readers per arc and volume, the media they follow, and where readers pause.",
    },
  );

export default function Readership({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const charts: BarChartProps[] = [
    {
      id: "readers-per-arc",
      title: "Readers at each arc",
      description: "The arc of the last web novel chapter each reader has read.",
      unit: nouns.reader,
      ...countBars(
        "Readers",
        data.arcs.map((row) => ({ label: row.label.split(":")[0]!, value: row.readers })),
      ),
    },
    {
      id: "readers-per-volume",
      title: "Readers at each light novel volume",
      description: "The last volume read, per collection.",
      unit: nouns.reader,
      layout: "rows",
      ...countBars(
        "Readers",
        data.volumes.map((row) => ({ label: row.label, value: row.readers })),
      ),
    },
    {
      id: "media-mix",
      title: "The media readers follow",
      description: "How many readers track each medium (a reader can follow several).",
      unit: nouns.reader,
      ...countBars(
        "Readers",
        data.media.map((row) => ({ label: mediumLabels[row.medium], value: row.readers })),
      ),
    },
    {
      id: "where-readers-stop",
      title: "Where readers pause",
      description: "Readers whose progress has not moved for two months, by the arc they stopped at.",
      unit: nouns.reader,
      ...countBars(
        "Readers",
        data.stalled.map((row) => ({ label: row.label.split(":")[0]!, value: row.readers })),
      ),
    },
  ];
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/statistics" className="tap-line text-primary underline">
          Statistics
        </Link>{" "}
        / <span aria-current="page">Readership</span>
      </nav>
      <PageHeader
        title="Readership"
        lead={`Counted from the reading trackers of signed-in readers. Only totals are shown, and any group of fewer than ${MIN_BUCKET} readers is left out. ${countedReadersRule}`}
      />
      {data.readers === 0 ? (
        <section aria-labelledby="readership-empty" className="space-y-3 rounded-lg border border-border bg-card p-4">
          <h2 id="readership-empty" className="text-lg font-semibold">
            No figures yet
          </h2>
          <p>
            Fewer than {MIN_BUCKET} established readers have saved their progress so far. Smaller numbers could point at
            one person, so nothing is shown until there are enough.
          </p>
          <p>Once there are, this page shows:</p>
          <ul className="list-disc space-y-1 pl-5">
            {charts.map((chart) => (
              <li key={chart.id}>
                <strong className="font-medium">{chart.title}</strong>: {chart.description}
              </li>
            ))}
          </ul>
          <p>
            <Link to="/reading_tracker" className="font-medium text-primary underline">
              Set your progress in the reading tracker
            </Link>
            ; signed in, it is counted here with everyone else's.
          </p>
        </section>
      ) : (
        <div className="space-y-6">
          <p className="text-lg">
            <strong>{formatNumber(data.readers)}</strong> established readers track their progress.
            {data.hiddenBuckets ? ` ${countOf(data.hiddenBuckets, nouns.smallerGroupIsNotShown)}.` : ""}
          </p>
          {charts.map((chart) => (
            <BarChart key={chart.id} {...chart} />
          ))}
          <p className="text-xs text-muted-foreground">
            Updated {data.computedAt.slice(0, 16).replace("T", " ")} UTC; refreshed every 10 minutes.
          </p>
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
