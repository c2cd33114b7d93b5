import { useEffect, useState } from "react";
import { data, Link, useLocation } from "react-router";
import { GeneralErrorBoundary, NotFound } from "~/components/general-error-boundary";
import { CharacterName, useProseRenames, useShownName } from "~/components/character-name";
import { namedMedia, proseRenamer } from "~/lib/content/medium-names";
import { OriginalText } from "~/components/original-text";
import { PageSection } from "~/components/page-section";
import { ProgressLink } from "~/components/progress-link";
import { Portrait } from "~/components/portrait";
import type { Gated } from "~/lib/shield/gated";
import { Spoiler } from "~/components/spoiler";
import { ShieldedList } from "~/components/shielded-list";
import { countOf, nouns } from "~/lib/words";
import { TITLE_HIDDEN, useTitleHeldBack } from "~/components/unit-title";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { mediumAndPlace, titleAfterLabel, wrappingLabel } from "~/lib/content/labels";
import { slugPattern, unitPath } from "~/lib/content/units";
import { cn } from "~/lib/cn";
import { displayPath } from "~/lib/http/display-path";
import { knows } from "~/lib/shield/knowledge";
import { pageMeta } from "~/lib/http/meta";
import { getCharacter } from "~/models/character-profile.server";
import { isRevealed } from "~/lib/shield/shield";
import { useShieldedData, useShield } from "~/browser/spoiler-shield";
import { notFound } from "~/server/not-found.server";
import { requesterKnowledge, shieldedData } from "~/server/shield.server";
import { publicCopy, type Unshielded } from "~/lib/shield/gated";
import type { Route } from "./+types/character";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/**
 * A character the requester has not met is answered as an address that names no one: a 404 with no
 * trace of them, the same as an unknown slug, so an address cannot tell whether someone exists. The
 * page renders that 404 itself (NotMetYet), so a reader who has met them gets the profile once it asks
 * again with what they know (useShieldedData), and one who asks to see them gets it on request.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const slug = params.slug ?? "";
  if (!slugPattern.test(slug)) notFound();
  const found = await getCharacter(context.db, slug);
  const character = found && knows(requesterKnowledge(request), found.revealedBy) ? found : null;
  const page = shieldedData(request, { character });
  return character ? page : data(page, { status: 404 });
}

const notMetTitle = "A character you have not met yet";

export const meta: Route.MetaFunction = ({ loaderData, matches, location, error }) => {
  const data = publicCopy(loaderData);
  // What everyone may see: a gated character is named in no title, whatever `reveal` a link carried.
  const character = data?.character?.content;
  // No data: an address that is no character's at all (not a slug), answered by the error page.
  if (!data)
    return pageMeta(
      { matches, error },
      {
        title: "Page not found",
        description: `Page not found: ${displayPath(location.pathname)}`,
      },
    );
  if (!character)
    return pageMeta(
      { matches, error },
      {
        title: notMetTitle,
        description: `${notMetTitle}, or no one: ${displayPath(location.pathname)}`,
      },
    );
  return pageMeta(
    { matches, error },
    {
      title: character.name,
      description:
        character.summary ?? `Profile of ${character.name}: names, affiliations, first appearances and relationships.`,
      type: "profile",
    },
  );
};

type Profile = NonNullable<NonNullable<Unshielded<Route.ComponentProps["loaderData"]>["character"]>["content"]>;

export default function Character({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // "Show it" on an address whose character the reader has not met: this address asks for everything
  // (another character's address, reached from here, asks as any other).
  const [shownAt, setShownAt] = useState<string | null>(null);
  const showAll = shownAt === pathname;
  // Always asked again with what the reader knows: a character's true name, once they know it, is carried
  // with no trace before (`secretly`), so a public profile cannot tell whether there is one to ask for.
  const { data, waiting, revealed } = useShieldedData(loaderData, { withheld: true, everything: showAll });
  const { character } = data;
  const shield = useShield();
  const shown = showAll && revealed && !waiting;
  // Asked for everything (by "Show it", or a shield that shows everything) and no one is here: the page
  // says so, in its title too.
  const noOne = revealed && !waiting && !character && (showAll || (shield !== null && shield.mode !== "hide"));
  useEffect(() => {
    if (noOne) document.title = document.title.replace(notMetTitle, "Page not found");
  }, [noOne]);
  if (shown && character?.content) return <CharacterProfile character={character.content} />;
  if (!character) {
    if (noOne) return <NotFound pathname={pathname} />;
    return (
      <NotMetYet
        checking={shield ? waiting && !revealed && !showAll : null}
        showing={showAll && waiting}
        onShow={shield ? () => setShownAt(pathname) : null}
      />
    );
  }
  if (character.content && isRevealed(shield, character.revealedBy))
    return <CharacterProfile character={character.content} />;
  // Shown on request or blurred: the profile behind the shield's placeholder.
  return (
    <article className="space-y-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/characters" className="tap-line text-primary underline">
          Characters
        </Link>
      </nav>
      <h1 className="text-page-title font-bold tracking-tight sm:text-4xl">A character you have not met yet</h1>
      <Spoiler gated={character} what="This character" block>
        {(profile) => <CharacterProfile character={profile} titled={false} />}
      </Spoiler>
    </article>
  );
}

/**
 * Every address of a character the reader has not met, and every address that names no one, says the
 * same (so an address cannot tell whether someone exists): what it may be, with "Show it" and "Set your
 * progress". A browser that keeps progress first says it is looking (before hydration: <html
 * data-progress>), in words from the first paint, and the page keeps a screen's height while it does,
 * so a reader who has met them sees their profile take its place without a "not met" on the way.
 * `checking` null: not known yet whether the page will ask (on the server, before hydration).
 */
