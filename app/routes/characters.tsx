import { cutText } from "~/lib/format";
import { Link, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { OriginalText } from "~/components/original-text";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { Portrait } from "~/components/portrait";
import { ShieldedList } from "~/components/shielded-list";
import { Badge } from "~/components/ui/badge";
import { FilterForm } from "~/components/filter-form";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { oneOf } from "~/lib/http/params";
import { media, mediumLabels } from "~/lib/content/units";
import { countOf, nouns } from "~/lib/words";
import { pageMeta, siteNameFrom } from "~/lib/http/meta";
import { cleanQuery } from "~/lib/search/query";
import { useShieldedData } from "~/browser/spoiler-shield";
import { getCharacterCatalogue } from "~/models/characters.server";
import { missingAffiliation } from "~/lib/http/missing-filter";
import { notFound } from "~/server/not-found.server";
import { requestedPage, requireExistingPage } from "~/server/paging.server";
import { requesterKnowledge, shieldedData } from "~/server/shield.server";
import { publicCopy, sealedCopy, type Unshielded } from "~/lib/shield/gated";
import type { Route } from "./+types/characters";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = requestedPage(new URL(request.url));
  const mediumParam = params.get("medium") || null;
  const filters = {
    query: cleanQuery(params.get("q")),
    affiliation: cutText(params.get("affiliation")?.trim() ?? "", 100) || null,
    medium: oneOf(media, mediumParam),
    page,
  };
  const catalogue = await getCharacterCatalogue(context.db, filters, requesterKnowledge(request));
  const { affiliations } = catalogue;
  if (filters.affiliation && !affiliations.some(({ affiliation }) => affiliation === filters.affiliation))
    throw notFound(missingAffiliation(filters.affiliation, affiliations));
  requireExistingPage(new URL(request.url), { page, pageCount: catalogue.pageCount });
  return shieldedData(request, { ...catalogue, filters });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const data = publicCopy(loaderData);
  return pageMeta(siteNameFrom(matches), {
    title: data?.filters.query ? `Characters matching “${data.filters.query}”` : "Characters",
    description:
      "Every character of the series: search by name or alias, filter by affiliation or the medium they first appear in.",
  });
};

export default function Characters({ loaderData }: Route.ComponentProps) {
  // A name search leaves out, without a trace, characters the first load does not know: ask again with what the reader knows.
  const {
    characters,
    total,
    pageCount,
    affiliations,
    media: mediaCounts,
    filters,
  } = useShieldedData(loaderData, { withheld: sealedCopy(loaderData).filters.query !== "" }).data;
  const navigation = useNavigation();

  return (
    <>
      <PageHeader
        title="Characters"
        lead="Search by name or alias, or narrow the list by affiliation and by the medium a character first appears in."
      />
      <FilterForm
        submitLabel="Search"
        role="search"
        className="mb-6 grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
      >
        <Field id="character-query" label="Name or alias">
          <Input
            name="q"
            type="search"
            defaultValue={filters.query}
            maxLength={100}
            placeholder="e.g. The Ash Warden"
          />
        </Field>
        <Field id="character-affiliation" label="Affiliation">
          <Select name="affiliation" defaultValue={filters.affiliation ?? ""}>
            <option value="">Any affiliation</option>
            {affiliations.map(({ affiliation, count }) => (
              <option key={affiliation} value={affiliation}>
                {affiliation} ({count})
              </option>
            ))}
          </Select>
        </Field>
        <Field id="character-medium" label="First appears in">
          <Select name="medium" defaultValue={filters.medium ?? ""}>
            <option value="">Any medium</option>
            {mediaCounts.map(({ medium, count }) => (
              <option key={medium} value={medium}>
                {mediumLabels[medium]} ({count})
              </option>
            ))}
          </Select>
        </Field>
      </FilterForm>

      <p role="status" className="mb-4 text-sm text-muted-foreground" aria-busy={navigation.state !== "idle"}>
        {total === 0
          ? "No character matches."
          : `${countOf(total, nouns.character)}${pageCount > 1 ? ` · page ${filters.page} of ${pageCount}` : ""}`}
      </p>

      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <ShieldedList
          items={characters}
          itemKey={(character) => character.key}
          describe={(run) => countOf(run.length, nouns.character)}
          runAs="li"
          unknownAs="unmet"
          // A card's height (its portrait, padding and border), so a character the reader has met takes the place that waited for them.
          places="min-h-[5.625rem] rounded-lg"
          renderItem={(item, shown) =>
            shown && item.content ? (
              <CharacterCard key={item.key} character={item.content} eager={characters.indexOf(item) < 6} />
            ) : null
          }
        />
      </ul>

      <Pagination page={filters.page} pageCount={pageCount} />
    </>
  );
}

type CatalogueCharacter = NonNullable<Unshielded<Route.ComponentProps["loaderData"]>["characters"][number]["content"]>;

function CharacterCard({ character, eager }: { character: CatalogueCharacter; eager: boolean }) {
  return (
    <li>
      <Link
        to={`/characters/${character.slug}`}
        prefetch="intent"
        className="flex h-full gap-3 rounded-lg border border-border bg-card p-3 transition-colors hover:border-primary"
      >
        <Portrait portrait={character.portrait} name={character.name} eager={eager} />
        <div className="min-w-0">
          <p className="font-semibold">{character.name}</p>
          <OriginalText text={character.originalName} className="text-sm" />
          {character.aliases.length ? (
            <p className="text-sm text-muted-foreground">Also: {character.aliases.join(", ")}</p>
          ) : null}
          <div className="mt-1 flex flex-wrap gap-1">
            {character.affiliations.map((affiliation) => (
              <Badge key={affiliation}>{affiliation}</Badge>
            ))}
          </div>
        </div>
      </Link>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
