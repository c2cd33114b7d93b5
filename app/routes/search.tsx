import { Suspense, useEffect, useState } from "react";
import { data, Link } from "react-router";
import { ResultLine } from "~/components/search/result-line";
import { lazyOptional } from "~/browser/lazy-import";
import { LeftOutNotice } from "~/components/left-out-notice";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { ShieldedList } from "~/components/shielded-list";
import { FilterForm } from "~/components/filter-form";
import { Input } from "~/components/ui/input";
import { countOf, nouns } from "~/lib/words";
import { pageMeta } from "~/lib/http/meta";
import { cleanQuery, parseSearchKind, type SearchKind, searchKindPlurals, searchKinds } from "~/lib/search/query";
import type { SearchKindCounts } from "~/lib/search/result";
import { useAnswerWait, useShield, useShieldedData } from "~/browser/spoiler-shield";
import { cn } from "~/lib/cn";
import { searchSite } from "~/models/search.server";
import { requestedPage } from "~/server/paging.server";
import { requesterKnowledge, shieldedData } from "~/server/shield.server";
import { publicCopy, sealedCopy } from "~/lib/shield/gated";
import type { Route } from "./+types/search";

/**
 * A character's result by the name the reader knows them by: its code loads once a page of results names
 * one, after hydration (the server, and the page as it hydrates, show the result as it is; the medium the
 * reader follows is known only in the browser). Should it fail to load, the result is shown as it is.
 */
const NamedResultLine = lazyOptional(
  () => import("~/components/search/named-result-line").then((module) => module.NamedResultLine),
  ResultLine,
);

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

const RESULTS_PER_PAGE = 20;
const SUGGESTIONS = 8;

/**
 * `?q=` the words, `?kind=` one kind of result (an unknown kind is ignored, as the other pages ignore
 * unknown filters), `?page=`. Also answers the header's suggestions (`?suggest=1`), which want fewer
 * results. Only hits the requester knows (`?reveal=`) are in the answer, and nothing else in it (counts,
 * pages, status) depends on the others: a word only gated text holds is answered as one nothing holds.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = cleanQuery(params.get("q"));
  const kind = parseSearchKind(params.get("kind"));
  const suggest = params.get("suggest") === "1";
  const page = requestedPage(new URL(request.url));
  const limit = suggest ? SUGGESTIONS : RESULTS_PER_PAGE;
  // A suggestion shows why it was found (the words of it that match); the results page shows hits as they are.
  const found = await searchSite(
    context.db,
    query,
    requesterKnowledge(request),
    { kind, limit, offset: (page - 1) * limit },
    { marked: suggest },
  );
  const pageCount = Math.max(1, Math.ceil(found.total / RESULTS_PER_PAGE));
  const results = shieldedData(request, { query, kind, ...found, page, pageCount });
  // Past the last page the requester may see: a 404 the page renders itself, so a reader who knows
  // more gets their page once it asks again with what they know (useShieldedData).
  return page > pageCount ? data(results, { status: 404 }) : results;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const data = publicCopy(loaderData);
  return pageMeta(
    { matches, error },
    {
      title: data?.query ? `Search: ${data.query}` : "Search",
      description:
        "Search characters (by name or alias), arcs, chapters, light novel volumes, side stories, anime seasons and episodes, OVAs, specials and films, Break Time, manga series and chapters, and translation notes.",
    },
  );
};

export default function Search({ loaderData }: Route.ComponentProps) {
  // Any query may have hits the first load leaves out without a trace: ask again with what the reader knows.
  const sent = sealedCopy(loaderData);
  const answer = useShieldedData(loaderData, { withheld: sent.query !== "" });
  const { query, kind, results, total, counts, page, pageCount } = answer.data;
  // Hits the reader knows are ranked among the others in their answer, so the results, their counts and
  // pages wait for it (useAnswerWait) rather than tell the reader the first answer's ("Nothing you have reached matches").
  const { waiting, className: hold } = useAnswerWait(query !== "", answer);
  const among = kind ? ` among ${searchKindPlurals[kind].toLowerCase()}` : "";
  const searchedAll = useShield()?.mode === "off";
  // False on the server and as the page hydrates, true once it has (as the document and the login page tell it).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <>
      <PageHeader
        title="Search"
        lead="Characters by name or alias, arcs, chapters, light novel volumes, side stories, anime seasons and episodes, OVAs, specials and films, Break Time, manga series and chapters, and translation notes."
      />
      <FilterForm submitLabel="Search" role="search" aria-label="New search" className="mb-6 flex flex-wrap gap-2">
        <label htmlFor="search-page-query" className="sr-only">
          Search the site
        </label>
        <Input
          id="search-page-query"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={100}
          // Beside the button while it has 10rem; with a large text size on a phone, on a line of its own.
          className="min-w-0 grow basis-40"
          placeholder="Name, alias or title"
        />
        {kind ? <input type="hidden" name="kind" value={kind} /> : null}
      </FilterForm>
      {/* Everything the answer decides (kinds, counts, results, pages) waits together. */}
      <div className={hold} aria-busy={waiting || undefined}>
        {query ? <KindFilter query={query} kind={kind} counts={counts} /> : null}
        {query ? (
          <p role="status" className="mb-4 text-sm text-muted-foreground">
            {page > pageCount ? (
              <>
                {`Page ${page} does not exist for “${query}”${among}. `}
                <Link to={`/search?${firstPage(query, kind)}`} className="text-primary underline">
                  First page
                </Link>
              </>
            ) : total ? (
              `${countOf(total, nouns.result)} for “${query}”${among}`
            ) : // As the header's box says it: what lies past the reader's progress is not searched for them,
            // unless they show everything.
            searchedAll ? (
              `Nothing matches “${query}”${among}. Try a shorter word or another spelling.`
            ) : (
              `Nothing you have reached matches “${query}”${among}. Check the spelling: what lies past your progress is not searched.`
            )}
          </p>
        ) : null}
        <ol className="divide-y divide-border rounded-lg border border-border bg-card empty:hidden">
          <ShieldedList
            items={results}
            itemKey={(result) => result.ref}
            describe={(run) => countOf(run.length, nouns.result)}
            runAs="li"
            renderItem={(result, shown) =>
              !shown || !result.content ? null : hydrated && result.content.character ? (
                <Suspense fallback={<ResultLine kind={result.kind} text={result.content} />}>
                  <NamedResultLine kind={result.kind} text={result.content} />
                </Suspense>
              ) : (
                <ResultLine kind={result.kind} text={result.content} />
              )
            }
          />
        </ol>
        {query ? <LeftOutNotice what="Results" className="mt-4" /> : null}
        <Pagination page={page} pageCount={pageCount} />
      </div>
    </>
  );
}

