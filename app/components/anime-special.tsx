import { Link } from "react-router";
import { AdaptsLinks } from "~/components/anime-episode";
import { DiscussionLink } from "~/components/discussion-link";
import { OriginalText } from "~/components/original-text";
import { ReadUpToHere } from "~/components/read-up-to-here";
import { Spoiler } from "~/components/spoiler";
import { StoryDate } from "~/components/story-date";
import { Badge } from "~/components/ui/badge";
import { TITLE_NOT_ANNOUNCED, UnitTitle } from "~/components/unit-title";
import { type AnimeSpecial, animeMistakesPath, type SeasonSpecial } from "~/lib/content/anime";
import { runtimeLabel } from "~/lib/content/air-times";
import { placeWithinMedium, wrappingLabel } from "~/lib/content/labels";
import { unitAnchor, unitPath } from "~/lib/content/units";
import { countOf, nouns } from "~/lib/words";
import type { Gated } from "~/lib/shield/gated";
import type { Revealers } from "~/lib/shield/knowledge";

/*
 * The anime's OVAs, specials and films: listed in full on /anime/specials, each with its kind, date,
 * runtime, what it adapts and where it is watched for everyone; its title waits as an episode's does
 * ("Title not announced" where it has none yet, which hides nothing), and what it tells (its synopsis, an
 * anime-original one's note) for what reveals it; how many translation notes name it, linked to them, for
 * everyone, as an episode's count is. "I have watched this" ticks it alone. A season of /anime names those
 * watched after its episodes.
 */

export function AnimeSpecialList({ specials }: { specials: readonly AnimeSpecial[] }) {
  return (
    <ol className="space-y-3">
      {specials.map((special) => (
        <Special key={special.key} special={special} />
      ))}
    </ol>
  );
}

/**
 * On a season of /anime: the specials watched after its episodes, each by its kind and its title where
 * the reader has reached it ("OVA: Paper Boats"; "OVA 3: title not announced" before it has one), and the
 * way to all of them.
 */
