import { Link } from "react-router";
import { mediumLabels, parseUnitKey, unitKey, unitPath } from "~/lib/content/units";
import type { Progress } from "~/lib/progress";
import { useStoredProgress } from "~/lib/stored-progress";

/** Where the reader stopped in the web novel and the anime: wn:2-14 → "Arc 2, chapter 14". */
function placesIn(progress: Progress | null | undefined) {
  const chapter = parseUnitKey(progress?.webNovel ?? "", "web_novel");
  const episode = parseUnitKey(progress?.anime ?? "", "anime");
  return [
    chapter && { key: unitKey(chapter), medium: mediumLabels.web_novel, label: `Arc ${chapter.arc}, chapter ${chapter.chapter}` },
    episode && { key: unitKey(episode), medium: mediumLabels.anime, label: `Season ${episode.season}, episode ${episode.episode}` },
  ].filter((place) => place !== null);
}

/**
 * "Continue reading" from the reading tracker. The server renders the invitation to track progress
 * (the page stays the same for everyone); once interactive, a reader with progress sees where they
 * left off in the same box, so nothing below it moves.
 */
export function ContinueReading() {
  const places = placesIn(useStoredProgress());

  return (
    <section aria-labelledby="continue-title" className="min-h-32 rounded-lg border border-primary/40 bg-accent p-5">
      <h2 id="continue-title" className="text-lg font-semibold">
        {places.length ? "Continue where you left off" : "Track your progress"}
      </h2>
      {places.length ? (
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
          {places.map((place) => (
            <li key={place.key}>
              <Link to={unitPath(place.key)} className="font-medium text-primary underline">
                {place.medium}: {place.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm">Tell the reading tracker how far you are, and the site keeps spoilers beyond that point hidden.</p>
      )}
      <Link to="/reading_tracker" className="mt-2 inline-block text-sm text-primary underline">
        Open the reading tracker
      </Link>
    </section>
  );
}
