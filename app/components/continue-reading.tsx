import { Link } from "react-router";
import { unitPath } from "~/lib/content/units";
import { type CollectionName, continuePlaces, passedOver, type UnitSpans } from "~/lib/progress/continue-places";
import { useStoredProgress } from "~/browser/stored-progress";
import { StoryDate } from "~/components/story-date";

export type { CollectionName };

/** The words around each place's link: before it and after it. */
const sentences = {
  // "next" and ", the latest" never start a line of their own: they keep to the place they follow.
  next: { read: ["Read ", "\u00A0next"], watch: ["Watch ", "\u00A0next"] },
  "caught-up": {
    read: ["Caught up at ", ",\u00A0the\u00A0latest"],
    watch: ["Caught up at ", ",\u00A0the\u00A0latest"],
  },
  after: { read: ["Go on after ", ""], watch: ["Go on after ", ""] },
  // What comes next is not out yet: the reader has had all there is, and is told when it comes (the date follows).
  coming: { read: ["Caught up: ", " is announced for\u00A0"], watch: ["Caught up: ", " is announced for\u00A0"] },
} as const;

/**
 * "Continue reading" from the reading tracker. The server renders the invitation to track progress
 * (the page stays the same for everyone); once interactive, a reader with progress sees what comes next
 * in every medium they follow in the same box, so nothing below it moves, and what they passed over.
 */
export function ContinueReading({ collections, spans }: { collections: readonly CollectionName[]; spans: UnitSpans }) {
  const progress = useStoredProgress();
  const places = continuePlaces(progress, spans, collections);
  const passed = passedOver(progress);

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
          {/* The link is a word of its sentence, so "next" keeps to it when a long place wraps; its padding
              makes it a fingertip tall, in room its line's own padding keeps for it. */}
          {places.map((place) => (
            <li key={place.key} className="py-2.5">
              {sentences[place.kind][place.medium === "anime" ? "watch" : "read"][0]}
              <Link to={unitPath(place.key)} className="py-2.5 font-medium text-primary underline">
                {place.text}
              </Link>
              {sentences[place.kind][place.medium === "anime" ? "watch" : "read"][1]}
              {place.released ? <StoryDate date={place.released} /> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm">
          Tell the reading tracker how far you are, and the site keeps spoilers beyond that point hidden.
        </p>
      )}
      {passed ? (
        <p className="text-sm">{`Still unread: the ${passed} you passed over when you changed medium.`}</p>
      ) : null}
      <Link to="/reading_tracker" className="tap-line text-sm text-primary underline">
        Open the reading tracker
      </Link>
    </section>
  );
}