function NotMetYet({
  checking,
  showing,
  onShow,
}: {
  checking: boolean | null;
  showing: boolean;
  onShow: (() => void) | null;
}) {
  return (
    <section
      aria-labelledby="not-met-title"
      aria-busy={checking || showing || undefined}
      className="min-h-[100dvh] space-y-4 py-8"
    >
      <p
        role="status"
        className={cn(
          "text-muted-foreground",
          checking === null ? "hidden [:root[data-progress]_&]:block" : !checking && "hidden",
        )}
      >
        Looking for this character in what you have read or watched…
      </p>
      <div
        className={cn(
          "max-w-2xl space-y-4",
          checking === null ? "[:root[data-progress]_&]:invisible" : checking && "invisible",
        )}
      >
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link to="/characters" className="tap-line text-primary underline">
            Characters
          </Link>
        </nav>
        <h1 id="not-met-title" className="text-page-title font-bold tracking-tight sm:text-4xl">
          {notMetTitle}
        </h1>
        <p>
          This address names someone who has not appeared in what you have read or watched, or no one at all. The site
          does not say which until you ask, so a link someone shared spoils nothing.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {/* Its place is kept before the page is interactive, as the shield's other "Show it" buttons do. */}
          <Button
            onClick={onShow ?? undefined}
            disabled={!onShow || showing}
            className={onShow ? undefined : "invisible"}
            aria-hidden={onShow ? undefined : true}
          >
            {showing ? "Showing…" : "Show it"}
          </Button>
          <ProgressLink className="tap-line font-medium text-primary underline-offset-4" />
          <Link to="/characters" className="tap-line font-medium text-primary underline underline-offset-4">
            The characters you have met
          </Link>
        </div>
      </div>
    </section>
  );
}

