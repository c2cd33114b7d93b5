import { cutText } from "~/lib/format";
import { data, Link, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CharacterName } from "~/components/character-name";
import { OriginalText } from "~/components/original-text";
import { PageHeader } from "~/components/page-header";
import { ProgressLink } from "~/components/progress-link";
import { Pagination } from "~/components/pagination";
import { Portrait } from "~/components/portrait";
import { Badge } from "~/components/ui/badge";
import { FilterForm } from "~/components/filter-form";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { WrappingSelect } from "~/components/ui/wrapping-select";
import { oneOf } from "~/lib/http/params";
import { media, mediumLabels } from "~/lib/content/units";
import { countOf, nouns } from "~/lib/words";
import { pageMeta } from "~/lib/http/meta";
import { cleanQuery } from "~/lib/search/query";
import { useAnswerWait, useShieldedData } from "~/browser/spoiler-shield";
import { getCharacterCatalogue } from "~/models/characters.server";
import { requestedPage } from "~/server/paging.server";
import { requesterKnowledge, shieldedData } from "~/server/shield.server";
import { publicCopy, type Unshielded } from "~/lib/shield/gated";
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
  const sealed = shieldedData(request, { ...catalogue, filters });
  // An affiliation none of the characters the requester has met holds (or no one at all: the two read
  // the same, so the answer tells nothing of those not met), or a page past their last: a 404 the page
  // renders itself, so a reader who has met more gets their page once it asks again with what they know.
  const missingAffiliation =
    filters.affiliation !== null &&
    !catalogue.affiliations.some(({ affiliation }) => affiliation === filters.affiliation);
  return missingAffiliation || page > catalogue.pageCount ? data(sealed, { status: 404 }) : sealed;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const data = publicCopy(loaderData);
  return pageMeta(
    { matches, error },
    {
      title: data?.filters.query ? `Characters matching “${data.filters.query}”` : "Characters",
      description:
        "The characters of the series a reader has met, by name: search by name or alias, filter by affiliation or the medium the reader met them in.",
    },
  );
};

export default function Characters({ loaderData }: Route.ComponentProps) {
  // The catalogue lists only the characters its requester has met, and the first load knows nothing:
  // ask again with what the shield shows (no line of hidden characters to blur or show).
  const answer = useShieldedData(loaderData, { withheld: true, shownOnly: true });
  const { characters, total, pageCount, affiliations, media: mediaCounts, filters } = answer.data;
  // The reader's own answer recounts and reorders the list: it waits for it, invisible, in its place.
  const { waiting, className: hold } = useAnswerWait(true, answer);
  const navigation = useNavigation();
  const affiliationMissing =
    filters.affiliation !== null && !affiliations.some(({ affiliation }) => affiliation === filters.affiliation);

  return (
    <>
      <PageHeader
        title="Characters"
        lead="The characters you have met, by name. Search by name or alias, or narrow the list by affiliation and by the medium you met them in."
      />
      <FilterForm
        submitLabel="Search"
        role="search"
        aria-label="Find characters"
        className="mb-6 grid gap-3 rounded-lg border border-border bg-card p-card sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
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
          <WrappingSelect name="affiliation" defaultValue={filters.affiliation ?? ""}>
            <option value="">Any affiliation</option>
            {/* The address's own affiliation stays chosen, also when no one the reader has met holds it. */}
            {affiliationMissing ? <option value={filters.affiliation!}>{filters.affiliation} (0)</option> : null}
            {affiliations.map(({ affiliation, count }) => (
              <option key={affiliation} value={affiliation}>
                {affiliation} ({count})
              </option>
            ))}
          </WrappingSelect>
        </Field>
        {/* The media the reader met them in: those they follow, never another (app/lib/content/characters.ts). */}
        <Field id="character-medium" label="Met in">
          <WrappingSelect name="medium" defaultValue={filters.medium ?? ""}>
            <option value="">Any medium</option>
            {filters.medium && !mediaCounts.some(({ medium }) => medium === filters.medium) ? (
              <option value={filters.medium}>{mediumLabels[filters.medium]} (0)</option>
            ) : null}
            {mediaCounts.map(({ medium, count }) => (
              <option key={medium} value={medium}>
                {mediumLabels[medium]} ({count})
              </option>
            ))}
          </WrappingSelect>
        </Field>
      </FilterForm>

      <div className={hold} aria-busy={waiting || undefined}>
        <p role="status" className="mb-4 text-sm text-muted-foreground" aria-busy={navigation.state !== "idle"}>
          {affiliationMissing ? (
            `No character you have met is in “${filters.affiliation}”.`
          ) : filters.page > pageCount ? (
            <>
              {`Page ${filters.page} does not exist. `}
              <Link to={firstPage(filters)} className="text-primary underline">
                First page
              </Link>
            </>
          ) : total === 0 ? (
            "No character you have met matches."
          ) : (
            `${countOf(total, nouns.character)}, by name${pageCount > 1 ? ` · page ${filters.page} of ${pageCount}` : ""}`
          )}
        </p>

        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {characters.map((character, index) =>
            character.content ? (
              <CharacterCard key={character.key} character={character.content} eager={index < 6} />
            ) : null,
          )}
        </ul>

        <p className="mt-6 text-sm text-muted-foreground">
          Characters you have not met yet are not listed. <ProgressLink className="text-primary" />
        </p>

        {filters.page <= pageCount ? <Pagination page={filters.page} pageCount={pageCount} /> : null}
      </div>
    </>
  );
}

/** The first page of the list the address asks for (its words and filters kept). */
function firstPage(filters: { query: string; affiliation: string | null; medium: string | null }) {
  const params = new URLSearchParams();
  if (filters.query) params.set("q", filters.query);
  if (filters.affiliation) params.set("affiliation", filters.affiliation);
  if (filters.medium) params.set("medium", filters.medium);
  return `/characters${params.size ? `?${params}` : ""}`;
}

type CatalogueCharacter = NonNullable<Unshielded<Route.ComponentProps["loaderData"]>["characters"][number]["content"]>;

function CharacterCard({ character, eager }: { character: CatalogueCharacter; eager: boolean }) {
  return (
    <li className="@container">
      {/* With a large text size on a phone (a card narrower than 12rem) the portrait goes above the name,
          which beside it would have a word's room a line. */}
      <Link
        to={`/characters/${character.slug}`}
        className="flex h-full gap-3 rounded-lg border border-border bg-card p-3 transition-colors hover:border-primary @max-[12rem]:flex-col"
      >
        <Portrait portrait={character.portrait} name={character.name} eager={eager} />
        <div className="min-w-0">
          <p className="font-semibold">
            <CharacterName character={character} />
          </p>
          <OriginalText text={character.originalName} className="text-sm" />
          {character.aliases.length ? (
            <p className="text-sm text-muted-foreground">Also: {character.aliases.join(", ")}</p>
          ) : null}
          <div className="mt-1 flex flex-wrap gap-1">
            {character.affiliations.map((affiliation) => (
              <Badge key={affiliation} wrap>
                {affiliation}
              </Badge>
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
