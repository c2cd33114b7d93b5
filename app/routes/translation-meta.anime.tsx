import { TitleIfShown } from "~/components/unit-title";
import { Link } from "react-router";
import { ChooserCards } from "~/components/chooser-cards";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { AnimeMistakeEntry } from "~/components/mistakes/anime-mistake-entry";
import { MistakeFilterForm } from "~/components/mistakes/mistake-parts";
import { PageHeader } from "~/components/page-header";
import { ReadUpToHere } from "~/components/read-up-to-here";
import { HiddenRun, ShieldedList } from "~/components/shielded-list";
import { unitPath } from "~/lib/content/units";
import { countOf, nouns } from "~/lib/words";
import { ANIME_SPECIALS_SECTION, anyFilter, parseAnimeMistakeSection, parseMistakeFilters } from "~/lib/mistakes/rules";
import { pageMeta } from "~/lib/http/meta";
import { episodeMistakes, type ListedAnimeMistake } from "~/lib/mistakes/entries";
import { useAnswerWait, useShieldedData } from "~/browser/spoiler-shield";
import { sealedCopy } from "~/lib/shield/gated";
import { getAnimeMistakes } from "~/models/anime-mistakes.server";
import { episodeName, placeWithinMedium, titleAfterLabel } from "~/lib/content/labels";
import { missingSeason } from "~/lib/http/missing-filter";
import { notFound } from "~/server/not-found.server";
import { requesterKnowledge, shieldedData } from "~/server/shield.server";
import type { Route } from "./+types/translation-meta.anime";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/**
 * One season at a time (`?season=N`; the first with entries by default), as on /anime, or the OVAs,
 * specials and films (`?season=specials`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = parseMistakeFilters(params);
  const season = parseAnimeMistakeSection(params);
  const mistakes = await getAnimeMistakes(context.db, filters, season ?? null, requesterKnowledge(request));
  if (season !== undefined && (season === null || mistakes.season === null)) {
    notFound(missingSeason(params.get("season"), mistakes.seasons, "/translation_meta/anime_mistls"));
  }
  return shieldedData(request, { filters, ...mistakes });
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "Anime translation notes",
      description: `Where the anime's official subtitles, dub and captions differ from the original, by season, episode and timestamp.`,
    },
  );

export default function AnimeMistakes({ loaderData }: Route.ComponentProps) {
  // Under filters, the entries and their counts leave out without a trace those the first load does not
  // know: ask again with what the reader knows, and while that answer is on its way the counts and the
  // list wait in their place rather than tell the reader the first answer's ("No entry matches").
  const filteredAsSent = anyFilter(sealedCopy(loaderData).filters);
  const answer = useShieldedData(loaderData, { withheld: filteredAsSent, shownOnly: true });
  const { entries, facets, filters, season, seasons, specials, unknown } = answer.data;
  const { waiting, className: hold } = useAnswerWait(filteredAsSent, answer);
  const total = seasons.reduce((sum, each) => sum + each.entries, 0) + (specials?.entries ?? 0);
  const inSpecials = season === ANIME_SPECIALS_SECTION;
  const sectionName = inSpecials ? SPECIALS_NAME : `Season ${season}`;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/translation_meta" className="tap-line text-primary underline">
          Translation notes
        </Link>{" "}
        / <span aria-current="page">Anime</span>
      </nav>
      <PageHeader
        title="Anime translation notes"
        lead="Subtitle, dub and caption lines that differ from the original, by season and episode, OVA, special or film, with timestamps."
      >
        <Link to="/feedback_hub/report_anime_mistl" className="text-sm font-medium text-primary underline">
          Report a mistake in the anime
        </Link>
      </PageHeader>
      <MistakeFilterForm filters={filters} facets={facets} keep={["season"]} />
      <div className={hold} aria-busy={waiting || undefined}>
        <ChooserCards
          label="Seasons"
          param="season"
          selected={season}
          cards={[
            ...seasons.map((each) => ({
              value: each.number,
              kicker: `Season ${each.number}`,
              title: titleAfterLabel(`Season ${each.number}`, each.title) || each.title,
              detail: countOf(each.entries, nouns.entry),
            })),
            // Beside the seasons, as /anime lists them: watched one by one, they belong to no season.
            ...(specials
              ? [
                  {
                    value: ANIME_SPECIALS_SECTION,
                    kicker: "Beside the seasons",
                    title: SPECIALS_NAME,
                    detail: countOf(specials.entries, nouns.entry),
                  },
                ]
              : []),
          ]}
        />
        <p role="status" className="mb-6 text-sm text-muted-foreground">
          {entries.length
            ? `${countOf(entries.length, nouns.entry)} in ${inSpecials ? SPECIALS_NAME : `season ${season}`}, of ${countOf(total, nouns.entry)}`
            : anyFilter(filters)
              ? "No entry you have reached matches these filters."
              : `No entries in ${inSpecials ? SPECIALS_NAME : `season ${season}`} yet.`}
        </p>
        <div className="space-y-10">
          {entries.length ? (
            <section aria-labelledby={`season-${season}`} className="space-y-6">
              <h2 id={`season-${season}`} className="text-2xl font-bold tracking-tight">
                {sectionName}
              </h2>
              {/* Episodes whose mistakes are all beyond the reader's progress fold into one line. */}
              <ShieldedList
                items={episodeMistakes(entries)}
                itemKey={(episode) => episode.key}
                describe={(run) =>
                  `${countOf(
                    run.reduce((sum, episode) => sum + (episode.content?.length ?? 0), 0),
                    nouns.entry,
                  )} on ${countOf(run.length, inSpecials ? nouns.animeSpecial : nouns.episode)}`
                }
                renderItem={(episode, shown) =>
                  episode.content ? <EpisodeEntries entries={episode.content} shown={shown} /> : null
                }
              />
            </section>
          ) : null}
          {/* Under filters only the entries the reader knows are listed: the others of the section, in one line. */}
          {unknown ? (
            <HiddenRun
              as="div"
              what={`${countOf(unknown, nouns.entry)} in ${inSpecials ? SPECIALS_NAME : `season ${season}`}, whatever the filters,`}
              count={unknown}
            />
          ) : null}
        </div>
      </div>
    </>
  );
}

