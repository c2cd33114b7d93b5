import { type ReactNode, useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { BreakTimeShorts, EpisodeAdaptsLine, EpisodeTitle, WatchedUpToHere } from "~/components/anime-episode";
import { ChapterRange } from "~/components/chapter-range";
import { SeasonSpecials } from "~/components/anime-special";
import { ChooserCards } from "~/components/chooser-cards";
import { DiscussionLink } from "~/components/discussion-link";
import { TitleIfShown, UnitTitle, UnreachedTitlesNote } from "~/components/unit-title";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { Spoiler } from "~/components/spoiler";
import { Badge } from "~/components/ui/badge";
import { OriginalText } from "~/components/original-text";
import {
  type AdaptationChange,
  adaptationChangeLabels,
  type AnimeEpisode,
  type AnimeRecut,
  type AnimeSeason,
  type RecutEpisode,
  animeMistakesPath,
  type SeasonPart,
  seasonToOpen,
  type UnitLabel,
} from "~/lib/content/anime";
import { animeSpecialKey, parseUnitKey, unitAnchor, unitPath } from "~/lib/content/units";
import { arcTitleAfter, episodeNumberName, labelWithTitle, titleAfterLabel } from "~/lib/content/labels";
import { formatMonthRange } from "~/lib/format";
import { runtimeLabel } from "~/lib/content/air-times";
import { countOf, nouns } from "~/lib/words";
import { pageMeta } from "~/lib/http/meta";
import { parseOptionalNumber } from "~/lib/http/params";
import { useOpeningViewData } from "~/browser/opening-view";
import { addressNamesView } from "~/lib/content/views";
import { KeepForOffline } from "~/components/offline/keep-for-offline";
import type { SeasonSpecialsToKeep } from "~/lib/runtime/kept-units";
import { useStoredProgress } from "~/browser/stored-progress";
import { knowledgeOf } from "~/lib/progress/record";
import { hasConsumed } from "~/lib/shield/knowledge";
import { getAnime } from "~/models/anime.server";
import { missingSeason } from "~/lib/http/missing-filter";
import { notFound } from "~/server/not-found.server";
import { shieldedData } from "~/server/shield.server";
import { publicCopy } from "~/lib/shield/gated";
import type { Route } from "./+types/anime";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const seasonNumber = parseOptionalNumber(new URL(request.url).searchParams, "season");
  const anime = await getAnime(context.db, seasonNumber ?? null);
  if (seasonNumber !== undefined && (seasonNumber === null || anime.selectedSeason === null)) {
    notFound(missingSeason(new URL(request.url).searchParams.get("season"), anime.seasons, "/anime"));
  }
  return shieldedData(request, anime);
}

// The season is named only when the address names it: without one, a viewer opens on their own season.
export const meta: Route.MetaFunction = ({ loaderData, location, matches, error }) => {
  const data = publicCopy(loaderData);
  const season = addressNamesView(location.search, "season") ? data?.season : undefined;
  return pageMeta(
    { matches, error },
    {
      title: season ? `Anime · ${labelWithTitle(`Season ${season.number}`, season.title)}` : "Anime",
      description: `${countOf(data?.seasons.length ?? 0, nouns.season)} and ${countOf(data?.episodeCount ?? 0, nouns.episode)} of the anime: which web novel chapters and light novel volumes each adapts, what the adaptation skipped or told in another order, its Break Time shorts and translation notes.`,
    },
  );
};

