import { memo } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { ChooserCards } from "~/components/chooser-cards";
import { DiscussionLink } from "~/components/discussion-link";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { KeepForOffline } from "~/components/offline/keep-for-offline";
import { OriginalText } from "~/components/original-text";
import { PageHeader } from "~/components/page-header";
import { ReadUpToHere } from "~/components/read-up-to-here";
import { Spoiler } from "~/components/spoiler";
import { StoryDate } from "~/components/story-date";
import { TITLE_HIDDEN, titleHiddenAfter, TitleIfShown, UnitTitle, UnreachedTitlesNote } from "~/components/unit-title";
import { badgeClassName } from "~/components/ui/badge";
import { DisclosureChevron } from "~/components/ui/disclosure-chevron";
import { unitAnchor, unitPath } from "~/lib/content/units";
import { arcTitleAfter, labelWithTitle } from "~/lib/content/labels";
import { arcToOpen } from "~/lib/content/web-novel";
import { formatMonth, formatMonthRange, formatNumber, formatSite } from "~/lib/format";
import { countOf, nouns, wordsOf } from "~/lib/words";
import { pageMeta } from "~/lib/http/meta";
import { parseOptionalNumber } from "~/lib/http/params";
import { useOpeningViewData } from "~/browser/opening-view";
import { addressNamesView } from "~/lib/content/views";
import { getWebNovel, type WebNovelArc, type WebNovelArcName, type WebNovelChapter } from "~/models/web-novel.server";
import { notFound } from "~/server/not-found.server";
import { shieldedData } from "~/server/shield.server";
import { gated, publicCopy, seal } from "~/lib/shield/gated";
import { noKnowledge } from "~/lib/shield/knowledge";
import type { Route } from "./+types/web-novel";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const arcNumber = parseOptionalNumber(new URL(request.url).searchParams, "arc");
  const webNovel = await getWebNovel(context.db, arcNumber ?? null);
  if (arcNumber !== undefined && (arcNumber === null || webNovel.selectedArc === null)) {
    notFound({
      missing: `Arc ${new URL(request.url).searchParams.get("arc")}`.trim(),
      instead: "The arcs there are",
      // Named as to anyone: an arc's title the pack gates is left out.
      choices: seal(webNovel, noKnowledge).arcs.map((arc) => ({
        label: labelWithTitle(`Arc ${arc.number}`, arc.title.content),
        href: `/web_novel?arc=${arc.number}`,
      })),
    });
  }
  return shieldedData(request, webNovel);
}

// The arc is named only when the address names it: without one, a reader opens on their own arc.
export const meta: Route.MetaFunction = ({ loaderData, location, matches, error }) => {
  const data = addressNamesView(location.search, "arc") ? publicCopy(loaderData) : undefined;
  const totals = data?.cards.find((candidate) => candidate.number === data.selectedArc);
  const named = data?.arcs.find((candidate) => candidate.number === data.selectedArc);
  const arc = totals && named ? { ...totals, ...named } : undefined;
  return pageMeta(
    { matches, error },
    {
      title: arc ? `Web novel · ${labelWithTitle(`Arc ${arc.number}`, arc.title.content)}` : "Web novel",
      description: arc
        ? `Arc ${arc.number} of the web novel: ${countOf(arc.chapterCount, nouns.chapter)}, ${wordsOf(arc)}, ${datesOf(arc)}. Where to read each chapter and which light novel volume adapts it.`
        : "Every arc and chapter of the web novel with dates, word counts, where to read and which light novel volume adapts it.",
    },
  );
};