export function SeasonSpecials({ specials, count }: { specials: readonly SeasonSpecial[]; count: number }) {
  if (!count) return null;
  return (
    <section aria-labelledby="anime-specials" className="mt-8 space-y-3">
      <h2 id="anime-specials" className="text-2xl font-bold tracking-tight">
        OVAs, specials and films
      </h2>
      {specials.length ? (
        <>
          <ul className="space-y-1">
            {specials.map((special) => (
              <li key={special.key}>
                <Link to={unitPath(special.key)} className="text-primary underline">
                  {nameOf(special)}
                </Link>
                {": "}
                {special.title ? (
                  <UnitTitle gated={special.title} hidden="title hidden" what={`This ${nameOf(special)}'s title`}>
                    {(title) => title}
                  </UnitTitle>
                ) : (
                  <span className="text-muted-foreground">{TITLE_NOT_ANNOUNCED.toLowerCase()}</span>
                )}
                , watched after{" "}
                <Link to={unitPath(special.watchAfter.key)} className="text-primary underline">
                  {special.watchAfter.label}
                </Link>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">
            Each is watched on its own: marking one as watched says nothing of the episodes around it.
          </p>
        </>
      ) : null}
      <p>
        <Link to="/anime/specials" className="tap-line text-primary underline">
          {count > 1 ? "All " : null}
          {countOf(count, nouns.animeSpecial)}
        </Link>
        : what each adapts, when it came out and where it fits.
      </p>
    </section>
  );
}

/** "Film", "OVA 2": its label without the medium. */
const nameOf = (special: Pick<AnimeSpecial, "label">) => placeWithinMedium({ medium: "anime_specials", ...special });

function Special({ special }: { special: AnimeSpecial }) {
  const { adapts } = special;
  const name = nameOf(special);
  return (
    <li
      id={unitAnchor(special.key)}
      data-special={special.kind}
      className="space-y-3 rounded-lg border border-border bg-card p-4 target:border-primary"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {name} · <StoryDate date={special.releasedOn} />
            {special.runtime !== null ? ` · ${runtimeLabel(special.runtime)}` : null}
          </p>
          {special.title ? (
            <UnitTitle gated={special.title} as="h2" className="font-semibold" what={`This ${name}'s title`}>
              {({ title, originalTitle }) => (
                <>
                  <h2 className="font-semibold">{title}</h2>
                  <OriginalText text={originalTitle} className="text-sm" />
                </>
              )}
            </UnitTitle>
          ) : (
            // Nothing waits: in the heading's place, so the page keeps its outline.
            <h2 className="font-semibold text-muted-foreground">{TITLE_NOT_ANNOUNCED}</h2>
          )}
        </div>
        <ReadUpToHere unit={special} name={name} verb="watchedThis" released={special.releasedOn} />
      </div>
      {/* Its kind is said once, in the line over its title ("OVA 2 · Sept 2020"). */}
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        {adapts.chapters.length || adapts.sideStories.length ? (
          <span className="min-w-0">
            <AdaptsLinks chapters={adapts.chapters} sideStories={adapts.sideStories} />
          </span>
        ) : (
          <Badge tone="outline">Anime-original</Badge>
        )}
        {special.watchAfter ? (
          <span className="min-w-0">
            {/* A place's name may wrap (at twice the text size it is wider than a phone), but a line never
                starts at its "·". */}
            Watched after{" "}
            <Link to={unitPath(special.watchAfter.key)} className="text-primary underline">
              {wrappingLabel(special.watchAfter.label)}
            </Link>
            {special.watchAfter.inRecut ? (
              <>
                {" "}
                or{" "}
                <Link to={unitPath(special.watchAfter.inRecut.key)} className="text-primary underline">
                  {wrappingLabel(special.watchAfter.inRecut.label)}
                </Link>
              </>
            ) : null}
          </span>
        ) : null}
      </p>
      <AboutIt synopsis={special.synopsis} original={special.original} />
      {/* As an episode's on /anime: the count is public, the notes wait behind the shield where they are listed. */}
      <p className="flex flex-wrap items-center gap-x-4 text-sm">
        {special.mistakeCount ? (
          <Link to={animeMistakesPath(special.key)} className="tap-line text-primary underline">
            {countOf(special.mistakeCount, nouns.translationNote)}
            <span className="sr-only">{` for ${name}`}</span>
          </Link>
        ) : (
          <span className="text-muted-foreground">No translation notes yet</span>
        )}
        <DiscussionLink unit={special.key} comments={special.discussion} name={name} className="tap-line" />
      </p>
    </li>
  );
}

const synopsisText = (synopsis: string) => <p className="text-sm">{synopsis}</p>;
const originalText = (note: string) => <p className="text-sm text-muted-foreground">{note}</p>;

/** Whether two gated texts are revealed by the same units, so one shield can stand for both. */
function sameRevealers(a: Revealers, b: Revealers) {
  return a === null || b === null ? a === b : a.length === b.length && a.every((key) => b.includes(key));
}

/**
 * What a special is about: its synopsis and what it tells of the story (an anime-original's place in it),
 * behind one shield where the same units reveal both, rather than two boxes saying the same thing.
 */
function AboutIt({ synopsis, original }: { synopsis: Gated<string> | null; original: Gated<string> | null }) {
  if (synopsis && original && sameRevealers(synopsis.revealedBy, original.revealedBy)) {
    const both =
      synopsis.content !== null && original.content !== null
        ? { synopsis: synopsis.content, note: original.content }
        : null;
    return (
      <Spoiler gated={{ revealedBy: synopsis.revealedBy, content: both }} what="What it is about" block>
        {(about) => (
          <>
            {synopsisText(about.synopsis)}
            {originalText(about.note)}
          </>
        )}
      </Spoiler>
    );
  }
  return (
    <>
      {synopsis ? (
        <Spoiler gated={synopsis} what="The synopsis" block>
          {synopsisText}
        </Spoiler>
      ) : null}
      {original ? (
        <Spoiler gated={original} what="What it tells" block>
          {originalText}
        </Spoiler>
      ) : null}
    </>
  );
}