export default function Anime({ loaderData }: Route.ComponentProps) {
  // A viewer partway through a later season opens on it; their season waits, invisible, in its place.
  const { data, hold, selected } = useOpeningViewData(loaderData, {
    param: "season",
    sentView: (sent) => sent.selectedSeason,
    toOpen: (sent, knowledge) => seasonToOpen(sent.seasons, knowledge),
    markedBy: "animePlace",
  });
  const { seasons, season, episodes, recuts, episodeCount, shortCount, specialCount, seasonSpecials } = data;
  useSpecialsMovedOut();
  return (
    <>
      <PageHeader
        title="Anime"
        lead={`${countOf(seasons.length, nouns.season)}, ${countOf(episodeCount, nouns.episode)}, ${countOf(shortCount, nouns.breakTimeShort)}${specialCount ? ` and ${countOf(specialCount, nouns.animeSpecial)}` : ""}: what each episode adapts, what the adaptation skipped or moved, and where its subtitles differ from the original.`}
      />
      <ChooserCards
        label="Seasons"
        param="season"
        selected={selected}
        cards={seasons.map((each) => ({
          value: each.number,
          kicker: `Season ${each.number}`,
          title: titleAfterLabel(`Season ${each.number}`, each.title) || each.title,
          detail: [
            countOf(each.episodeCount, nouns.episode),
            each.partCount ? `${each.partCount} parts` : null,
            formatMonthRange(each.firstAired, each.lastAired),
          ]
            .filter(Boolean)
            .join(" · "),
        }))}
      />
      <div className={hold}>
        {season ? (
          <Season
            season={season}
            episodes={episodes}
            specials={{ named: seasonSpecials.map((special) => special.key), any: specialCount > 0 }}
            recuts={recuts}
            nextSeason={seasons.find((each) => each.number > season.number)?.number ?? null}
          />
        ) : (
          <p>No anime has been loaded yet.</p>
        )}
        <SeasonSpecials specials={seasonSpecials} count={specialCount} />
      </div>
    </>
  );
}

/**
 * A special's address was `/anime#sp-<slug>` while every view listed them all: such a link (in a feed
 * reader, a bookmark, a post) goes on to where the special is listed now.
 */
function useSpecialsMovedOut() {
  const navigate = useNavigate();
  useEffect(() => {
    const key = animeSpecialKey(window.location.hash.slice("#sp-".length));
    if (window.location.hash.startsWith("#sp-") && parseUnitKey(key)) navigate(unitPath(key), { replace: true });
  }, [navigate]);
}

/** A season's overview (nothing in it is gated) and every episode, each with what can spoil behind the shield. */
function Season({
  season,
  episodes,
  specials,
  recuts,
  nextSeason,
}: {
  season: AnimeSeason;
  episodes: AnimeEpisode[];
  /** The specials the page names under the season, kept with it for offline. */
  specials: SeasonSpecialsToKeep;
  recuts: AnimeRecut[];
  nextSeason: number | null;
}) {
  return (
    <section aria-labelledby="season-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h2 id="season-title" className="text-2xl font-bold tracking-tight">
          {labelWithTitle(`Season ${season.number}`, season.title)}
        </h2>
        <KeepForOffline keep={{ season: season.number, episodes: episodes.map((episode) => episode.key), specials }} />
      </div>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-border bg-card p-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Fact term="Episodes">
          {countOf(season.episodeCount, nouns.episode)},{" "}
          {season.firstAired ? `aired ${formatMonthRange(season.firstAired, season.lastAired)}` : "air dates unknown"}
          {season.parts.length ? ` in ${season.parts.length} parts` : null}
        </Fact>
        {season.runtime !== null ? <Fact term="Runtime">{runtimeLabel(season.runtime)} an episode</Fact> : null}
        <Fact term="Web novel">
          {season.arcs.map((arc, index) => (
            <span key={arc.number}>
              {index > 0 ? ", " : null}
              <Link to={`/web_novel?arc=${arc.number}`} className="text-primary underline">
                Arc {arc.number}
                <TitleIfShown gated={arc.title}>{(title) => `: ${arcTitleAfter(arc.number, title)}`}</TitleIfShown>
              </Link>
            </span>
          ))}
        </Fact>
        <Fact term="Light novels">{season.volumes.length ? <UnitLinks units={season.volumes} /> : "None listed"}</Fact>
        <Fact term="Skipped">
          {season.skippedChapters
            ? `${countOf(season.skippedChapters, nouns.webNovelChapter)} left out`
            : "None: every web novel chapter is adapted"}
        </Fact>
        <Fact term="Break Time">{countOf(season.shortCount, nouns.short)}</Fact>
      </dl>
      <UnreachedTitlesNote />
      {season.parts.length ? (
        season.parts.map((part) => (
          <section key={part.number} aria-labelledby={`part-${part.number}`} className="space-y-3">
            <PartHeading part={part} />
            <ol className="space-y-3">
              {episodes
                .filter((episode) => episode.part === part.number)
                .map((episode) => (
                  <Episode key={episode.key} episode={episode} heading="h4" />
                ))}
            </ol>
          </section>
        ))
      ) : (
        <ol className="space-y-3">
          {episodes.map((episode) => (
            <Episode key={episode.key} episode={episode} />
          ))}
        </ol>
      )}
      <ReadOn season={season} nextSeason={nextSeason} />
      {recuts.map((recut) => (
        <Recut key={recut.number} recut={recut} />
      ))}
    </section>
  );
}

