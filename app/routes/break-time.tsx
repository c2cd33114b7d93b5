import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { OriginalText } from "~/components/original-text";
import { PageHeader } from "~/components/page-header";
import { unitAnchor, unitPath } from "~/lib/content/units";
import { formatDate, pluralize } from "~/lib/format";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import { getBreakTime } from "~/models/anime.server";
import type { Route } from "./+types/break-time";

export async function loader({ context }: Route.LoaderArgs) {
  return getBreakTime(context.db);
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  pageMeta(siteNameFrom(matches), {
    title: "Break Time",
    description: `${pluralize(data?.shortCount ?? 0, "Break Time short")} across ${pluralize(data?.seasons.length ?? 0, "season")}, each beside the main anime episode it accompanies and the chapters that episode adapts.`,
  });

export default function BreakTime({ loaderData }: Route.ComponentProps) {
  const { seasons, shortCount } = loaderData;
  return (
    <>
      <PageHeader
        title="Break Time"
        lead={`The ${pluralize(shortCount, "chibi short")} that air beside the anime, listed next to the main episode each accompanies, with the web novel chapters that episode adapts.`}
      />
      <nav aria-label="Seasons" className="mb-6 flex flex-wrap gap-2 text-sm">
        {seasons.map((season) => (
          <a key={season.number} href={`#season-${season.number}`} className="rounded-full border border-border px-3 py-1 hover:border-primary">
            Season {season.number}
          </a>
        ))}
      </nav>
      <div className="space-y-10">
        {seasons.map((season) => (
          <section key={season.number} id={`season-${season.number}`} aria-labelledby={`season-${season.number}-title`}>
            <h2 id={`season-${season.number}-title`} className="mb-4 text-2xl font-bold tracking-tight">
              Season {season.number}: {season.title}
            </h2>
            <ol className="divide-y divide-border rounded-lg border border-border bg-card">
              {season.episodes.map((episode) => (
                <li key={episode.key} id={unitAnchor(episode.key)} className="grid gap-3 p-4 target:bg-accent md:grid-cols-2">
                  <div>
                    <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                      Episode {episode.number} · <time dateTime={episode.airedOn}>{formatDate(episode.airedOn)}</time>
                    </p>
                    <h3 className="font-semibold">{episode.title}</h3>
                    <OriginalText text={episode.originalTitle} className="text-sm" />
                    <p className="mt-1 text-sm text-muted-foreground">
                      Adapts{" "}
                      <Link to={unitPath(episode.adapts.from.key)} className="text-primary underline">
                        {episode.adapts.from.label}
                      </Link>{" "}
                      to{" "}
                      <Link to={unitPath(episode.adapts.to.key)} className="text-primary underline">
                        {episode.adapts.to.label}
                      </Link>
                    </p>
                  </div>
                  <div>
                    {episode.shorts.length ? (
                      episode.shorts.map((short) => (
                        <div key={short.key} id={unitAnchor(short.key)} className="rounded-md bg-muted p-3 target:ring-2 target:ring-primary">
                          <p className="text-xs font-semibold uppercase tracking-wide text-primary">Break Time {short.number}</p>
                          <p className="font-medium">{short.title}</p>
                          {short.airedOn ? <p className="text-xs text-muted-foreground">{formatDate(short.airedOn)}</p> : null}
                        </div>
                      ))
                    ) : (
                      <p className="text-sm text-muted-foreground">No Break Time short with this episode.</p>
                    )}
                  </div>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