/** The first page of results for the words, in the kind chosen. */
function firstPage(query: string, kind: SearchKind | null) {
  const params = new URLSearchParams({ q: query });
  if (kind) params.set("kind", kind);
  params.set("page", "1");
  return params;
}

/** Links that narrow the results to one kind, each with its count; kinds with no hit are left out. */
function KindFilter({ query, kind, counts }: { query: string; kind: SearchKind | null; counts: SearchKindCounts }) {
  const all = searchKinds.reduce((sum, each) => sum + (counts[each] ?? 0), 0);
  const chips: Array<{ kind: SearchKind | null; label: string; count: number }> = [
    { kind: null, label: "All", count: all },
    ...searchKinds
      .filter((each) => counts[each] || each === kind)
      .map((each) => ({ kind: each, label: searchKindPlurals[each], count: counts[each] ?? 0 })),
  ];
  if (!all && !kind) return null;
  return (
    <nav aria-label="Kind of result" className="mb-4">
      {/* One line that scrolls sideways: kinds the revealed results add do not push the results down. */}
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 text-sm [scrollbar-width:thin]">
        {chips.map((chip) => {
          const selected = chip.kind === kind;
          const params = new URLSearchParams({ q: query });
          if (chip.kind) params.set("kind", chip.kind);
          return (
            <li key={chip.kind ?? "all"} className="shrink-0">
              <Link
                to={`?${params}`}
                aria-current={selected ? "page" : undefined}
                className={cn(
                  "tap-area my-[7px] inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-3 py-1",
                  selected ? "border-primary bg-primary text-primary-foreground" : "border-border hover:border-primary",
                )}
              >
                {chip.label} <span className={selected ? "" : "text-muted-foreground"}>{chip.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