/**
 * A recut of the season (decision 45): its episodes, each with the season's episodes it holds (linked to
 * them above) and the scenes it adds. Watching it moves the reader's place in the recut, never in the
 * season: the season's episodes it showed say so above (`WatchedUpToHere`).
 */
function Recut({ recut }: { recut: AnimeRecut }) {
  const id = `recut-${recut.season}-${recut.number}`;
  const held = new Set(recut.episodes.flatMap((episode) => episode.contents.map((content) => content.number)));
  return (
    <section aria-labelledby={id} className="space-y-3" data-recut={`${recut.season}r${recut.number}`}>
      <div className="space-y-1 border-b border-border pb-1">
        <h3 id={id} className="text-lg font-semibold">
          {recut.title}
        </h3>
        {recut.originalTitle ? <OriginalText text={recut.originalTitle} className="text-sm" /> : null}
        <p className="text-sm text-muted-foreground">
          {[
            `${countOf(held.size, nouns.episode)} of Season ${recut.season} recut into ${recut.episodes.length}`,
            recut.runtime !== null ? `${runtimeLabel(recut.runtime)} an episode` : null,
            recut.airedFrom ? `aired ${formatMonthRange(recut.airedFrom, recut.airedTo)}` : "air dates unknown",
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        <p className="text-sm">
          Its viewers have seen what its episodes hold, and nothing of the season&apos;s other episodes: mark its
          episodes as watched here or in the{" "}
          <Link to="/reading_tracker" className="text-primary underline">
            reading tracker
          </Link>
          .
        </p>
      </div>
      <ol className="space-y-3">
        {recut.episodes.map((episode) => (
          <RecutEpisodeItem key={episode.key} episode={episode} />
        ))}
      </ol>
    </section>
  );
}

function RecutEpisodeItem({ episode }: { episode: RecutEpisode }) {
  return (
    <li
      id={unitAnchor(episode.key)}
      className="space-y-3 rounded-lg border border-border bg-card p-4 target:border-primary"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <EpisodeTitle episode={episode} as="h4" />
        <WatchedUpToHere episode={episode} />
      </div>
      <p className="text-sm">
        Holds{" "}
        {episode.contents.map((content, index) => (
          <span key={`${content.episode.key}-${content.part?.number ?? 0}`}>
            {index === 0 ? null : index === episode.contents.length - 1 ? " and " : ", "}
            <Link to={`#${unitAnchor(content.episode.key)}`} className="text-primary underline">
              {content.episode.label}
            </Link>
            {content.part ? ` (part ${content.part.number} of ${content.part.of})` : null}
          </span>
        ))}
      </p>
      {episode.newScenes.length ? (
        <ul aria-label="Scenes the recut adds" className="space-y-2">
          {episode.newScenes.map((scene, index) => (
            <li key={index} data-change="new-scene" className="space-y-1 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <Badge tone="outline">New scene</Badge>
                {scene.chapters ? (
                  <span className="min-w-0">
                    <ChapterRange from={scene.chapters.from} to={scene.chapters.to} alone />
                  </span>
                ) : null}
              </p>
              <Spoiler gated={scene.note} what="This note" block>
                {(note) => <p>{note}</p>}
              </Spoiler>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="flex flex-wrap items-center gap-x-4 text-sm">
        {/* Only a scene it adds has notes of its own (decision 85): the rest are the season's episodes'. */}
        {episode.mistakeCount ? (
          <Link to={animeMistakesPath(episode.key)} className="tap-line text-primary underline">
            {countOf(episode.mistakeCount, nouns.translationNote)}
            <span className="sr-only"> for recut episode {episode.number}</span>
          </Link>
        ) : null}
        <DiscussionLink
          unit={episode.key}
          comments={episode.discussion}
          name={`recut episode ${episode.number}`}
          className="tap-line"
        />
      </p>
    </li>
  );
}

/**
 * What to read after the season, named: the web novel chapter right after the last one it adapts, and
 * what it left out on the way. Before the season's last episode is marked as watched it offers it; after,
 * it says so, and names the next season to watch on with, if there is one.
 */
function ReadOn({ season, nextSeason }: { season: AnimeSeason; nextSeason: number | null }) {
  const progress = useStoredProgress();
  const finished = season.lastEpisode !== null && hasConsumed(knowledgeOf(progress ?? null), season.lastEpisode);
  const leftOut = season.skippedChapters
    ? `lists the ${countOf(season.skippedChapters, nouns.webNovelChapter)} the season left out on the way and keeps them unread`
    : "takes you on from there";
  const tracker = (
    <Link to="/reading_tracker" className="font-medium text-primary underline">
      reading tracker
    </Link>
  );
  if (!season.readOn) {
    return (
      <p className="rounded-lg border border-border bg-card p-4 text-sm">
        Season {season.number} adapts the web novel to its last chapter. The {tracker} keeps your place in every medium.
      </p>
    );
  }
  const readOn = (
    <Link to={unitPath(season.readOn.key)} className="font-medium text-primary underline">
      {season.readOn.label}
    </Link>
  );
  return (
    <p className="rounded-lg border border-border bg-card p-4 text-sm" data-season-finished={finished || undefined}>
      {finished ? (
        <>
          You have watched Season {season.number}. Read on in the web novel from {readOn}: the {tracker} {leftOut}.
          {nextSeason !== null ? (
            <>
              {" "}
              Or watch on with{" "}
              <Link to={`/anime?season=${nextSeason}`} className="font-medium text-primary underline">
                Season {nextSeason}
              </Link>
              .
            </>
          ) : null}
        </>
      ) : (
        <>
          Finished Season {season.number}? The web novel goes on from {readOn}. Mark the season&apos;s last episode as
          watched, and the {tracker} {leftOut}.
        </>
      )}
    </p>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/**
 * A part's heading over its episodes: its number and, where it has one, its title (waiting as an
 * episode's title waits, or behind the shield where the pack gates it), then its episodes and dates.
 */
function PartHeading({ part }: { part: SeasonPart }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border pb-1">
      <h3 id={`part-${part.number}`} className="text-lg font-semibold">
        Part {part.number}
        {part.title ? (
          <>
            {": "}
            <UnitTitle gated={part.title} what="This part's title" hidden="title hidden">
              {(title) => title}
            </UnitTitle>
          </>
        ) : null}
      </h3>
      <p className="text-sm text-muted-foreground">
        {part.episodes} · aired {formatMonthRange(part.airedFrom, part.airedTo)}
      </p>
    </div>
  );
}

function Episode({ episode, heading = "h3" }: { episode: AnimeEpisode; heading?: "h3" | "h4" }) {
  return (
    // On a laptop the shorts sit in a column beside the episode; on a phone, below it.
    <li
      id={unitAnchor(episode.key)}
      className="grid gap-3 rounded-lg border border-border bg-card p-4 target:border-primary lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:gap-6"
    >
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <EpisodeTitle episode={episode} as={heading} />
          <WatchedUpToHere episode={episode} />
        </div>
        <p className="text-sm">
          <EpisodeAdaptsLine episode={episode} />
          {episode.volumes.length ? (
            <>
              {" "}
              · {episode.volumes.length > 1 ? "Light novels" : "Light novel"} <UnitLinks units={episode.volumes} />
            </>
          ) : null}
        </p>
        {episode.changes.length ? (
          <ul aria-label="What the adaptation changed" className="space-y-2">
            {episode.changes.map((change, index) => (
              <Change key={index} change={change} episode={episode} />
            ))}
          </ul>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-4 text-sm">
          {episode.mistakeCount ? (
            <Link to={animeMistakesPath(episode.key)} className="tap-line text-primary underline">
              {countOf(episode.mistakeCount, nouns.translationNote)}
              <span className="sr-only"> for episode {episodeNumberName(episode)}</span>
            </Link>
          ) : (
            <span className="text-muted-foreground">No translation notes yet</span>
          )}
          <DiscussionLink
            unit={episode.key}
            comments={episode.discussion}
            name={`episode ${episodeNumberName(episode)}`}
            className="tap-line"
          />
        </p>
      </div>
      <BreakTimeShorts shorts={episode.shorts} linked />
    </li>
  );
}

/**
 * One change: a found one says what the chapter ranges show; the pack's own names its kind and
 * chapters (public) and says the rest in its words, under them, behind the shield.
 */
function Change({ change, episode }: { change: AdaptationChange; episode: Pick<AnimeEpisode, "adapts"> }) {
  const chapters = change.chapters ? (
    <>
      <ChapterRange from={change.chapters.from} to={change.chapters.to} alone={!!change.note} />
      {change.chapters.count > 1 ? ` (${countOf(change.chapters.count, nouns.chapter)})` : null}
    </>
  ) : null;
  const badge = <Badge tone="outline">{adaptationChangeLabels[change.kind]}</Badge>;
  if (change.note) {
    return (
      <li data-change={change.kind} className="space-y-1 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          {badge}
          {chapters ? <span className="min-w-0">{chapters}</span> : null}
        </p>
        <Spoiler gated={change.note} what="This note" block>
          {(note) => <p>{note}</p>}
        </Spoiler>
      </li>
    );
  }
  return (
    <li data-change={change.kind} className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
      {badge}
      <span className="min-w-0 flex-1 basis-48">
        {change.kind === "skipped" && passedOverWithin(change, episode) ? (
          <>Between the chapters it adapts, this episode leaves out {chapters}.</>
        ) : change.kind === "skipped" ? (
          <>Before this episode, the anime leaves out {chapters}.</>
        ) : (
          <>This episode goes back to {chapters}, which earlier episodes had already passed.</>
        )}
      </span>
    </li>
  );
}

/**
 * Whether skipped chapters lie between two of the episode's own runs (it intercuts them), not before
 * it: they begin after the first chapter it adapts. Chapter keys are in story order by arc, then by
 * their place in the arc.
 */
function passedOverWithin(change: AdaptationChange, { adapts }: Pick<AnimeEpisode, "adapts">) {
  const first = adapts.chapters[0] && parseUnitKey(adapts.chapters[0].from.key, "web_novel");
  const gap = change.chapters && parseUnitKey(change.chapters.from.key, "web_novel");
  if (!first || !gap) return false;
  return gap.arc > first.arc || (gap.arc === first.arc && gap.chapter > first.chapter);
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** Units (volumes) by their labels, each linked to its page, separated by commas. */
function UnitLinks({ units }: { units: readonly UnitLabel[] }) {
  return units.map((unit, index) => (
    <span key={unit.key}>
      {index > 0 ? ", " : null}
      <Link to={unitPath(unit.key)} className="text-primary underline">
        {unit.label}
      </Link>
    </span>
  ));
}
