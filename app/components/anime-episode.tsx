import { Link } from "react-router";
import { OriginalText } from "~/components/original-text";
import { ReadUpToHere } from "~/components/read-up-to-here";
import type { AnimeEpisode, BreakTimeShort, UnitLabel } from "~/lib/anime";
import { unitAnchor, unitPath } from "~/lib/content/units";
import { formatDate } from "~/lib/format";
import { countOf, nouns } from "~/lib/words";

/*
 * The pieces of an anime episode that /anime and /break_time share. An episode is gated as a whole at
 * its story position: both pages list episodes through ShieldedList and render these only for an
 * episode the reader's progress (or request) has reached.
 */

/** What a run of hidden episodes holds, for its one line: "4 episodes", "4 episodes and 3 Break Time shorts". */
export function describeEpisodes(run: readonly Pick<AnimeEpisode, "shorts">[], { withShorts = false } = {}) {
  const shorts = run.reduce((sum, episode) => sum + episode.shorts.length, 0);
  const episodes = countOf(run.length, nouns.episode);
  return withShorts && shorts ? `${episodes} and ${countOf(shorts, nouns.breakTimeShort)}` : episodes;
}

/** Episode number and air date, then the episode's title and its original. */
export function EpisodeTitle({ episode, as: Heading = "h3" }: { episode: Pick<AnimeEpisode, "number" | "airedOn" | "title" | "originalTitle">; as?: "h3" | "h4" }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        Episode {episode.number} · <time dateTime={episode.airedOn}>{formatDate(episode.airedOn)}</time>
      </p>
      <Heading className="font-semibold">{episode.title}</Heading>
      <OriginalText text={episode.originalTitle} className="text-sm" />
    </div>
  );
}

/** A web novel chapter range as links: one chapter, or first to last. */
export function ChapterRange({ from, to }: { from: UnitLabel; to: UnitLabel }) {
  if (from.key === to.key) return <ChapterLink chapter={from} />;
  return (
    <>
      <ChapterLink chapter={from} /> to <ChapterLink chapter={to} />
    </>
  );
}

function ChapterLink({ chapter }: { chapter: UnitLabel }) {
  return (
    <Link to={unitPath(chapter.key)} className="text-primary underline">
      {chapter.label}
    </Link>
  );
}

/** "I have watched up to here" beside an episode: moves the reader's anime progress there, never back. */
export function WatchedUpToHere({ episode }: { episode: Pick<AnimeEpisode, "key" | "position"> }) {
  return <ReadUpToHere unit={episode} verb="watched" />;
}

/** The Break Time shorts that air with an episode, each with its anchor on /break_time when `linked`. */
export function BreakTimeShorts({ shorts, linked = false }: { shorts: readonly BreakTimeShort[]; linked?: boolean }) {
  if (!shorts.length) return null;
  return (
    <ul className="space-y-2">
      {shorts.map((short) => (
        <li key={short.key} id={linked ? undefined : unitAnchor(short.key)} className="rounded-md bg-muted p-3 target:ring-2 target:ring-primary">
          <p className="text-xs font-semibold uppercase tracking-wide text-primary">Break Time {short.number}</p>
          {linked ? (
            <Link to={unitPath(short.key)} className="font-medium hover:underline">
              {short.title}
            </Link>
          ) : (
            <p className="font-medium">{short.title}</p>
          )}
          {short.airedOn ? <p className="text-xs text-muted-foreground">{formatDate(short.airedOn)}</p> : null}
        </li>
      ))}
    </ul>
  );
}