export default function WebNovel({ loaderData }: Route.ComponentProps) {
  // A reader partway through a later arc opens on it; their arc waits, invisible, in its place.
  const { data, hold, selected } = useOpeningViewData(loaderData, {
    param: "arc",
    sentView: (sent) => sent.selectedArc,
    toOpen: (sent, knowledge) => arcToOpen(sent.arcs, knowledge),
    markedBy: "webNovelPlace",
  });
  const { arcs, cards, whole, selectedArc, arc: arcText, chapters } = data;
  const listed = cards.find((candidate) => candidate.number === selectedArc);
  const named = arcs.find((candidate) => candidate.number === selectedArc);
  const arc = listed && named && arcText ? { ...listed, ...named, ...arcText } : undefined;
  const totals = new Map(cards.map((each) => [each.number, each]));

  const phases = arc?.phases.length ? arc.phases : [{ name: gated(null, "Chapters"), fromOrdinal: 1 }];
  const groups = phases.map((phase, index) => ({
    name: phase.name,
    part: `Part ${index + 1}`,
    chapters: chapters.filter(
      (chapter) =>
        chapter.ordinal >= (index === 0 ? 0 : phase.fromOrdinal) &&
        chapter.ordinal < (phases[index + 1]?.fromOrdinal ?? Infinity),
    ),
  }));

  return (
    <>
      <PageHeader
        title="Web novel"
        lead={`${countOf(arcs.length, nouns.arc)}, ${countOf(whole.chapterCount, nouns.chapter)} and ${wordsOf(whole)}, ${serializedOf(whole)}.`}
      />
      <ChooserCards
        label="Arcs"
        param="arc"
        selected={selected}
        cards={arcs.map((each) => {
          // Totals come for the arcs shown as cards; the picker names every arc.
          const shown = totals.get(each.number);
          return {
            value: each.number,
            kicker: `Arc ${each.number}`,
            // A gated title waits (its text is not in the answer for a reader who has not seen it); under
            // its kicker, what it adds to it ("Arc 8: The Name" reads "The Name").
            title: each.title.content === null ? TITLE_HIDDEN : arcTitleAfter(each.number, each.title.content),
            titleHidden: each.title.content === null,
            detail: shown
              ? `${countOf(shown.chapterCount, nouns.chapter)} · ${wordsOf(shown)} · ${datesOf(shown)}`
              : undefined,
          };
        })}
      />

      {arc ? (
        <section aria-labelledby="arc-title" className={cn("space-y-6", hold)}>
          <header className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
              <h2 id="arc-title" className="text-2xl font-bold tracking-tight">
                <ArcName number={arc.number} title={arc.title} />
              </h2>
              <KeepForOffline keep={{ arc: arc.number, chapters: chapters.map((chapter) => chapter.key) }} />
            </div>
            <TitleIfShown gated={arc.originalTitle}>{(original) => <OriginalText text={original} />}</TitleIfShown>
            {arc.summary ? (
              <div className="max-w-3xl">
                <Spoiler gated={arc.summary} what="This arc's summary" block>
                  {(summary) => <p>{summary}</p>}
                </Spoiler>
              </div>
            ) : null}
          </header>
          <UnreachedTitlesNote />
          {groups.map((group) => (
            <details key={group.part} open className="group rounded-lg border border-border bg-card">
              <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
                {/* A phase named as its opening chapter waits with that chapter's title: "Part 2" meanwhile. */}
                <span className="flex min-w-0 items-center gap-2">
                  <DisclosureChevron />
                  <TitleIfShown gated={group.name} fallback={group.part}>
                    {(name) => name}
                  </TitleIfShown>
                </span>
                <span className="text-sm font-normal text-muted-foreground">
                  {countOf(group.chapters.length, nouns.chapter)}
                </span>
              </summary>
              <ol className="chapter-rows divide-y divide-border border-t border-border">
                {group.chapters.map((chapter) => (
                  <ChapterItem key={chapter.key} chapter={chapter} />
                ))}
              </ol>
            </details>
          ))}
        </section>
      ) : (
        <p>No chapters have been loaded yet.</p>
      )}
    </>
  );
}

/**
 * An arc's name: "Arc 3: The Lantern Fair", or, where the pack gates a title that gives something away,
 * "Arc 8: title hidden" until the reader knows it (then behind the shield, as a part's title is, said once
 * as a public one is: a title "Arc 8: The Name" reads "Arc 8: The Name").
 */
function ArcName({ number, title }: { number: number; title: WebNovelArcName["title"] }) {
  const label = `Arc ${number}`;
  if (title.revealedBy === null) return <>{labelWithTitle(label, title.content)}</>;
  return (
    <>
      {`${label}: `}
      <UnitTitle gated={title} what="This arc's title" hidden="title hidden">
        {(shown) => arcTitleAfter(number, shown)}
      </UnitTitle>
    </>
  );
}

