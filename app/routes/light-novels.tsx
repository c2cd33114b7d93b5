import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { OriginalText } from "~/components/original-text";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { ReadUpToHere } from "~/components/read-up-to-here";
import { Spoiler } from "~/components/spoiler";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import { collectionCodePattern, unitAnchor, unitPath } from "~/lib/content/units";
import { lightNovelChapterTitle, titleAfterLabel } from "~/lib/content/labels";
import { formatDate, formatMonthRange } from "~/lib/format";
import { countOf, nouns } from "~/lib/words";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import { showingRange } from "~/lib/paging";
import { volumeSlugFromKey } from "~/lib/mistakes";
import { getLightNovels, type LightNovelVolume, type VolumeChange } from "~/models/light-novels.server";
import { useRevealedData } from "~/browser/spoiler-shield";
import { requestedPage, requireExistingPage } from "~/server/paging.server";
import { notFound } from "~/server/not-found.server";
import { sealedFor } from "~/server/shield.server";
import type { Route } from "./+types/light-novels";

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
  return sealedFor(request, lightNovels);
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) => {
  const collection = data?.collections.find((each) => each.code === data.selectedCollection);
  return pageMeta(siteNameFrom(matches), {
    title: collection ? `Light novels · ${collection.name}` : "Light novels",
    description: collection
      ? `${collection.name}: ${countOf(collection.volumeCount, nouns.volume)} with release dates, ISBNs, chapters and the web novel chapters each adapts.`
      : "Every light novel collection and volume with release dates, ISBNs, chapters and web novel coverage.",
    type: "book",
  });
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
  } = useRevealedData(loaderData);
  const collection = collections.find((each) => each.code === selectedCollection);

  return (
    <>
      <PageHeader
        title="Light novels"
        lead="Each collection with its volumes: Japanese and English release dates, ISBNs, chapters, and how far into the web novel they go."
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
                These volumes adapt {countOf(adapted, nouns.webNovelChapter)},{" "}
                {Math.round((adapted / webNovelChapters) * 100)}% of the web novel.
              </p>
            ) : null}
            {paging.pageCount > 1 ? (
              <p className="text-sm text-muted-foreground">{showingRange(paging, nouns.volume)}</p>
            ) : null}
          </header>
          <ol className="grid gap-4 lg:grid-cols-2">
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

function VolumeCard({
  volume,
  collectionName,
  eager,
}: {
  volume: LightNovelVolume;
  collectionName: string;
  eager: boolean;
}) {
  return (
    // On a phone the cover sits beside the name and dates only, and what follows takes the card's
    // whole width: beside a cover, a column of 150 px is too narrow for a sentence.
    <li
      id={unitAnchor(volume.key)}
      className="grid grid-cols-[5rem_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-border bg-card p-4 target:border-primary sm:grid-cols-[7rem_minmax(0,1fr)] sm:grid-rows-[auto_1fr]"
    >
      <div className="sm:row-span-2">
        {volume.cover ? (
          <img
            src={volume.cover}
            alt={`Cover of ${collectionName} ${volume.number}`}
            width={200}
            height={300}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="aspect-[2/3] h-auto w-full rounded-md border border-border bg-muted object-cover"
          />
        ) : (
          <div
            className="aspect-[2/3] w-full rounded-md border border-dashed border-border bg-muted"
            aria-hidden="true"
          />
        )}
      </div>
      <div className="min-w-0 space-y-2">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {collectionName} {volume.number}
          </p>
          <h3 className="font-semibold">
            {titleAfterLabel(`${collectionName} ${volume.number}`, volume.title) || volume.title}
          </h3>
          <OriginalText text={volume.originalTitle} className="text-sm" />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">Japan</dt>
          <dd>
            <time dateTime={volume.releasedJp}>{formatDate(volume.releasedJp)}</time>
          </dd>
          <dt className="text-muted-foreground">English</dt>
          <dd>
            {volume.releasedEn ? <time dateTime={volume.releasedEn}>{formatDate(volume.releasedEn)}</time> : "Not yet"}
          </dd>
          {volume.isbn ? (
            <>
              <dt className="text-muted-foreground">ISBN</dt>
              <dd className="whitespace-nowrap font-mono text-xs leading-5 max-sm:col-span-2">{volume.isbn}</dd>
            </>
          ) : null}
          {volume.pageCount ? (
            <>
              <dt className="text-muted-foreground">Pages</dt>
              <dd>{volume.pageCount}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className="col-span-2 min-w-0 space-y-2 sm:col-span-1 sm:col-start-2">
        {volume.adapts ? (
          <p className="text-sm">
            Adapts{" "}
            <Link className="text-primary underline" to={unitPath(volume.adapts.from.key)}>
              {volume.adapts.from.label}
            </Link>{" "}
            to{" "}
            <Link className="text-primary underline" to={unitPath(volume.adapts.to.key)}>
              {volume.adapts.to.label}
            </Link>{" "}
            <Badge>{countOf(volume.adapts.chapters, nouns.webNovelChapter)}</Badge>
          </p>
        ) : volume.readAfter ? (
          <p className="text-sm">
            Read after{" "}
            <Link className="text-primary underline" to={unitPath(volume.readAfter.key)}>
              {volume.readAfter.label}
            </Link>
          </p>
        ) : null}
        {volume.mistakeCount ? (
          <p className="text-sm">
            <Link
              to={`/translation_meta/ln_mistls/${volumeSlugFromKey(volume.key)}`}
              className="text-primary underline"
            >
              {countOf(volume.mistakeCount, nouns.translationNote)} for the English edition
            </Link>
          </p>
        ) : null}
        {volume.changes.count ? (
          <div className="text-sm">
            <p className="font-medium">What the light novel changed</p>
            <Spoiler gated={volume.changes} what="What this volume changed" block>
              {(changes) => (
                <ul aria-label={`What ${collectionName} ${volume.number} changed`} className="mt-1 space-y-1">
                  {changes.map((change, index) => (
                    <VolumeChangeLine key={index} change={change} />
                  ))}
                </ul>
              )}
            </Spoiler>
          </div>
        ) : null}
        <ReadUpToHere unit={volume} />
        {volume.chapterTitles.length ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">
              {countOf(volume.chapterTitles.length, nouns.chapter)} in this volume
            </summary>
            <ol className="mt-2 list-decimal space-y-0.5 pl-5 text-muted-foreground">
              {volume.chapterTitles.map((title, index) => (
                <li key={index}>
                  <Spoiler gated={title} what="This chapter's title">
                    {(text) => lightNovelChapterTitle(text)}
                  </Spoiler>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </div>
    </li>
  );
}

const volumeChangeLabels: Record<VolumeChange["kind"], string> = {
  added: "Added",
  cut: "Cut",
  changed: "Changed",
  reordered: "Moved",
};

/** One difference from the web novel, with the chapters it concerns. */
function VolumeChangeLine({ change }: { change: VolumeChange }) {
  return (
    <li data-change={change.kind} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <Badge tone="outline">{volumeChangeLabels[change.kind]}</Badge>
      <span className="min-w-0 flex-1 basis-48">
        {change.note}
        {change.chapters ? (
          <>
            {" "}
            (
            <Link className="text-primary underline" to={unitPath(change.chapters.from.key)}>
              {change.chapters.from.label}
            </Link>
            {change.chapters.to.key !== change.chapters.from.key ? (
              <>
                {" "}
                to{" "}
                <Link className="text-primary underline" to={unitPath(change.chapters.to.key)}>
                  {change.chapters.to.label}
                </Link>
              </>
            ) : null}
            )
          </>
        ) : null}
      </span>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
