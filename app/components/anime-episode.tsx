import { cn } from "~/lib/cn";
import { Link } from "react-router";
import { OriginalText } from "~/components/original-text";
import { ReadUpToHere } from "~/components/read-up-to-here";
import { Spoiler } from "~/components/spoiler";
import type { AnimeEpisode, BreakTimeShort, UnitLabel } from "~/lib/content/anime";
import { unitAnchor, unitPath } from "~/lib/content/units";
import { formatDate } from "~/lib/format";

/*
 * The pieces of an anime episode that /anime and /break_time share. Every episode is listed for
 * everyone: its number, air date, title and what it adapts spoil nothing. What can spoil is gated one
 * by one where it stands: the pack's notes on what the adaptation changed, and Break Time shorts' titles.
 */

/** Episode number and air date, then the episode's title and its original. */
export function EpisodeTitle({
  episode,
  as: Heading = "h3",
}: {
  episode: Pick<AnimeEpisode, "number" | "airedOn" | "title" | "originalTitle">;
  as?: "h3" | "h4";
}) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {`Episode ${episode.number} · `}
        <time dateTime={episode.airedOn}>{formatDate(episode.airedOn)}</time>
      </p>
      <Heading className="font-semibold">{episode.title}</Heading>
      <OriginalText text={episode.originalTitle} className="text-sm" />
    </div>
  );
}

/** A web novel chapter range as links: one chapter, or first to last. */
export function ChapterRange({ from, to, alone = false }: { from: UnitLabel; to: UnitLabel; alone?: boolean }) {
  // One chapter on a line of its own (beside a badge, not in a sentence) is a fingertip tall.
  if (from.key === to.key) return <ChapterLink chapter={from} className={alone ? "tap-line" : undefined} />;
  return (
    <>
      <ChapterLink chapter={from} /> to <ChapterLink chapter={to} />
    </>
  );
}

function ChapterLink({ chapter, className }: { chapter: UnitLabel; className?: string }) {
  return (
    <Link to={unitPath(chapter.key)} className={cn("text-primary underline", className)}>
      {chapter.label}
    </Link>
  );
}

/** "I have watched up to here" beside an episode: moves the reader's anime progress there, never back. */
export function WatchedUpToHere({ episode }: { episode: Pick<AnimeEpisode, "key" | "position"> }) {
  return <ReadUpToHere unit={episode} verb="watched" />;
}

/**
 * The Break Time shorts that air with an episode, each with its anchor on /break_time, or (`linked`)
 * a link there. A short's title waits for the shield; its number, the link and its date do not.
 */
export function BreakTimeShorts({ shorts, linked = false }: { shorts: readonly BreakTimeShort[]; linked?: boolean }) {
  if (!shorts.length) return null;
  return (
    <ul className="space-y-2">
      {shorts.map((short) => (
        <li
          key={short.key}
          id={linked ? undefined : unitAnchor(short.key)}
          className="rounded-md bg-muted p-3 target:ring-2 target:ring-primary"
        >
          {linked ? (
            <Link
              to={unitPath(short.key)}
              className="tap-line text-xs font-semibold uppercase tracking-wide text-primary underline-offset-2 hover:underline"
            >
              Break Time {short.number}
            </Link>
          ) : (
            <p className="text-xs font-semibold uppercase tracking-wide text-primary">Break Time {short.number}</p>
          )}
          <p className="font-medium">
            <Spoiler gated={short.title} what="The title">
              {(title) => title}
            </Spoiler>
          </p>
          {short.airedOn ? <p className="text-xs text-muted-foreground">{formatDate(short.airedOn)}</p> : null}
        </li>
      ))}
    </ul>
  );
}
