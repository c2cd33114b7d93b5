import { data, Link } from "react-router";
import { LeftOutNotice } from "~/components/left-out-notice";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { LnMistakeEntry } from "~/components/mistakes/ln-mistake-entry";
import { ShieldedList } from "~/components/shielded-list";
import { VolumeCountTable } from "~/components/mistakes/volume-count-table";
import { PageHeader } from "~/components/page-header";
import { useOriginalLanguageName } from "~/components/original-text";
import { Pagination } from "~/components/pagination";
import { FilterForm } from "~/components/filter-form";
import { Input } from "~/components/ui/input";
import { countOf, nouns } from "~/lib/words";
import type { VolumeMistakeCount } from "~/lib/mistakes/entries";
import { type PageInfo, pageExists, showingRange } from "~/lib/http/paging";
import { pageMeta } from "~/lib/http/meta";
import { cleanQuery } from "~/lib/search/query";
import { getLnMistakeIndex } from "~/models/light-novel-mistakes.server";
import { useShieldedData } from "~/browser/spoiler-shield";
import { requestedPage, requireExistingPage } from "~/server/paging.server";
import { requesterKnowledge, shieldedData } from "~/server/shield.server";
import { publicCopy } from "~/lib/shield/gated";
import type { Route } from "./+types/translation-meta.ln";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/** Without a query, a page of every volume's counts; with one, a page of the entries it matches. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = cleanQuery(params.get("q"));
  const page = requestedPage(new URL(request.url));
  const index = await getLnMistakeIndex(context.db, query, page, requesterKnowledge(request));
  if (!query) requireExistingPage(new URL(request.url), index.paging);
  const found = shieldedData(request, { query, ...index });
  // Past the last page of matches the requester may see: a 404 the page renders itself, so a reader
  // who knows more gets their page once it asks again with what they know (useShieldedData).
  return pageExists(index.paging) ? found : data(found, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const data = publicCopy(loaderData);
  return pageMeta(
    { matches, error },
    {
      title: data?.query ? `Light novel translation notes: “${data.query}”` : "Light novel translation notes",
      description:
        "Every light novel collection and volume with its translation-mistake entries, and a search across all of them.",
    },
  );
};

export default function LnMistakes({ loaderData }: Route.ComponentProps) {
  // A search, and the volumes' counts by severity, leave out without a trace the entries the first load
  // does not know: ask again with what the reader knows (their own progress, not what they asked to see on
  // another page, nor everything when they blur: counts cannot be blurred).
  const { query, volumes, matches, paging } = useShieldedData(loaderData, { withheld: true, shownOnly: true }).data;
  const original = useOriginalLanguageName();
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/translation_meta" className="tap-line text-primary underline">
          Translation notes
        </Link>{" "}
        / <span aria-current="page">Light novels</span>
      </nav>
      <PageHeader
        title="Light novel translation notes"
        lead="Each volume of the official English release, with how many entries it has and how many of each severity among those you have reached."
      >
        <Link to="/feedback_hub/report_ln_mistl" className="text-sm font-medium text-primary underline">
          Report a mistake in a light novel
        </Link>
      </PageHeader>
      <FilterForm submitLabel="Search" role="search" className="mb-8 flex flex-wrap gap-2">
        <label htmlFor="mistake-query" className="sr-only">
          Search every light novel entry
        </label>
        <Input
          id="mistake-query"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={100}
          placeholder="Search entries"
          aria-describedby="mistake-query-hint"
          // Beside the button while it has 10rem; with a large text size on a phone, on a line of its own.
          className="min-w-0 grow basis-40"
        />
      </FilterForm>
      <p id="mistake-query-hint" className="-mt-6 mb-8 text-sm text-muted-foreground">
        Searches the official text, the suggestions, the {original} and the notes.
      </p>
      {query ? (
        <section aria-labelledby="matches-title" className="mb-10 space-y-3">
          <h2 id="matches-title" className="text-xl font-semibold" role="status">
            {!pageExists(paging)
              ? `Page ${paging.page} does not exist for “${query}”.`
              : paging.total
                ? `${showingRange(paging, nouns.entry)} matching “${query}”`
                : `No entry matches “${query}”.`}
          </h2>
          <LeftOutNotice what="Entries" />
          <ShieldedList
            items={matches}
            itemKey={(entry) => entry.id}
            describe={(run) => countOf(run.length, nouns.entry)}
            renderItem={(entry, shown) => <LnMistakeEntry id={entry.id} entry={entry} shown={shown} showVolume />}
          />
          <Pagination page={paging.page} pageCount={paging.pageCount} />
        </section>
      ) : (
        <VolumePage volumes={volumes} paging={paging} />
      )}
    </>
  );
}

/** One page of the volume tables, grouped by collection. */
function VolumePage({ volumes, paging }: { volumes: VolumeMistakeCount[]; paging: PageInfo }) {
  const collections = [...new Set(volumes.map((volume) => volume.collectionCode))];
  return (
    <>
      {paging.pageCount > 1 ? (
        <p className="mb-4 text-sm text-muted-foreground">{showingRange(paging, nouns.volume)}</p>
      ) : null}
      <div className="space-y-8">
        {collections.map((code) => {
          const inCollection = volumes.filter((volume) => volume.collectionCode === code);
          const name = inCollection[0]?.collectionName ?? code;
          return (
            <section key={code} aria-labelledby={`collection-${code}`} className="space-y-3">
              <h2 id={`collection-${code}`} className="text-xl font-semibold">
                <Link to={`/translation_meta/ln_mistls/${code}`} className="tap-line hover:underline">
                  {name}
                </Link>
              </h2>
              <VolumeCountTable volumes={inCollection} caption={`Entries per volume of ${name}`} />
            </section>
          );
        })}
      </div>
      <Pagination page={paging.page} pageCount={paging.pageCount} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
