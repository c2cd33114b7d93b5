import { Link } from "react-router";
import { mediumLabels, parseUnitKey, unitKey, unitPath } from "~/lib/content/units";
import { lastVolumeKey, lastVolumeNumber, type Progress } from "~/lib/progress/record";
import { useStoredProgress } from "~/browser/stored-progress";

/** A light novel collection, as the home page names it. */
export interface CollectionName {
  code: string;
  name: string;
}

/**
 * Where the reader stopped in every medium they follow: wn:2-14 → "Web novel: Arc 2, chapter 14",
 * "Lanternfall: volume 3", "Anime: Season 1, episode 12". A light novel or anime reader is continued as
 * well as a web novel reader.
 */
function placesIn(progress: Progress | null | undefined, collections: readonly CollectionName[]) {
  if (!progress) return [];
  const chapter = parseUnitKey(progress.webNovel ?? "", "web_novel");
  const episode = parseUnitKey(progress.anime ?? "", "anime");
  const volumes = collections.flatMap(({ code, name }) => {
    const key = lastVolumeKey(progress, code);
    return key ? [{ key, text: `${name}: volume ${lastVolumeNumber(progress, code)}` }] : [];
  });
  return [
    ...(chapter
      ? [{ key: unitKey(chapter), text: `${mediumLabels.web_novel}: Arc ${chapter.arc}, chapter ${chapter.chapter}` }]
      : []),
    ...volumes,
    ...(episode
      ? [{ key: unitKey(episode), text: `${mediumLabels.anime}: Season ${episode.season}, episode ${episode.episode}` }]
      : []),
  ];
}

/**
 * "Continue reading" from the reading tracker. The server renders the invitation to track progress
 * (the page stays the same for everyone); once interactive, a reader with progress sees where they
 * left off in the same box, so nothing below it moves.
 */
export function ContinueReading({ collections }: { collections: readonly CollectionName[] }) {
  const places = placesIn(useStoredProgress(), collections);

  return (
    <section
      aria-labelledby="continue-title"
      className="min-h-[10.25rem] rounded-lg border border-primary/40 bg-accent p-5"
    >
      <h2 id="continue-title" className="text-lg font-semibold">
        {places.length ? "Continue where you left off" : "Track your progress"}
      </h2>
      {places.length ? (
        <ul className="mt-2 flex flex-wrap gap-x-6">
          {places.map((place) => (
            <li key={place.key}>
              <Link to={unitPath(place.key)} className="tap-line font-medium text-primary underline">
                {place.text}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm">
          Tell the reading tracker how far you are, and the site keeps spoilers beyond that point hidden.
        </p>
      )}
      <Link to="/reading_tracker" className="tap-line text-sm text-primary underline">
        Open the reading tracker
      </Link>
    </section>
  );
}
