import { Link } from "react-router";
import { AnimeSpecialList } from "~/components/anime-special";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { useShieldedData } from "~/browser/spoiler-shield";
import { slugPattern } from "~/lib/content/units";
import type { MissingFilter } from "~/lib/http/missing-filter";
import { pageMeta } from "~/lib/http/meta";
import { showingRange } from "~/lib/http/paging";
import { publicCopy } from "~/lib/shield/gated";
import { nouns } from "~/lib/words";
import { getAnimeSpecials } from "~/models/anime-specials.server";
import { notFound } from "~/server/not-found.server";
import { requestedPage, requireExistingPage } from "~/server/paging.server";
import { shieldedData } from "~/server/shield.server";
import type { Route } from "./+types/anime.specials";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/** A `?special=` that names none: the list is offered. */
const missingSpecial = (slug: string): MissingFilter => ({
  missing: `The OVA, special or film “${slug}”`,
  instead: "They are all listed on",
  choices: [{ label: "OVAs, specials and films", href: "/anime/specials" }],
});

/**
 * The OVAs, specials and films a page at a time, in the pack's order. A special's address
 * (`?special=<slug>`, from `unitPath`) shows the page holding it; a page asked for by number wins.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = requestedPage(url);
  const asked = url.searchParams.get("special");
  const special = url.searchParams.has("page") ? null : asked;
  if (special !== null && !slugPattern.test(special)) notFound(missingSpecial(special));
  const specials = await getAnimeSpecials(context.db, { page, special });
  if (special !== null && !specials.named) notFound(missingSpecial(special));
  requireExistingPage(url, specials.paging);
  return shieldedData(request, specials);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const paging = publicCopy(loaderData)?.paging;
  return pageMeta(
    { matches, error },
    {
      title: `Anime · OVAs, specials and films${paging && paging.page > 1 ? ` · page ${paging.page}` : ""}`,
      description:
        "The anime's OVAs, specials and films, released apart from its seasons: what each adapts, when it came out, which episode it is watched after and its translation notes.",
    },
  );
};

export default function AnimeSpecials({ loaderData }: Route.ComponentProps) {
  const { specials, paging } = useShieldedData(loaderData).data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/anime" className="tap-line min-w-11 text-primary underline">
          Anime
        </Link>{" "}
        / <span aria-current="page">OVAs, specials and films</span>
      </nav>
      <PageHeader
        title="OVAs, specials and films"
        lead={`${showingRange(paging, nouns.animeSpecial)}, released apart from the seasons. Each is watched on its own: marking one as watched says nothing of the episodes around it.`}
      />
      {specials.length ? (
        <AnimeSpecialList specials={specials} />
      ) : (
        <p>The anime has no OVA, special or film loaded.</p>
      )}
      <Pagination page={paging.page} pageCount={paging.pageCount} choosing={["special"]} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
