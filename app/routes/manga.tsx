import { Link } from "react-router";
import { AdaptsLinks } from "~/components/anime-episode";
import { ChooserCards } from "~/components/chooser-cards";
import { DiscussionLink } from "~/components/discussion-link";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { OriginalText, useOriginalLanguageName } from "~/components/original-text";
import { PageHeader } from "~/components/page-header";
import { ReadUpToHere } from "~/components/read-up-to-here";
import { Spoiler } from "~/components/spoiler";
import { StoryDate } from "~/components/story-date";
import { TITLE_HIDDEN, UnitTitle, UnreachedTitlesNote } from "~/components/unit-title";
import { type MangaChapter, type MangaSeries, type MangaVolume, mangaVolumeReach } from "~/lib/content/manga";
import { unitAnchor, unitPath } from "~/lib/content/units";
import { formatMonthRange } from "~/lib/format";
import { pageMeta } from "~/lib/http/meta";
import { publicCopy } from "~/lib/shield/gated";
import { countOf, nouns } from "~/lib/words";
import { useShieldedData } from "~/browser/spoiler-shield";
import { getManga } from "~/models/manga.server";
import { notFound } from "~/server/not-found.server";
import { shieldedData } from "~/server/shield.server";
import type { Route } from "./+types/manga";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/** One series at a time (`?series=code`, the first by default), as /anime shows a season. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("series");
  const manga = await getManga(context.db, asked);
  if (asked !== null && manga.selectedSeries === null)
    notFound({
      missing: `The manga series “${asked}”`,
      instead: "The manga series there are",
      choices: manga.series.map((series) => ({ label: series.name, href: `/manga?series=${series.code}` })),
    });
  return shieldedData(request, manga);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const data = publicCopy(loaderData);
  return pageMeta(
    { matches, error },
    {
      // A series by its title where the pack does not flag it ("Manga 1" would say the area's name twice).
      title:
        data?.selected && data.series.length > 1 && data.selected.title.content
          ? `Manga · ${data.selected.title.content.title}`
          : "Manga",
      description: `${countOf(data?.series.length ?? 0, nouns.mangaSeries)} and ${countOf(data?.chapterCount ?? 0, nouns.mangaChapter)}: their volumes, when each came out, and which web novel chapters each chapter adapts.`,
    },
  );
};

export default function Manga({ loaderData }: Route.ComponentProps) {
  const { series, selectedSeries, selected, chapterCount } = useShieldedData(loaderData).data;
  return (
    <>
      <PageHeader
        title="Manga"
        lead={`${countOf(series.length, nouns.mangaSeries)}, ${countOf(chapterCount, nouns.mangaChapter)}: each series is read on its own, with its own volumes and chapter numbers, and what each chapter adapts of the web novel.`}
      />
      <ChooserCards
        label="Series"
        param="series"
        selected={selectedSeries}
        cards={series.map((each) => ({
          value: each.code,
          kicker: each.name,
          // A flagged title waits (its text is not in the answer for a reader who has not seen it), said
          // as an arc's card says it: the kicker already names the series.
          title: each.title.content?.title ?? TITLE_HIDDEN,
          titleHidden: each.title.content === null,
          detail: [
            countOf(each.volumeCount, nouns.volume),
            countOf(each.chapterCount, nouns.chapter),
            formatMonthRange(each.firstReleased, each.lastReleased),
          ].join(" · "),
        }))}
      />
      {selected ? <Series series={selected} /> : <p>No manga has been loaded yet.</p>}
    </>
  );
}

function Series({ series }: { series: MangaSeries }) {
  return (
    // Named by its place: its title may wait behind the shield.
    <section aria-label={series.name} className="space-y-4" data-manga-series={series.code}>
      <div className="space-y-1">
        <UnitTitle gated={series.title} as="h2" className="text-2xl font-bold tracking-tight" what="This series' title">
          {({ title, originalTitle }) => (
            <>
              <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
              <OriginalText text={originalTitle} className="text-sm" />
            </>
          )}
        </UnitTitle>
        <Credits artist={series.artist} publisher={series.publisher} />
        <p className="text-sm text-muted-foreground">
          {series.name}: reading it says nothing of the other series. Marking a chapter as read marks the chapters
          before it in this series.
        </p>
      </div>
      <UnreachedTitlesNote />
      {series.volumes.map((volume) => (
        <Volume key={volume.number} series={series} volume={volume} />
      ))}
    </section>
  );
}

/** Who draws the series and who publishes it, where the pack says: "Art by … · Published by …". */
function Credits({ artist, publisher }: Pick<MangaSeries, "artist" | "publisher">) {
  const credits = [artist && `Art by ${artist}`, publisher && `Published by ${publisher}`].filter(Boolean);
  return credits.length ? <p className="text-sm">{credits.join(" · ")}</p> : null;
}

