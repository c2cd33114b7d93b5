import { Link } from "react-router";
import { UnreachedTitlesNote } from "~/components/unit-title";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { VolumeCard } from "~/components/light-novels/volume-card";
import { useOriginalLanguageName } from "~/components/original-text";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { cn } from "~/lib/cn";
import { collectionCodePattern } from "~/lib/content/units";
import { formatMonthRange, wholePercent } from "~/lib/format";
import { countOf, nouns } from "~/lib/words";
import { pageMeta } from "~/lib/http/meta";
import { showingRange } from "~/lib/http/paging";
import { getLightNovels } from "~/models/light-novels.server";
import { useShieldedData } from "~/browser/spoiler-shield";
import { requestedPage, requireExistingPage } from "~/server/paging.server";
import { notFound } from "~/server/not-found.server";
import { shieldedData } from "~/server/shield.server";
import { publicCopy } from "~/lib/shield/gated";
import type { Route } from "./+types/light-novels";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const code = params.get("collection");
  const page = requestedPage(new URL(request.url));
  const known = code === null || collectionCodePattern.test(code);
  const lightNovels = await getLightNovels(context.db, known ? code : null, page);
  if (!known || (code !== null && lightNovels.selectedCollection === null)) {
    notFound({
      missing: `The collection “${code}”`,
      instead: "The collections there are",
      choices: lightNovels.collections.map((collection) => ({
        label: collection.name,
        href: `/light_novels?collection=${collection.code}`,
      })),
    });
  }
  requireExistingPage(new URL(request.url), lightNovels.paging);
  return shieldedData(request, lightNovels);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const data = publicCopy(loaderData);
  const collection = data?.collections.find((each) => each.code === data.selectedCollection);
  return pageMeta(
    { matches, error },
    {
      title: collection ? `Light novels · ${collection.name}` : "Light novels",
      description: collection
        ? `${collection.name}: ${countOf(collection.volumeCount, nouns.volume)} with release dates, ISBNs, chapters and the web novel chapters each adapts.`
        : "Every light novel collection and volume with release dates, ISBNs, chapters and web novel coverage.",
      type: "book",
    },
  );
};

const kindLabels = { main: "Main story", side: "Side volumes", short_stories: "Short story collections" } as const;

export default function LightNovels({ loaderData }: Route.ComponentProps) {
  const {
    collections,
    selectedCollection,
    description,
    volumes,
    webNovelChapters,
    adaptedChapters: adapted,
    paging,
  } = useShieldedData(loaderData).data;
  const collection = collections.find((each) => each.code === selectedCollection);
  const original = useOriginalLanguageName();

  return (
    <>
      <PageHeader
        title="Light novels"
        lead={`Each collection with its volumes: ${original} and English release dates, ISBNs, chapters, and how far into the web novel they go.`}
      />
      <nav aria-label="Collections" className="mb-8 flex flex-wrap gap-2">
        {collections.map((each) => (
          <Link
            key={each.code}
            to={`?collection=${each.code}`}
            preventScrollReset
            aria-current={each.code === selectedCollection ? "page" : undefined}
            className={cn(
              "rounded-lg border px-4 py-2 transition-colors hover:border-primary",
              each.code === selectedCollection ? "border-primary bg-accent" : "border-border bg-card",
            )}
          >
            <span className="block font-semibold">{each.name}</span>
            <span className="block text-sm text-muted-foreground">
              {kindLabels[each.kind]} · {countOf(each.volumeCount, nouns.volume)} ·{" "}
              {formatMonthRange(each.firstRelease, each.lastRelease)}
            </span>
          </Link>
        ))}
      </nav>

      {collection ? (
        <section aria-labelledby="collection-title" className="space-y-6">
          <header className="space-y-2">
            <h2 id="collection-title" className="text-2xl font-bold tracking-tight">
              {collection.name}
            </h2>
            {description ? <p className="max-w-3xl">{description}</p> : null}
            {adapted > 0 && webNovelChapters > 0 ? (
              <p className="text-sm text-muted-foreground">
                These volumes adapt {countOf(adapted, nouns.webNovelChapter)}, {wholePercent(adapted, webNovelChapters)}
                % of the web novel.
              </p>
            ) : null}
            {paging.pageCount > 1 ? (
              <p className="text-sm text-muted-foreground">{showingRange(paging, nouns.volume)}</p>
            ) : null}
            <UnreachedTitlesNote />
          </header>
          <ol className="@container grid gap-4 lg:grid-cols-2">
            {volumes.map((volume, index) => (
              <VolumeCard key={volume.key} volume={volume} collectionName={collection.name} eager={index < 2} />
            ))}
          </ol>
          <Pagination page={paging.page} pageCount={paging.pageCount} />
        </section>
      ) : (
        <p>No light novels have been loaded yet.</p>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
