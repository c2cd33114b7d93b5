import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { LnMistakeEntry } from "~/components/mistakes/ln-mistake-entry";
import { HiddenRun, ShieldedList } from "~/components/shielded-list";
import { MistakeFilterForm } from "~/components/mistakes/mistake-parts";
import { VolumeCountTable } from "~/components/mistakes/volume-count-table";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { hasCome } from "~/lib/content/dates";
import { unitPath } from "~/lib/content/units";
import { volumeName, volumeNumberName } from "~/lib/content/labels";
import { formatDate } from "~/lib/format";
import { countOf, nouns } from "~/lib/words";
import { anyFilter, parseLnMistakeSlug, parseMistakeFilters } from "~/lib/mistakes/rules";
import { originalLanguageNameFrom, pageMeta } from "~/lib/http/meta";
import { showingRange } from "~/lib/http/paging";
import { getLnCollectionMistakes, getVolumeMistakes } from "~/models/light-novel-mistakes.server";
import { useShieldedData } from "~/browser/spoiler-shield";
import { requestedPage, requireExistingPage } from "~/server/paging.server";
import { notFound } from "~/server/not-found.server";
import { requesterKnowledge, shieldedData } from "~/server/shield.server";
import { releaseDay } from "~/lib/feeds/releases";
import { publicCopy, sealedCopy } from "~/lib/shield/gated";
import type { Route } from "./+types/translation-meta.ln-page";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/** One address, two pages: a collection (`main`) or one of its volumes (`main_v3`). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return shieldedData(request, await lnMistakePage(params, request, context));
}

async function lnMistakePage(
  params: Route.LoaderArgs["params"],
  request: Request,
  context: Route.LoaderArgs["context"],
) {
  const slug = parseLnMistakeSlug(params.slug ?? "");
  if (!slug) notFound();
  const url = new URL(request.url);
  const page = requestedPage(url);
  if (slug.kind === "collection") {
    const collection = await getLnCollectionMistakes(context.db, slug.code, page, requesterKnowledge(request));
    if (!collection) notFound();
    requireExistingPage(url, collection.paging);
    return { kind: "collection" as const, ...collection };
  }
  const filters = parseMistakeFilters(url.searchParams);
  const volume = await getVolumeMistakes(
    context.db,
    slug.code,
    slug.number,
    filters,
    page,
    requesterKnowledge(request),
  );
  if (!volume) notFound();
  requireExistingPage(url, volume.paging);
  // An English edition with a date still to come is announced, not out: there is nothing to compare yet.
  // One whose date is not known is out unless the pack says there is none yet.
  const { releasedEn, noEnglishEdition } = volume.volume;
  const englishOut = releasedEn !== null ? hasCome(releasedEn, releaseDay()) : !noEnglishEdition;
  return { kind: "volume" as const, filters, englishOut, ...volume };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const data = publicCopy(loaderData);
  if (data?.kind === "volume") {
    const name = volumeName(data.volume.collectionName, data.volume);
    return pageMeta(
      { matches, error },
      {
        title: `${name}: translation notes`,
        description: data.englishOut
          ? `Where the official English edition of ${name} differs from the ${originalLanguageNameFrom(matches)}, in reading order.`
          : `${name} has no official English edition yet.`,
        type: "article",
      },
    );
  }
  return pageMeta(
    { matches, error },
    {
      title: data ? `${data.collection.name}: translation notes` : "Translation notes",
      description: data ? `Translation-mistake entries for every volume of ${data.collection.name}, by severity.` : "",
    },
  );
};

export default function LnMistakePage({ loaderData }: Route.ComponentProps) {
  // A collection's counts by severity, and a volume's entries under filters, leave out without a trace the
  // entries the first load does not know: ask again with what the reader knows (their own progress, not
  // what they asked to see on another page, nor everything when they blur: counts cannot be blurred).
  const sent = sealedCopy(loaderData);
  const { data } = useShieldedData(loaderData, {
    withheld: sent.kind === "collection" || anyFilter(sent.filters),
    shownOnly: true,
  });
  if (data.kind === "collection") {
    const { collection, volumes, paging } = data;
    const total = volumes.reduce((sum, volume) => sum + volume.total, 0);
    return (
      <>
        <Breadcrumb current={collection.name} />
        <PageHeader
          title={`${collection.name}: translation notes`}
          lead={
            paging.pageCount > 1
              ? `${showingRange(paging, nouns.volume)}, with ${countOf(total, nouns.entry)} between them.`
              : `${countOf(total, nouns.entry)} across ${countOf(volumes.length, nouns.volume)}.`
          }
        />
        <VolumeCountTable volumes={volumes} caption={`Entries per volume of ${collection.name}`} />
        <Pagination page={paging.page} pageCount={paging.pageCount} />
      </>
    );
  }

  const { volume, entries, paging, facets, filters, englishOut, unknown } = data;
  const filtered = anyFilter(filters);
  const name = volumeName(volume.collectionName, volume);
  return (
    <>
      <Breadcrumb
        collection={{ code: volume.collectionCode, name: volume.collectionName }}
        current={`Volume ${volumeNumberName(volume)}`}
      />
      <PageHeader
        title={`${name}: translation notes`}
        lead={
          englishOut
            ? `The official English edition${volume.releasedEn ? ` of ${formatDate(volume.releasedEn)}` : ""}. Entries in reading order.`
            : `${name} has no official English edition yet${volume.releasedEn ? ` (it is announced for ${formatDate(volume.releasedEn)})` : ""}, so there is no translation to compare.`
        }
      >
        <p className="flex flex-wrap gap-x-6 text-sm">
          <Link to={unitPath(volume.key)} className="tap-line text-primary underline">
            This volume on the light novels page
          </Link>
          <Link
            to={`/feedback_hub/report_ln_mistl?${new URLSearchParams({ volume: volume.key })}`}
            className="tap-line font-medium text-primary underline"
          >
            Report a mistake in this volume
          </Link>
        </p>
      </PageHeader>
      <MistakeFilterForm filters={filters} facets={facets} />
      <p role="status" className="mb-4 text-sm text-muted-foreground">
        {paging.total
          ? showingRange(paging, nouns.entry)
          : filtered
            ? "No entry you have reached matches these filters."
            : "No entries for this volume yet."}
        {filtered ? (
          <>
            {" · "}
            <Link to="." className="text-primary underline" preventScrollReset>
              Clear filters
            </Link>
          </>
        ) : null}
      </p>
      <div className="space-y-4">
        <ShieldedList
          items={entries}
          itemKey={(entry) => entry.id}
          describe={(run) => countOf(run.length, nouns.entry)}
          renderItem={(listed, shown) => (
            <LnMistakeEntry id={listed.id} entry={listed.content} shown={shown} headingLevel="h2" />
          )}
        />
        {/* Under filters only the entries the reader knows are listed: the others of the volume, in one line. */}
        {unknown ? (
          <HiddenRun
            as="div"
            what={`${countOf(unknown, nouns.entry)} of this volume, whatever the filters,`}
            count={unknown}
          />
        ) : null}
      </div>
      <Pagination page={paging.page} pageCount={paging.pageCount} />
    </>
  );
}

function Breadcrumb({ collection, current }: { collection?: { code: string; name: string }; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <Link to="/translation_meta" className="tap-line text-primary underline">
        Translation notes
      </Link>{" "}
      /{" "}
      <Link to="/translation_meta/ln_mistls" className="tap-line text-primary underline">
        Light novels
      </Link>{" "}
      /{" "}
      {collection ? (
        <>
          <Link to={`/translation_meta/ln_mistls/${collection.code}`} className="tap-line text-primary underline">
            {collection.name}
          </Link>{" "}
          /{" "}
        </>
      ) : null}
      <span aria-current="page">{current}</span>
    </nav>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
