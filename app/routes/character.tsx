import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { OriginalText } from "~/components/original-text";
import { PageSection } from "~/components/page-section";
import { Portrait } from "~/components/portrait";
import { Spoiler } from "~/components/spoiler";
import { Badge } from "~/components/ui/badge";
import { titleAfterLabel } from "~/lib/content/labels";
import { slugPattern, unitMediumLabels, unitPath } from "~/lib/content/units";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import { getCharacter } from "~/models/characters.server";
import { notFound } from "~/server/not-found.server";
import type { Route } from "./+types/character";

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug ?? "";
  if (!slugPattern.test(slug)) notFound();
  const character = await getCharacter(context.db, slug);
  if (!character) notFound();
  return { character };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  pageMeta(siteNameFrom(matches), {
    title: data ? data.character.name : "Character",
    description: data?.character.summary ?? `Profile of ${data?.character.name ?? "a character"}: names, affiliations, first appearances and relationships.`,
    type: "profile",
  });

export default function Character({ loaderData }: Route.ComponentProps) {
  const { character } = loaderData;
  return (
    <article className="space-y-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/characters" className="text-primary underline">
          Characters
        </Link>{" "}
        / <span aria-current="page">{character.name}</span>
      </nav>
      <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <Portrait portrait={character.portrait} name={character.name} size="lg" eager />
        <div className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{character.name}</h1>
          <OriginalText text={character.originalName} className="text-lg" />
          {character.aliases.length ? <p>Also known as {character.aliases.map((alias) => `“${alias}”`).join(", ")}</p> : null}
          <div className="flex flex-wrap gap-1">
            {character.affiliations.map((affiliation) => (
              <Link key={affiliation} to={`/characters?affiliation=${encodeURIComponent(affiliation)}`}>
                <Badge tone="outline">{affiliation}</Badge>
              </Link>
            ))}
          </div>
          {character.summary ? <p className="max-w-2xl">{character.summary}</p> : null}
        </div>
      </header>

      <PageSection id="appearances" title="First appearances">
        {character.firstAppearances.length ? (
          <ul className="grid gap-2 sm:grid-cols-3">
            {character.firstAppearances.map((appearance) => {
              // Under the label, only what the title adds to it: "The Unburnt Wick", not "Lanternfall 1: The Unburnt Wick".
              const title = titleAfterLabel(appearance.label, appearance.title) ?? appearance.title;
              return (
                <li key={appearance.key}>
                  <Link to={unitPath(appearance.key)} className="block h-full rounded-lg border border-border bg-card p-3 hover:border-primary">
                    <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{unitMediumLabels[appearance.medium]}</span>
                    <span className="block font-medium">{appearance.label}</span>
                    {title ? (
                      <span className="block text-sm text-muted-foreground">
                        <Spoiler revealAt={appearance.titleRevealAt} what="The title">
                          {title}
                        </Spoiler>
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-muted-foreground">No recorded appearance yet.</p>
        )}
      </PageSection>

      {character.facts.length ? (
        <PageSection id="facts" title="Profile">
          <dl className="divide-y divide-border rounded-lg border border-border bg-card">
            {character.facts.map((fact, index) => (
              <div key={index} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr]">
                <dt className="font-medium text-muted-foreground">{fact.label}</dt>
                <dd>
                  <Spoiler revealAt={fact.revealAt} what="This fact">
                    {fact.value}
                  </Spoiler>
                </dd>
              </div>
            ))}
          </dl>
        </PageSection>
      ) : null}

      {character.relationships.length ? (
        <PageSection id="relationships" title="Relationships">
          <ul className="grid gap-2 sm:grid-cols-2">
            {character.relationships.map((relationship) => (
              <li key={`${relationship.slug}-${relationship.kind}`} className="rounded-lg border border-border bg-card p-3">
                <Spoiler revealAt={relationship.revealAt} what="This relationship" block>
                  <Link to={`/characters/${relationship.slug}`} className="font-semibold text-primary underline">
                    {relationship.name}
                  </Link>{" "}
                  <Badge>{relationship.kind}</Badge>
                  <p className="mt-1 text-sm">{relationship.description}</p>
                </Spoiler>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
