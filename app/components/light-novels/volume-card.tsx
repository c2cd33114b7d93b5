import { Link } from "react-router";
import { DiscussionLink } from "~/components/discussion-link";
import { KeepForOffline } from "~/components/offline/keep-for-offline";
import { OriginalText, PersonName, useOriginalLanguageName } from "~/components/original-text";
import { ReadUpToHere } from "~/components/read-up-to-here";
import { useOut } from "~/components/out-on";
import { Spoiler } from "~/components/spoiler";
import {
  TITLE_NOT_ANNOUNCED,
  titleHiddenAfter,
  UnitTitle,
  useShownContent,
  useTitleHeldBack,
} from "~/components/unit-title";
import { Badge } from "~/components/ui/badge";
import { ChapterRange } from "~/components/chapter-range";
import { titleAfterLabel, volumeName } from "~/lib/content/labels";
import { unitAnchor, unitPath } from "~/lib/content/units";
import { StoryDate } from "~/components/story-date";
import type { LightNovelVolume, VolumeChange, VolumeEdition } from "~/lib/content/light-novels";
import { formatLanguage } from "~/lib/format";
import { volumeSlugFromKey } from "~/lib/mistakes/rules";
import { countOf, nouns } from "~/lib/words";

/** One volume on the light novels page: cover, dates, what it adapts, its changes and chapters, its mistakes. */
interface VolumeProps {
  volume: LightNovelVolume;
  collectionName: string;
  eager: boolean;
}

