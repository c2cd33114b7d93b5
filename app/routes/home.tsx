import { Link } from "react-router";
import { ContinueReading } from "~/components/continue-reading";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { type AreaPath, areas, footerLinks } from "~/lib/areas";
import { titleBesideLabel } from "~/lib/content/labels";
import { unitPath } from "~/lib/content/units";
import { formatDate, formatNumber } from "~/lib/format";
import type { Gated } from "~/lib/gated";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import { isRevealed, useRevealedData, useShield } from "~/lib/spoiler-shield";
import { getSeriesOverview } from "~/models/series.server";
import { sealedFor } from "~/server/shield.server";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  return sealedFor(request, await getSeriesOverview(context.db));
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) => {
  const siteName = siteNameFrom(matches);
  return pageMeta(siteName, {
    title: siteName ?? "Reading companion",
    description: data?.series
      ? `A spoiler-safe companion to ${data.series.title}: the web novel, light novels, side stories and anime, in order.`
      : "A spoiler-safe companion to a serialized story in every medium.",
  });
};

/** What each area holds, for the home page's overview (only this page needs the words). */
const areaSummaries: Record<AreaPath, string> = {
  "/web_novel": "Arcs and chapters: dates, word counts, where to read, which volume adapts them.",
  "/light_novels": "Collections and volumes: release dates, ISBNs, chapters and web novel coverage.",
  "/side_stories": "Side volumes, short stories, store bonuses and IF routes, in reading order.",
  "/anime": "Seasons and episodes: what each adapts, what it skipped or moved, its shorts and notes.",
  "/break_time": "The chibi shorts, beside the anime episodes they accompany.",
  "/characters": "The whole cast: search by name or alias, filter by affiliation.",
  "/reading_tracker": "Your progress in every medium, what to read next, and the spoiler shield.",
  "/statistics": "The series in numbers, and how far other readers are.",
  "/translation_meta": "Where the official English light novels and anime differ from the Japanese.",
  "/privacy_policy": "Exactly what is stored and sent, and the analytics opt-out.",
  "/api": "A read-only JSON API for fan tools and apps, as spoiler-safe as the site.",
};

const releaseKinds = { chapter: "Web novel", volume: "Light novel", episode: "Anime" } as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { series, counts, releases, collections } = useRevealedData(loaderData);
  const stats = counts
    ? [
        [formatNumber(counts.chapters), "web novel chapters", "/web_novel"],
        [formatNumber(counts.words), "words", "/web_novel"],
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
        <h1 id="home-title" className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          {series ? series.title : "Every part of the story, in order, without spoilers."}
        </h1>
        {series ? (
          <>
            <p lang="ja" className="text-lg text-muted-foreground">
              {series.originalTitle}
              {series.author ? <span lang="en"> · by {series.author}</span> : null}
              {series.illustrator ? <span lang="en">, illustrated by {series.illustrator}</span> : null}
            </p>
            <p className="max-w-3xl text-lg">{series.synopsis}</p>
          </>
        ) : null}
        <p className="max-w-3xl text-muted-foreground">
          This companion follows the story through the web novel, the light novels, the side stories, the anime and its
          Break Time shorts: what exists, where to read or watch it, and how the pieces fit together.
        </p>
      </section>

      <ContinueReading collections={collections} />

      {stats.length ? (
        <section aria-labelledby="numbers-title">
          <h2 id="numbers-title" className="sr-only">
            The series in numbers
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {stats.map(([value, label, path]) => (
              <li key={label}>
                <Link to={path!} className="block rounded-lg border border-border bg-card p-4 hover:border-primary">
                  <span className="block text-2xl font-bold tabular-nums">{value}</span>
                  <span className="text-sm text-muted-foreground">{label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {releases.length ? (
        <section aria-labelledby="releases-title" className="space-y-4">
          <h2 id="releases-title" className="text-2xl font-semibold tracking-tight">
            Latest releases
          </h2>
          <ol className="divide-y divide-border rounded-lg border border-border bg-card">
            {releases.map((release) => (
              <li key={release.key}>
                <Link to={unitPath(release.key)} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 hover:bg-muted">
                  <Badge tone="outline">{releaseKinds[release.kind]}</Badge>
                  <ReleaseName label={release.label} title={release.title} releasedOn={release.releasedOn} />
                </Link>
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
          {[...areas, ...footerLinks].map(
            (area) => (
              <li key={area.path}>
                <Link
                  to={area.path}
                  prefetch="intent"
                  className="block h-full rounded-lg border border-border bg-card p-5 transition-colors hover:border-primary"
                >
                  <span className="font-semibold">{area.label}</span>
                  <span className="mt-1 block text-sm text-muted-foreground">{areaSummaries[area.path]}</span>
                </Link>
              </li>
            ),
          )}
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/**
 * A release's title, or (for a chapter title beyond the reader's progress) a plain note instead; the
 * label still says which it is. Not the Spoiler's "Show it": the whole row is a link to the release.
 */
/** A release's title, then its label (unless the title already says it) and date. */
function ReleaseName({ label, title, releasedOn }: { label: string; title: Gated<string>; releasedOn: string }) {
  const shield = useShield();
  const revealed = isRevealed(shield, title.revealedBy);
  const named = revealed && title.content !== null ? titleBesideLabel(label, title.content) : { title: null, label };
  return (
    <>
      {named.title !== null ? (
        <span className="font-medium">{named.title}</span>
      ) : revealed ? (
        // Known, and the page's revealed data is on its way.
        <span aria-busy="true" className="text-muted-foreground">…</span>
      ) : (
        <span className="italic text-muted-foreground">Title hidden until you reach it</span>
      )}
      <span className="text-sm text-muted-foreground">
        {named.label ? `${named.label} · ` : null}
        <time dateTime={releasedOn}>{formatDate(releasedOn)}</time>
      </span>
    </>
  );
}
