import { UNNAMED_SITE } from "~/lib/content/site-identity";
import { Link } from "react-router";
import { ContinueReading } from "~/components/continue-reading";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ReleaseRow } from "~/components/release-row";
import { PersonName, useOriginalLanguage } from "~/components/original-text";
import { type AreaPath, areas, footerLinks } from "~/lib/areas";
import { formatNumber } from "~/lib/format";
import { countOf, nouns, wordCountUnknown } from "~/lib/words";
import { pageMeta, siteNameFrom } from "~/lib/http/meta";
import { releaseDay, releaseId } from "~/lib/feeds/releases";
import { useShieldedData } from "~/browser/spoiler-shield";
import { getSeriesOverview } from "~/models/series.server";
import { shieldedData } from "~/server/shield.server";
import { publicCopy } from "~/lib/shield/gated";
import type { Route } from "./+types/home";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return shieldedData(request, await getSeriesOverview(context.db, releaseDay()));
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const data = publicCopy(loaderData);
  const siteName = siteNameFrom(matches);
  return pageMeta(
    { matches, error },
    {
      title: siteName ?? UNNAMED_SITE.name,
      description: data?.series
        ? `A spoiler-safe companion to ${data.series.title}: the web novel, light novels, side stories, manga and anime, in order.`
        : "A spoiler-safe companion to a serialized story in every medium.",
    },
  );
};

/**
 * A large count as a tile on a phone has room for: 1,271,176 → 1.27M, 856,234 → 856K. Written out here,
 * not by `Intl`'s compact notation, so the server and every browser say it alike.
 */
function compact(count: number) {
  // From 999,500 on, thousands would round to "1000K".
  if (count >= 999_500) return `${Number((count / 1_000_000).toPrecision(3))}M`;
  return `${Number((count / 1_000).toPrecision(3))}K`;
}

/** A tile's figure: one line, a size smaller on the narrowest phones. */
const figureClass = "block whitespace-nowrap text-xl font-bold tabular-nums min-[25rem]:text-2xl";

/** What each area holds, for the home page's overview (only this page needs the words). */
const areaSummaries: Record<AreaPath, string> = {
  "/web_novel": "Arcs and chapters: dates, word counts, where to read, which volume adapts them.",
  "/light_novels": "Collections and volumes: release dates, ISBNs, chapters and web novel coverage.",
  "/side_stories": "Side volumes, short stories, store bonuses and IF routes, in reading order.",
  "/anime": "Seasons and episodes: what each adapts, what it skipped or moved, its shorts and notes.",
  "/break_time": "The chibi shorts, beside the anime episodes they accompany.",
  "/manga": "Each manga series with its volumes and chapters, and which web novel chapters each adapts.",
  "/characters": "The whole cast: search by name or alias, filter by affiliation.",
  "/releases": "What came out lately and what is coming, with feeds and a calendar to follow it.",
  "/reading_tracker": "Your progress in every medium, what to read next, and the spoiler shield.",
  "/statistics": "The series in numbers, and how far other readers are.",
  "/translation_meta": "Where the official English light novels and anime differ from the original.",
  "/privacy_policy": "Exactly what is stored and sent, and the analytics opt-out.",
  "/api": "A read-only JSON API for fan tools and apps, as spoiler-safe as the site.",
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { series, counts, releases, collections, spans } = useShieldedData(loaderData).data;
  const originalLanguage = useOriginalLanguage();
  const stats = counts
    ? [
        [formatNumber(counts.chapters), "web novel chapters", "/web_novel"],
        // No tile of words where no chapter has a count: "0 words" would pass for a fact.
        ...(wordCountUnknown({ chapterCount: counts.chapters, withoutWordCount: counts.chapters_without_words })
          ? []
          : [
              [
                // Hundreds of thousands of words would not fit a phone's tile in full ("1,271,176" broke at its comma).
                counts.words >= 100_000 ? compact(counts.words) : formatNumber(counts.words),
                // A sum that lacks some chapters' counts says so, rather than passing for the whole.
                counts.chapters_without_words
                  ? `words (${countOf(counts.chapters_without_words, nouns.chapter)} without a word count)`
                  : "words",
                "/web_novel",
                formatNumber(counts.words),
              ],
            ]),
        [formatNumber(counts.volumes), "light novel volumes", "/light_novels"],
        [formatNumber(counts.side_stories), "side stories", "/side_stories"],
        [formatNumber(counts.episodes), "anime episodes", "/anime"],
        [formatNumber(counts.characters), "characters", "/characters"],
      ]
    : [];

  return (
    <div className="space-y-12">
      <section className="space-y-4 py-4" aria-labelledby="home-title">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Reading companion</p>
        <h1 id="home-title" className="max-w-3xl text-page-title-lg font-bold tracking-tight sm:text-5xl">
          {series ? series.title : "Every part of the story, in order, without spoilers."}
        </h1>
        {series ? (
          <>
            <p lang={originalLanguage} className="text-lg text-muted-foreground">
              {series.originalTitle}
              {series.author ? (
                <span lang="en">
                  {" · by "}
                  <PersonName name={series.author} />
                </span>
              ) : null}
              {series.illustrator ? (
                <span lang="en">
                  {", illustrated by "}
                  <PersonName name={series.illustrator} />
                </span>
              ) : null}
            </p>
            <p className="max-w-3xl text-lg">{series.synopsis}</p>
          </>
        ) : null}
        <p className="max-w-3xl text-muted-foreground">
          This companion follows the story through the web novel, the light novels, the side stories, the manga, the
          anime with its Break Time shorts, recuts, OVAs and films: what exists, where to read or watch it, and how the
          pieces fit together.
        </p>
      </section>

      <ContinueReading collections={collections} spans={spans} />

      {stats.length ? (
        <section aria-labelledby="numbers-title" className="@container">
          <h2 id="numbers-title" className="sr-only">
            The series in numbers
          </h2>
          {/* Two a row on a phone; one with a large text size (a list narrower than 11rem), where two
              side by side would leave a number less room than it takes on one line. */}
          <ul className="grid grid-cols-2 gap-3 @max-[11rem]:grid-cols-1 sm:grid-cols-3 lg:grid-cols-6">
            {stats.map(([value, label, path, full]) => (
              <li key={label}>
                <Link
                  to={path!}
                  className="block h-full rounded-lg border border-border bg-card p-4 hover:border-primary"
                >
                  {full && full !== value ? (
                    <>
                      <span aria-hidden="true" className={figureClass}>
                        {value}
                      </span>
                      <span className="sr-only">{full} </span>
                    </>
                  ) : (
                    <span className={figureClass}>{value}</span>
                  )}
                  <span className="text-sm text-muted-foreground">{label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {releases.length ? (
        <section aria-labelledby="releases-title" className="space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="releases-title" className="text-2xl font-semibold tracking-tight">
              Latest releases
            </h2>
            <Link
              to="/releases"
              className="tap-line text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Every release, and what is coming
            </Link>
          </div>
          <ol className="divide-y divide-border rounded-lg border border-border bg-card">
            {releases.map((release) => (
              <li key={releaseId(release)}>
                <ReleaseRow release={release} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section aria-labelledby="areas-title" className="space-y-4">
        <h2 id="areas-title" className="text-2xl font-semibold tracking-tight">
          On this site
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[...areas, ...footerLinks].map((area) => (
            <li key={area.path}>
              <Link
                to={area.path}
                className="block h-full rounded-lg border border-border bg-card p-5 transition-colors hover:border-primary"
              >
                <span className="font-semibold">{area.label}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{areaSummaries[area.path]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
