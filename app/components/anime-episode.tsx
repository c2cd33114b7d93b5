import type { ReactNode } from "react";
import { Link } from "react-router";
import { DiscussionLink } from "~/components/discussion-link";
import { OriginalText } from "~/components/original-text";
import { StoryDate } from "~/components/story-date";
import { ReadUpToHere } from "~/components/read-up-to-here";
import { TITLE_NOT_ANNOUNCED, TitleIfShown, UnitTitle } from "~/components/unit-title";
import { Spoiler } from "~/components/spoiler";
import { Badge } from "~/components/ui/badge";
import { ChapterRange } from "~/components/chapter-range";
import type { AnimeEpisode, BreakTimeShort, ListedBreakTimeShort, UnitLabel } from "~/lib/content/anime";
import type { Gated } from "~/lib/shield/gated";
import { unitAnchor, unitPath } from "~/lib/content/units";
import { formatDate } from "~/lib/format";
import { watchedInRecut } from "~/lib/progress/record";
import { airTimeLabel, runtimeLabel } from "~/lib/content/air-times";
import { episodeName } from "~/lib/content/labels";

/*
 * The pieces of an anime episode that /anime and /break_time share. Every episode is listed for
 * everyone: its number, air date and what it adapts (by labels, or that it is anime-original) spoil nothing. What can spoil is gated one by one
 * where it stands: titles (named by their place until reached), the pack's notes on what the adaptation
 * changed.
 */

/**
 * Episode number and air date (the broadcaster's date, with its local time where known), its runtime
 * where it is not the season's usual, then the episode's title and its original; "Title not announced"
 * for an episode without one, which hides nothing.
 */
export function EpisodeTitle({
  episode,
  as: Heading = "h3",
}: {
  // A season's episode gives its label (null where it goes by its number); a recut's episode has none.
  episode: Pick<AnimeEpisode, "number" | "airedOn" | "airedTime" | "runtime" | "runtimeDiffers" | "title"> &
    Partial<Pick<AnimeEpisode, "label">>;
  as?: "h3" | "h4";
}) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {`${episodeName(episode)} · `}
        <StoryDate date={episode.airedOn} />
        {episode.airedTime ? `, ${airTimeLabel(episode.airedTime.time, episode.airedTime.timeZone)}` : null}
        {episode.runtimeDiffers && episode.runtime !== null ? ` · ${runtimeLabel(episode.runtime)}` : null}
      </p>
      {episode.title ? (
        <UnitTitle gated={episode.title} as={Heading} className="font-semibold" what="This episode's title">
          {({ title, originalTitle }) => (
            <>
              <Heading className="font-semibold">{title}</Heading>
              <OriginalText text={originalTitle} className="text-sm" />
            </>
          )}
        </UnitTitle>
      ) : (
        <Heading className="font-semibold text-muted-foreground">{TITLE_NOT_ANNOUNCED}</Heading>
      )}
    </div>
  );
}

/**
 * What an episode adapts, as a sentence of links: "Adapts Arc 3 · Chapter 10 to Arc 3 · Chapter 12 and
 * Arc 3 · Chapter 15" for an episode that intercuts two runs (the chapters between them it passed over),
 * a side story by its title where the reader may see it (else by its label), or "Anime-original" with
 * the pack's note on what the anime made up, which waits for the episode as its title does.
 */
export function EpisodeAdaptsLine({
  episode,
  withNote = true,
}: {
  episode: Pick<AnimeEpisode, "adapts"> & Partial<Pick<AnimeEpisode, "original">>;
  /** Whether an anime-original episode's note follows its label (/anime), or the label stands alone (/break_time). */
  withNote?: boolean;
}) {
  const { chapters, sideStories } = episode.adapts;
  if (!chapters.length && !sideStories.length)
    return (
      <>
        <Badge tone="outline">Anime-original</Badge>
        {withNote && episode.original ? (
          <>
            {" "}
            <Spoiler gated={episode.original} what="What the anime made up">
              {(note) => <span className="text-muted-foreground">{note}</span>}
            </Spoiler>
          </>
        ) : null}
      </>
    );
  return <AdaptsLinks chapters={chapters} sideStories={sideStories} />;
}

/**
 * What an episode, an OVA or a manga chapter adapts, as a sentence of links: "Adapts Arc 3 · Chapter 10
 * to Arc 3 · Chapter 12, Arc 3 · Chapter 15 and Side story · Author's blog". A side story is named by its
 * title where it comes with one the reader may see, else by its label. Nothing when it adapts nothing.
 */
