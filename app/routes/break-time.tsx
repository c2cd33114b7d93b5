import { Link } from "react-router";
import { BreakTimeShorts, EpisodeAdaptsLine, EpisodeTitle, WatchedUpToHere } from "~/components/anime-episode";
import { ChooserCards } from "~/components/chooser-cards";
import { UnreachedTitlesNote } from "~/components/unit-title";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { seasonToOpen } from "~/lib/content/anime";
import { unitAnchor, unitPath } from "~/lib/content/units";
import { episodeNumberName, labelWithTitle, titleAfterLabel } from "~/lib/content/labels";
import { countOf, nouns } from "~/lib/words";
import { pageMeta } from "~/lib/http/meta";
import { parseOptionalNumber } from "~/lib/http/params";
import { useOpeningViewData } from "~/browser/opening-view";
import { addressNamesView } from "~/lib/content/views";
import { getBreakTime } from "~/models/break-time.server";
import { missingSeason } from "~/lib/http/missing-filter";
import { notFound } from "~/server/not-found.server";
import { shieldedData } from "~/server/shield.server";
import { publicCopy } from "~/lib/shield/gated";
import type { Route } from "./+types/break-time";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/**
 * One season at a time (`?season=N`; by default the first, and for a viewer the season of their next
 * episode, which the page asks for with what they know: app/browser/opening-view.ts), as on /anime.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const seasonNumber = parseOptionalNumber(new URL(request.url).searchParams, "season");
  const breakTime = await getBreakTime(context.db, seasonNumber ?? null);
  if (seasonNumber !== undefined && (seasonNumber === null || breakTime.selectedSeason === null)) {
    notFound(missingSeason(new URL(request.url).searchParams.get("season"), breakTime.seasons, "/break_time"));
  }
  return shieldedData(request, breakTime);
}

// The season is named only when the address names it: without one, a viewer opens on their own season.
export const meta: Route.MetaFunction = ({ loaderData, location, matches, error }) => {
  const data = publicCopy(loaderData);
  return pageMeta(
    { matches, error },
    {
      title:
        data && data.seasons.length > 1 && data.selectedSeason !== null && addressNamesView(location.search, "season")
          ? `Break Time · Season ${data.selectedSeason}`
          : "Break Time",
      description: `${countOf(data?.shortCount ?? 0, nouns.breakTimeShort)} across ${countOf(data?.seasons.length ?? 0, nouns.season)}, each beside the main anime episode it accompanies and the chapters that episode adapts.`,
    },
  );
};

export default function BreakTime({ loaderData }: Route.ComponentProps) {
  // A viewer partway through a later season opens on it; their season waits, invisible, in its place.
  const { data, hold, selected } = useOpeningViewData(loaderData, {
    param: "season",
    sentView: (sent) => sent.selectedSeason,
    toOpen: (sent, knowledge) => seasonToOpen(sent.seasons, knowledge),
    markedBy: "animePlace",
  });
  const { seasons, selectedSeason, episodes, onTheirOwn, shortCount } = data;
  const season = seasons.find((candidate) => candidate.number === selectedSeason);
  return (
    <>
      <PageHeader
        title="Break Time"
        lead={`The ${countOf(shortCount, nouns.chibiShort)} that air beside the anime, listed next to the main episode each accompanies, with the web novel chapters that episode adapts.`}
      />
      <ChooserCards
        label="Seasons"
        param="season"
        selected={selected}
        cards={seasons.map((each) => ({
          value: each.number,
          kicker: `Season ${each.number}`,
          title: titleAfterLabel(`Season ${each.number}`, each.title) || each.title,
          detail: `${countOf(each.shortCount, nouns.short)} beside ${countOf(each.episodeCount, nouns.episode)}`,
        }))}
      />
      {season ? (
        <section aria-labelledby="season-title" className={hold}>
          <h2 id="season-title" className="mb-4 text-2xl font-bold tracking-tight">
            {labelWithTitle(`Season ${season.number}`, season.title)}
          </h2>
          <UnreachedTitlesNote className="mb-4" />
          {/* Every episode, for everyone; a title waits for the reader to reach it or the shield (UnitTitle). */}
          <ol className="space-y-3">
            {episodes.map((episode) => (
              <li
                key={episode.key}
                id={unitAnchor(episode.key)}
                className="grid gap-3 rounded-lg border border-border bg-card p-card target:border-primary md:grid-cols-2"
              >
                <div className="min-w-0 space-y-1">
                  <EpisodeTitle episode={episode} />
                  <p className="text-sm text-muted-foreground">
                    <EpisodeAdaptsLine episode={episode} withNote={false} />
                  </p>
                  <div className="flex flex-wrap items-center gap-x-3 text-sm">
                    <WatchedUpToHere episode={episode} />
                    <Link to={unitPath(episode.key)} className="tap-line text-primary underline">
                      On the anime page<span className="sr-only">{`: episode ${episodeNumberName(episode)}`}</span>
                    </Link>
                  </div>
                </div>
                <div className="min-w-0">
                  {episode.shorts.length ? (
                    <BreakTimeShorts shorts={episode.shorts} />
                  ) : (
                    <p className="text-sm text-muted-foreground">No Break Time short with this episode.</p>
                  )}
                </div>
              </li>
            ))}
          </ol>
          {onTheirOwn.length ? (
            <section aria-labelledby="on-their-own" className="mt-6">
              <h3 id="on-their-own" className="text-xl font-semibold">
                Released on their own
              </h3>
              {/* Only ticking one counts it as watched: no episode brings it along (pack: readAfter). */}
              <p className="mb-3 text-sm text-muted-foreground">
                Shorts that aired with no episode. Watching the anime does not count them as watched.
              </p>
              <div className="rounded-lg border border-border bg-card p-4">
                <BreakTimeShorts shorts={onTheirOwn} />
              </div>
            </section>
          ) : null}
        </section>
      ) : (
        <p>No anime has been loaded yet.</p>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
