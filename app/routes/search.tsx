import { Form, Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { ShieldedList } from "~/components/shielded-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { pluralize } from "~/lib/format";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import { parsePositiveInt } from "~/lib/params";
import { cleanQuery, searchKindLabels } from "~/lib/search-query";
import { searchSite } from "~/models/search.server";
import { notFound } from "~/server/not-found.server";
import type { Route } from "./+types/search";

const RESULTS_PER_PAGE = 20;
const SUGGESTIONS = 8;

/** Also answers the header's suggestions (`?suggest=1`), which want fewer results. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = cleanQuery(params.get("q"));
  const suggest = params.get("suggest") === "1";
  const page = parsePositiveInt(params.get("page") ?? "1");
  if (page === null) notFound();
  const limit = suggest ? SUGGESTIONS : RESULTS_PER_PAGE;
  const { results, total } = await searchSite(context.db, query, { limit, offset: (page - 1) * limit });
  const pageCount = Math.max(1, Math.ceil(total / RESULTS_PER_PAGE));
  if (page > pageCount) notFound();
  return { query, results, total, page, pageCount };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  pageMeta(siteNameFrom(matches), {
    title: data?.query ? `Search: ${data.query}` : "Search",
    description: "Search characters (by name or alias), chapters, light novel volumes and side stories.",
  });

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, results, total, page, pageCount } = loaderData;
  return (
    <>
      <PageHeader title="Search" lead="Characters by name or alias, chapters, light novel volumes and side stories." />
      <Form method="get" role="search" className="mb-6 flex gap-2">
        <label htmlFor="search-page-query" className="sr-only">
          Search the site
        </label>
        <Input id="search-page-query" type="search" name="q" defaultValue={query} maxLength={100} className="min-w-0 flex-1" placeholder="Name, alias or title" />
        <Button type="submit">Search</Button>
      </Form>
      {query ? (
        <p role="status" className="mb-4 text-sm text-muted-foreground">
          {total ? `${pluralize(total, "result")} for “${query}”` : `Nothing found for “${query}”. Try a shorter word or another spelling.`}
        </p>
      ) : null}
      <ol className="divide-y divide-border rounded-lg border border-border bg-card empty:hidden">
        <ShieldedList
          items={results}
          itemKey={(result) => result.ref}
          revealAt={(result) => result.revealAt}
          describe={(run) => pluralize(run.length, "result")}
          runAs="li"
          renderItem={(result, shown) =>
            shown ? (
              <li>
                <Link to={result.path} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 hover:bg-muted">
                  <Badge tone="outline">{searchKindLabels[result.kind]}</Badge>
                  <span className="font-medium">{result.title}</span>
                  <span className="text-sm text-muted-foreground">{result.subtitle}</span>
                </Link>
              </li>
            ) : null
          }
        />
      </ol>
      <Pagination page={page} pageCount={pageCount} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