/** What the page calls its section of OVAs, specials and films. */
const SPECIALS_NAME = nouns.animeSpecial.other;

/**
 * One episode's, special's or recut episode's heading and entries; hidden, only the heading's and the
 * entries' empty elements stay, for permalinks.
 */
function EpisodeEntries({ entries, shown }: { entries: ListedAnimeMistake[]; shown: boolean }) {
  const episode = entries[0]!.episode;
  // A recut's episode goes by its label in its season's section: "Season 1 Recut · Episode 3", never
  // "Episode 3", which is the season's own (decision 85).
  const name =
    episode.medium === "anime"
      ? episodeName(episode)
      : episode.medium === "anime_recut"
        ? episode.label
        : placeWithinMedium(episode);
  // "this episode", "this OVA", "this film".
  const noun = episode.medium !== "anime_specials" ? "episode" : episode.kind === "ova" ? "OVA" : episode.kind;
  // Hidden, the heading's empty element stays too, so a link to the episode's notes (from /anime) lands on
  // the line that holds them, not on the page's top.
  if (!shown)
    return (
      <>
        <span id={`episode-${episode.key}`} hidden />
        {entries.map((entry) => (
          <AnimeMistakeEntry key={entry.id} id={entry.id} entry={entry.content} shown={false} />
        ))}
      </>
    );
  return (
    <section aria-labelledby={`episode-${episode.key}`} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`episode-${episode.key}`} className="text-lg font-semibold">
          <Link to={unitPath(episode.key)} className="tap-line hover:underline">
            {name}
            {episode.title ? <TitleIfShown gated={episode.title}>{(title) => `: ${title}`}</TitleIfShown> : null}
          </Link>
        </h3>
        <span className="flex flex-wrap items-center gap-3">
          {/* "✓ Watched", not a ✓ alone on a line of its own under the heading on a phone. */}
          {/* A special stands for itself alone: "I have watched this", not "up to here" (decision 46). */}
          <ReadUpToHere
            unit={episode}
            name={name}
            verb={episode.medium === "anime_specials" ? "watchedThis" : "watched"}
            sayPassed
          />
          <Link
            to={`/feedback_hub/report_anime_mistl?${new URLSearchParams({ episode: episode.key })}`}
            className="tap-line text-sm text-primary underline"
          >
            Report a mistake in this {noun}
          </Link>
        </span>
      </div>
      <ShieldedList
        items={entries}
        itemKey={(entry) => entry.id}
        describe={(run) => countOf(run.length, nouns.entry)}
        renderItem={(entry, entryShown) => <AnimeMistakeEntry id={entry.id} entry={entry.content} shown={entryShown} />}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