/** `titled`: the profile is shown, not blurred behind the shield, so the page's title may name them. */
function CharacterProfile({ character, titled = true }: { character: Profile; titled?: boolean }) {
  const { name, original, knownAs, others } = useShownName(character, [
    ...character.firstAppearances.flatMap(
      (appearance) => namedMedia.find((medium) => medium === appearance.medium) ?? [],
    ),
    ...(character.inManga ? (["manga"] as const) : []),
  ]);
  // Prose names the character, and those it is related to, as this reader knows them ("Nyx" in the anime).
  const renames = useProseRenames([
    character,
    ...character.relationships.flatMap((relationship) => (relationship.content ? [relationship.content] : [])),
  ]);
  const prose = proseRenamer(renames);
  // The page's title names no one the first load did not know; once the profile is shown, it does (by
  // their true name once the reader knows it).
  useEffect(() => {
    if (!titled) return;
    const siteName = document.title.split(" · ").at(-1);
    document.title = siteName ? `${name} · ${siteName}` : name;
  }, [name, titled]);
  return (
    <article className="space-y-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/characters" className="tap-line text-primary underline">
          Characters
        </Link>{" "}
        / <span aria-current="page">{name}</span>
      </nav>
      <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <Portrait portrait={character.portrait} name={character.name} size="lg" eager />
        <div className="space-y-2">
          <h1 className="text-page-title font-bold tracking-tight sm:text-4xl">{name}</h1>
          {/* A true name as the original writes it; the original of the name everyone knows goes with that name. */}
          <OriginalText text={original} className="text-lg" />
          {knownAs ? (
            <p className="text-lg">
              Known as “{knownAs}”
              {character.originalName ? (
                <>
                  {" "}
                  {/* Kept whole on the next line rather than broken after "Known as". */}
                  <OriginalText as="span" text={character.originalName} className="inline-block" />
                </>
              ) : null}
            </p>
          ) : null}
          {others.length ? (
            <ul aria-label="Other names" className="text-muted-foreground">
              {others.map((other) => (
                <li key={other.name}>
                  <span className="font-medium text-foreground">{other.name}</span> in {other.where}
                </li>
              ))}
            </ul>
          ) : null}
          {knownAs ? null : <OriginalText text={character.originalName} className="text-lg" />}
          {character.aliases.length ? (
            <p>Also known as {character.aliases.map((alias) => `“${alias}”`).join(", ")}</p>
          ) : null}
          <div className="flex flex-wrap gap-x-1">
            {character.affiliations.map((affiliation) => (
              <Link
                key={affiliation}
                to={`/characters?affiliation=${encodeURIComponent(affiliation)}`}
                className="tap-line"
              >
                <Badge tone="outline" wrap>
                  {affiliation}
                </Badge>
              </Link>
            ))}
          </div>
          {character.summary ? <p className="max-w-2xl">{prose(character.summary)}</p> : null}
        </div>
      </header>

      <PageSection id="appearances" title="First appearances">
        {character.firstAppearances.length ? (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {character.firstAppearances.map((appearance) => {
              const names = mediumAndPlace(appearance);
              return (
                <li key={appearance.key}>
                  <Link
                    to={unitPath(appearance.key)}
                    className="block h-full rounded-lg border border-border bg-card p-3 hover:border-primary"
                  >
                    <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                      {names.medium}
                    </span>
                    <span className="block font-medium">{names.place}</span>
                    {appearance.title ? <AppearanceTitle label={appearance.label} title={appearance.title} /> : null}
                    {/* After the episode's title, which is not the recut episode's. */}
                    {appearance.inRecut ? (
                      <span className="block text-sm text-muted-foreground">
                        Also in <span className="inline-block">{wrappingLabel(appearance.inRecut.label)}</span>
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
          <ul className="divide-y divide-border rounded-lg border border-border bg-card">
            {/* Facts the reader has not reached fold into one line a run, not a box each saying the same. */}
            <ShieldedList
              items={character.facts.map((fact, index) => ({ ...fact, key: `fact-${index}` }))}
              itemKey={(fact) => fact.key}
              describe={(run) => countOf(run.length, nouns.fact)}
              runAs="li"
              runClassName="m-2"
              renderItem={(fact, shown) =>
                shown && fact.content ? (
                  <li key={fact.key} className="px-4 py-3">
                    <span className="grid gap-1 sm:grid-cols-[12rem_1fr]">
                      <span className="font-medium text-muted-foreground">{fact.content.label}</span>
                      <span>{prose(fact.content.value)}</span>
                    </span>
                  </li>
                ) : null
              }
            />
          </ul>
        </PageSection>
      ) : null}

      {character.relationships.length ? (
        <PageSection id="relationships" title="Relationships">
          <ul className="grid gap-2 sm:grid-cols-2">
            <ShieldedList
              items={character.relationships.map((relationship, index) => ({
                ...relationship,
                key: `relationship-${index}`,
              }))}
              itemKey={(relationship) => relationship.key}
              describe={(run) => countOf(run.length, nouns.relationship)}
              runAs="li"
              renderItem={(relationship, shown) => {
                if (!shown || !relationship.content) return null;
                const { slug, name, trueName, mediumNames, kind, description } = relationship.content;
                return (
                  <li key={relationship.key} className="rounded-lg border border-border bg-card p-3">
                    <Link to={`/characters/${slug}`} className="tap-line font-semibold text-primary underline">
                      <CharacterName character={{ name, trueName, mediumNames }} />
                    </Link>{" "}
                    {/* "other" says nothing a reader can use; the description says what they are to each other. */}
                    {kind === "other" ? null : <Badge>{kind}</Badge>}
                    <p className="mt-1 text-sm">{prose(description)}</p>
                  </li>
                );
              }}
            />
          </ul>
        </PageSection>
      ) : null}
    </article>
  );
}

/**
 * Under an appearance's label, only what its title adds to it ("The Unburnt Wick", not "Lanternfall 1:
 * The Unburnt Wick"); "Title hidden" where it waits for the reader to reach the unit.
 */
function AppearanceTitle({ label, title }: { label: string; title: Gated<string> }) {
  const heldBack = useTitleHeldBack(title);
  return (
    <span className="block text-sm text-muted-foreground">
      {heldBack ? (
        TITLE_HIDDEN
      ) : (
        <Spoiler gated={title} what="The title">
          {(text) => titleAfterLabel(label, text) ?? text}
        </Spoiler>
      )}
    </span>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