function Volume({ series, volume }: { series: MangaSeries; volume: MangaVolume }) {
  const id = `manga-${series.code}-volume-${volume.number}`;
  const reach = mangaVolumeReach(volume.lightNovels);
  return (
    <section aria-labelledby={id} className="space-y-3" data-manga-volume={volume.number}>
      <div className="space-y-1 border-b border-border pb-1">
        <h3 id={id} className="text-lg font-semibold">
          Volume {volume.number}
          {volume.title ? (
            <>
              {": "}
              <UnitTitle gated={volume.title} hidden="title hidden" what={`Volume ${volume.number}'s title`}>
                {(title) => title}
              </UnitTitle>
            </>
          ) : null}
        </h3>
        <p className="text-sm text-muted-foreground">
          <VolumeDates volume={volume} />
          {" · "}
          {countOf(volume.chapters.length, nouns.chapter)}
          {volume.isbn ? ` · ISBN ${volume.isbn}` : null}
        </p>
        {volume.lightNovels.length ? (
          <p className="text-sm">
            Light novels:{" "}
            {volume.lightNovels.map((span, index) => (
              <span key={span.volume.key}>
                {index > 0 ? ", " : null}
                <Link to={unitPath(span.volume.key)} className="text-primary underline">
                  {span.volume.label}
                </Link>
              </span>
            ))}
            {reach ? <span className="text-muted-foreground"> · This volume {reach}.</span> : null}
          </p>
        ) : null}
      </div>
      <ol className="space-y-3">
        {volume.chapters.map((chapter) => (
          <Chapter key={chapter.key} chapter={chapter} />
        ))}
      </ol>
    </section>
  );
}

/**
 * When the volume came out: in the original and in English, each named by its language, as a light novel
 * volume's dates are, where the pack says anything of an English edition ("No English edition yet" where it
 * states there is none); the original's date alone where it does not (decision 74).
 */
function VolumeDates({ volume }: { volume: MangaVolume }) {
  const original = useOriginalLanguageName();
  if (volume.releasedEn === null && !volume.noEnglishEdition) return <StoryDate date={volume.releasedOn} />;
  return (
    <>
      {original} <StoryDate date={volume.releasedOn} />
      {" · "}
      {volume.releasedEn === null ? (
        "No English edition yet"
      ) : (
        <>
          English <StoryDate date={volume.releasedEn} />
        </>
      )}
    </>
  );
}

function Chapter({ chapter }: { chapter: MangaChapter }) {
  const name = `Chapter ${chapter.number}`;
  const { adapts } = chapter;
  return (
    <li
      id={unitAnchor(chapter.key)}
      className="space-y-2 rounded-lg border border-border bg-card p-4 target:border-primary"
      data-manga-chapter={chapter.key}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {name} · <StoryDate date={chapter.publishedOn} />
          </p>
          {chapter.title ? (
            <UnitTitle gated={chapter.title} as="h4" className="font-semibold" what={`The title of ${name}`}>
              {({ title }) => <h4 className="font-semibold">{title}</h4>}
            </UnitTitle>
          ) : (
            <h4 className="font-semibold">{name}</h4>
          )}
        </div>
        {/* On a phone the control has a line of its own under the title: a ✓ alone there read as a stray mark. */}
        <ReadUpToHere unit={chapter} name={name} sayPassed released={chapter.publishedOn} />
      </div>
      <p className="text-sm">
        {adapts.chapters.length || adapts.sideStories.length ? (
          <AdaptsLinks chapters={adapts.chapters} sideStories={adapts.sideStories} />
        ) : (
          "Manga-original"
        )}
      </p>
      {chapter.original ? (
        <Spoiler gated={chapter.original} what="What it tells" block>
          {(note) => <p className="text-sm text-muted-foreground">{note}</p>}
        </Spoiler>
      ) : null}
      <p className="text-sm">
        <DiscussionLink unit={chapter.key} comments={chapter.discussion} name={name} className="tap-line" />
      </p>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