/** A chapter's number from its name: "Chapter 123-A" → "123-A". */
const chapterNumber = (name: string) => name.replace(/^Chapter /, "");

/** The months the entries came out in, and how many are undated: "Mar 2014 – Nov 2014 (2 chapters undated)". */
function datesOf({ chapterCount, undated, startedOn, endedOn }: ArcTotals) {
  if (!startedOn) return "dates unknown";
  return `${formatMonthRange(startedOn, endedOn)}${chapterCount ? undatedNote(undated) : ""}`;
}

/** What a sum of dates lacks: " (2 chapters undated)", or nothing. */
const undatedNote = (undated: number) => (undated ? ` (${countOf(undated, nouns.chapter)} undated)` : "");

/**
 * When the whole web novel came out: "serialized Mar 2014 – May 2021", or, still running, "serialized
 * since Mar 2014 and still running": its latest chapter is where it has got to, not its end.
 */
function serializedOf(whole: ArcTotals & { ongoing: boolean }) {
  if (!whole.ongoing) return `serialized ${datesOf(whole)}`;
  if (!whole.startedOn) return "still being serialized, dates unknown";
  return `serialized since ${formatMonth(whole.startedOn)} and still running${undatedNote(whole.undated)}`;
}

type ArcTotals = Pick<
  WebNovelArc,
  "chapterCount" | "wordCount" | "withoutWordCount" | "undated" | "startedOn" | "endedOn"
>;

/**
 * A chapter's row. An arc holds hundreds: a change of what the reader has read draws again only the parts
 * of each row that depend on it (its title, its "I have read up to here"), not the rows themselves.
 */
const ChapterItem = memo(function ChapterItem({ chapter }: { chapter: WebNovelChapter }) {
  return (
    // An arc's list holds hundreds of these: their parts' look is the list's (.chapter-rows, app/styles/app.css).
    <li id={unitAnchor(chapter.key)}>
      <div className="chapter-head">
        <div>
          {/* A chapter shows its number as the series gives it ("26", "123-A"); another entry says what it is beside its title. */}
          <span className="chapter-number">{chapter.kind === "chapter" ? chapterNumber(chapter.name) : null}</span>
          <UnitTitle
            gated={chapter.title}
            hidden={titleHiddenAfter(chapter.kind === "chapter" ? null : chapter.name)}
            // An entry without a number says what it is, its title kept back: "The title of Interlude 2 is beyond…".
            what={chapter.kind === "chapter" ? "This chapter's title" : `The title of ${chapter.name}`}
          >
            {({ title, originalTitle }) => (
              <>
                <span className="font-medium">
                  {chapter.kind === "chapter" ? title : labelWithTitle(chapter.name, title)}
                </span>
                <OriginalText text={originalTitle} as="span" className="ml-2 text-sm" />
              </>
            )}
          </UnitTitle>
        </div>
        <div className="chapter-facts">
          <StoryDate date={chapter.publishedOn} />
          <ReadUpToHere unit={chapter} name={chapter.name} released={chapter.publishedOn} />
          {/* A word count the pack does not know is left out, never shown as 0. */}
          {chapter.wordCount === null ? null : <span>{`${formatNumber(chapter.wordCount)} words`}</span>}
          {chapter.readUrl ? (
            <a href={chapter.readUrl} rel="noopener noreferrer">
              Read<span className="sr-only">{` ${chapter.name}`}</span>
              {` on ${formatSite(chapter.readUrl)}`}
            </a>
          ) : null}
        </div>
      </div>
      <div className="chapter-links">
        {chapter.volumes.map((volume) => (
          <Link key={volume.key} to={unitPath(volume.key)} className={badgeClassName("outline", true)}>
            {`LN: ${volume.label}`}
          </Link>
        ))}
        {chapter.episodes.map((episode) => (
          <Link key={episode.key} to={unitPath(episode.key)} className={badgeClassName("outline", true)}>
            {`Anime: ${episode.label}`}
          </Link>
        ))}
        {chapter.translator ? <span>{`Translated by ${chapter.translator}`}</span> : null}
        <DiscussionLink unit={chapter.key} comments={chapter.discussion} name={chapter.name} />
      </div>
    </li>
  );
});

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