export function AdaptsLinks({
  chapters,
  sideStories,
}: {
  chapters: readonly { from: UnitLabel; to: UnitLabel }[];
  sideStories: readonly (UnitLabel & { title?: Gated<string> })[];
}) {
  const parts = [
    ...chapters.map((range) => <ChapterRange key={range.from.key} from={range.from} to={range.to} />),
    ...sideStories.map((story) => (
      <Link key={story.key} to={unitPath(story.key)} className="text-primary underline">
        {story.title ? (
          <TitleIfShown gated={story.title} fallback={story.label}>
            {(title) => title}
          </TitleIfShown>
        ) : (
          story.label
        )}
      </Link>
    )),
  ];
  if (!parts.length) return null;
  return (
    <>
      Adapts{" "}
      {parts.map((part, index) => (
        <span key={index}>
          {index === 0 ? null : index === parts.length - 1 ? " and " : ", "}
          {part}
        </span>
      ))}
    </>
  );
}

/**
 * "I have watched up to here" beside an episode: moves the reader's anime progress there, never back. A
 * season's episode the reader watched in a recut (`heldBy`) is marked as watched there, as the tracker
 * counts it. An episode passed on the way says "✓ Watched": on a phone its control has a line of its own.
 * One not aired yet (`airedOn`) says when it airs instead.
 */
export function WatchedUpToHere({
  episode,
}: {
  episode: Pick<AnimeEpisode, "key" | "position" | "number"> &
    Partial<Pick<AnimeEpisode, "heldBy" | "label" | "airedOn">>;
}) {
  const heldBy = episode.heldBy ?? [];
  return (
    <ReadUpToHere
      unit={episode}
      name={episodeName(episode)}
      released={episode.airedOn}
      verb="watched"
      sayPassed
      seenElsewhere={
        heldBy.length ? (knowledge) => (watchedInRecut(heldBy, knowledge) ? "Watched in the recut" : null) : undefined
      }
    />
  );
}

/**
 * The Break Time shorts that air with an episode: on /break_time, each with its anchor and its
 * discussion; elsewhere (`linked`), each with a link there. A short's title and its discussion's count
 * wait for the shield; its number, the links and its date do not.
 */
export function BreakTimeShorts(
  props:
    { shorts: readonly ListedBreakTimeShort[]; linked?: false } | { shorts: readonly BreakTimeShort[]; linked: true },
) {
  if (!props.shorts.length) return null;
  return (
    <ul className="space-y-2">
      {props.linked
        ? props.shorts.map((short) => (
            <Short
              key={short.key}
              short={short}
              heading={
                <Link
                  to={unitPath(short.key)}
                  className="tap-line text-xs font-semibold uppercase tracking-wide text-primary underline-offset-2 hover:underline"
                >
                  Break Time {short.number}
                </Link>
              }
              after={
                short.airedOn ? <p className="text-xs text-muted-foreground">{formatDate(short.airedOn)}</p> : null
              }
            />
          ))
        : props.shorts.map((short) => (
            <Short
              key={short.key}
              short={short}
              id={unitAnchor(short.key)}
              heading={
                <p className="text-xs font-semibold uppercase tracking-wide text-primary">Break Time {short.number}</p>
              }
              after={
                // Clear of the hit area of a sealed title's "Show it", which reaches 10 px below its line.
                <p className="mt-2.5 flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
                  {short.airedOn ? <span>{formatDate(short.airedOn)}</span> : null}
                  <DiscussionLink
                    unit={short.key}
                    comments={short.discussion}
                    name={`Break Time ${short.number}`}
                    className="tap-line"
                  />
                </p>
              }
            />
          ))}
    </ul>
  );
}

/** One short: its heading, its title behind the shield ("Title not announced" where it has none), then what follows it. */
function Short({
  short,
  id,
  heading,
  after,
}: {
  short: BreakTimeShort;
  id?: string;
  heading: ReactNode;
  after: ReactNode;
}) {
  return (
    // Its padding grows with the text only to 3.5% of the screen, as a card's (p-card): at twice the text
    // size on a phone "Masquerade" fits a line whole.
    <li id={id} className="rounded-md bg-muted p-[min(0.75rem,3.5vw)] target:ring-2 target:ring-primary">
      {heading}
      {short.title ? (
        <p className="font-medium">
          <UnitTitle gated={short.title} what="The title">
            {(title) => title}
          </UnitTitle>
        </p>
      ) : (
        <p className="font-medium text-muted-foreground">{TITLE_NOT_ANNOUNCED}</p>
      )}
      {after}
    </li>
  );
}
