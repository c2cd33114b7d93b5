import { Link } from "react-router";
import { useEffect, useState } from "react";
import { unitPath } from "~/lib/content/units";
import { readStored } from "~/lib/storage-keys";

interface Place {
  key: string;
  label: string;
}

/** wn:2-14 → "Arc 2 · chapter 14"; anime:1-5 → "Season 1 · episode 5". */
function describe(key: string) {
  const [kind, rest = ""] = key.split(":");
  const [first, second] = rest.split("-");
  return kind === "wn" ? `Arc ${first}, chapter ${second}` : `Season ${first}, episode ${second}`;
}

/**
 * "Continue reading" from the reading tracker. The server renders the invitation to track progress
 * (the page stays the same for everyone); once interactive, a reader with progress sees where they
 * left off in the same box, so nothing below it moves.
 */
export function ContinueReading() {
  const [places, setPlaces] = useState<Place[]>([]);
  useEffect(() => {
    try {
      const stored = JSON.parse(readStored("progress") ?? "null") as { webNovel?: unknown; anime?: unknown } | null;
      const keys = [stored?.webNovel, stored?.anime].filter((key): key is string => typeof key === "string" && /^(wn|anime):\d+-\d+$/.test(key));
      setPlaces(keys.map((key) => ({ key, label: describe(key) })));
    } catch {
      setPlaces([]);
    }
  }, []);

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
                {place.key.startsWith("wn:") ? "Web novel" : "Anime"}: {place.label}
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