export function VolumeCard({ volume, collectionName, eager }: VolumeProps) {
  const name = volumeName(collectionName, volume);
  // The original edition's date goes by its language, beside the English one's: "Korean", "English".
  const original = useOriginalLanguageName();
  // Not out yet in its original edition: nothing to keep, nor to have read (the reading cell says when it is out).
  const out = useOut(volume.releasedJp);
  return (
    // On a phone the cover sits beside the name and dates only, and what follows takes the card's
    // whole width: beside a cover, a column of 150 px is too narrow for a sentence. With a large text
    // size on a phone (a list narrower than 14rem) not even a date fits beside it: the cover goes on top.
    <li
      id={unitAnchor(volume.key)}
      className="grid grid-cols-[5rem_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-border bg-card p-4 target:border-primary @max-[14rem]:grid-cols-[minmax(0,1fr)] sm:grid-cols-[7rem_minmax(0,1fr)] sm:grid-rows-[auto_1fr]"
    >
      <div className="@max-[14rem]:w-20 sm:row-span-2">
        <VolumeCover volume={volume} collectionName={collectionName} eager={eager} />
      </div>
      <div className="@container min-w-0 space-y-2">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{name}</p>
          {volume.title ? (
            <UnitTitle gated={volume.title} as="h3" className="font-semibold" what="This volume's title">
              {({ title, originalTitle }) => (
                <>
                  <h3 className="font-semibold">{titleAfterLabel(name, title) || title}</h3>
                  <OriginalText text={originalTitle} className="text-sm" />
                </>
              )}
            </UnitTitle>
          ) : (
            // A volume announced by its number hides nothing: its place names it, quietly, to every reader.
            <h3 className="font-semibold text-muted-foreground">{TITLE_NOT_ANNOUNCED}</h3>
          )}
        </div>
        {/* Beside the cover, a phone with a large text size leaves too little room for a label and a date
            side by side: each date then goes under its label. */}
        <dl className="grid grid-cols-1 gap-x-3 gap-y-0.5 text-sm @min-[9.5rem]:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">{original}</dt>
          <dd>
            <StoryDate date={volume.releasedJp} alone />
          </dd>
          <dt className="text-muted-foreground">English</dt>
          <dd>
            {/* "Not yet" only where the pack says so: a date that is simply not known is not a missing edition. */}
            {volume.releasedEn === null && volume.noEnglishEdition ? (
              "Not yet"
            ) : (
              <StoryDate date={volume.releasedEn} alone />
            )}
          </dd>
          {volume.illustrator ? (
            <>
              <dt className="text-muted-foreground">Illustrator</dt>
              <dd className="min-w-0 max-sm:col-span-full">
                <PersonName name={volume.illustrator} />
              </dd>
            </>
          ) : null}
          {volume.isbn ? (
            <>
              <dt className="text-muted-foreground">ISBN</dt>
              <dd className="font-mono text-xs leading-5 max-sm:col-span-full">{volume.isbn}</dd>
            </>
          ) : null}
          {volume.pageCount ? (
            <>
              <dt className="text-muted-foreground">Pages</dt>
              <dd>{volume.pageCount}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className="col-span-2 min-w-0 space-y-2 @max-[14rem]:col-span-1 sm:col-span-1 sm:col-start-2">
        {volume.editions.length ? (
          <div className="text-sm">
            <p className="font-medium">Editions</p>
            <ul aria-label={`Editions of ${name}`} className="mt-1 space-y-1.5">
              {volume.editions.map((edition, index) => (
                <Edition key={index} edition={edition} />
              ))}
            </ul>
          </div>
        ) : null}
        {volume.adapts ? (
          <p className="text-sm">
            Adapts <ChapterRange from={volume.adapts.from} to={volume.adapts.to} />{" "}
            <Badge wrap>{countOf(volume.adapts.chapters, nouns.webNovelChapter)}</Badge>
          </p>
        ) : volume.readAfter ? (
          <p className="text-sm">
            Read after{" "}
            <Link className="text-primary underline" to={unitPath(volume.readAfter.key)}>
              {volume.readAfter.label}
            </Link>
          </p>
        ) : null}
        {volume.sideStories.length ? (
          <p className="text-sm">
            {volume.sideStories.length === 1 ? "Prints the side story " : "Prints the side stories "}
            {volume.sideStories.map((story, index) => (
              <span key={story.key}>
                {index ? ", " : null}
                <Link className="text-primary underline" to={unitPath(story.key)}>
                  {story.label}
                </Link>
              </span>
            ))}
          </p>
        ) : null}
        {out ? (
          <KeepForOffline
            keep={{
              volume: volume.key,
              place: name,
              hasNotes: Boolean(volume.mistakeCount),
            }}
          />
        ) : null}
        {volume.mistakeCount ? (
          <p className="text-sm">
            <Link
              to={`/translation_meta/ln_mistls/${volumeSlugFromKey(volume.key)}`}
              className="tap-line text-primary underline"
            >
              {countOf(volume.mistakeCount, nouns.translationNote)} for the English edition
            </Link>
          </p>
        ) : null}
        {volume.changes.count ? (
          <div className="text-sm">
            <p className="font-medium">What the light novel changed</p>
            <Spoiler gated={volume.changes} what="What this volume changed" block>
              {(changes) => (
                <ul aria-label={`What ${name} changed`} className="mt-1 space-y-1">
                  {changes.map((change, index) => (
                    <VolumeChangeLine key={index} change={change} />
                  ))}
                </ul>
              )}
            </Spoiler>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-4 text-sm">
          {/* A volume read on the way says so ("✓ Read"): a ✓ alone stood a button's width from "Discuss". */}
          <ReadUpToHere unit={volume} name={name} sayPassed released={volume.releasedJp} />
          <DiscussionLink unit={volume.key} comments={volume.discussion} name={name} className="tap-line" />
        </div>
        {volume.chapters.length ? (
          <details className="text-sm">
            <summary className="cursor-pointer py-3 font-medium">
              {`${countOf(volume.chapters.length, nouns.chapter)} in this volume`}
            </summary>
            {/* Named as the book names them ("Prologue", "Chapter 1"), never numbered by their place in the list. */}
            <ol className="mt-2 space-y-0.5 text-muted-foreground">
              {volume.chapters.map((chapter, index) => (
                <VolumeChapter key={index} {...chapter} />
              ))}
            </ol>
          </details>
        ) : null}
      </div>
    </li>
  );
}

/**
 * A volume's cover where the reader may see its title, since the cover prints it; until then (and before
 * the page is interactive) an empty frame of the same size, so nothing moves when it comes.
 */
function VolumeCover({ volume, collectionName, eager }: VolumeProps) {
  const cover = useShownContent(volume.cover ?? noCover);
  if (cover === null)
    return (
      <div className="aspect-[2/3] w-full rounded-md border border-dashed border-border bg-muted" aria-hidden="true" />
    );
  return (
    <img
      src={cover}
      alt={`Cover of ${volumeName(collectionName, volume)}`}
      width={200}
      height={300}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="aspect-[2/3] h-auto w-full rounded-md border border-border bg-muted object-cover"
    />
  );
}

const noCover = { revealedBy: null, content: null };

/**
 * One line of a volume's contents: its label and title ("Chapter 3: Moth Letters"), the label alone where
 * the book gives no title or the title waits for the reader to reach the volume, and a title the web
 * novel flags behind the Spoiler.
 */
function VolumeChapter({ label, title }: LightNovelVolume["chapters"][number]) {
  const heldBack = useTitleHeldBack(title);
  if (title.content === "") return <li>{label}</li>;
  if (heldBack) return <li>{titleHiddenAfter(label)}</li>;
  return (
    <li>
      {label ? `${label}: ` : null}
      <Spoiler gated={title} what="This chapter's title">
        {(text) => text}
      </Spoiler>
    </li>
  );
}

/**
 * One edition: language, publisher and date on one line, its title in that language (waiting for the
 * reader as the volume's own title does), its ISBN. Lines wrap, so a narrow screen never scrolls sideways.
 */
function Edition({ edition }: { edition: VolumeEdition }) {
  return (
    <li data-edition={edition.language} lang="en">
      <span className="font-medium">{formatLanguage(edition.language)}</span>
      {/* A separator ends a line rather than starts one: it is held to the word before it. */}
      {`\u00a0· ${edition.publisher}\u00a0· `}
      <StoryDate date={edition.releasedOn} />
      {edition.title ? <EditionTitle title={edition.title} language={edition.language} /> : null}
      {edition.isbn ? (
        <span className="block font-mono text-xs leading-5 text-muted-foreground">ISBN {edition.isbn}</span>
      ) : null}
    </li>
  );
}

/** An edition's title, or nothing while the volume's title waits for the reader (the card says why). */
function EditionTitle({ title, language }: { title: NonNullable<VolumeEdition["title"]>; language: string }) {
  const heldBack = useTitleHeldBack(title);
  if (heldBack) return null;
  return (
    <span className="block break-words">
      <Spoiler gated={title} what="This edition's title">
        {(text) => <span lang={language}>{text}</span>}
      </Spoiler>
    </span>
  );
}

const volumeChangeLabels: Record<VolumeChange["kind"], string> = {
  added: "Added",
  cut: "Cut",
  changed: "Changed",
  reordered: "Moved",
};

/** One difference from the web novel, with the chapters it concerns; a cut scene's note behind the shield until the reader knows them. */
function VolumeChangeLine({ change }: { change: VolumeChange }) {
  return (
    <li data-change={change.kind} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <Badge tone="outline">{volumeChangeLabels[change.kind]}</Badge>
      <span className="min-w-0 flex-1 basis-48">
        <Spoiler gated={change.note} what="This note">
          {(note) => note}
        </Spoiler>
        {change.chapters ? (
          <>
            {" "}
            (<ChapterRange from={change.chapters.from} to={change.chapters.to} />)
          </>
        ) : null}
      </span>
    </li>
  );
}
