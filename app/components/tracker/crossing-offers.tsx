import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { unitPath } from "~/lib/content/units";
import { type Crossing, crossingSource } from "~/lib/progress/media-crossing";
import { pickerLabel, type TrackerUnit, unitName } from "~/lib/progress/tracker-units";
import { isRevealed } from "~/lib/shield/shield";
import { useShield } from "~/browser/spoiler-shield";
import { formatNumber } from "~/lib/format";
import { countOf, nounFor, nouns } from "~/lib/words";

/**
 * Where the reader comes from, in words: "the anime", "the Lanternfall light novels", "the manga (Manga 1:
 * The Unburnt Wick)". The place in it (`placeName`) then names only what is left to say.
 */
function sourceName(from: TrackerUnit) {
  return from.medium === "manga" ? `the manga (${from.group})` : crossingSource(from);
}

/**
 * A place within the medium, collection or series the offer has already named, so a sentence names that
 * once: "Season 1 · Episode 12", "Arc 3 · Prologue", "Volume 3", "Chapter 9" (a manga chapter, within
 * its series).
 */
export function placeName(unit: TrackerUnit) {
  return unit.medium === "light_novels" || unit.medium === "manga" ? unitName(unit) : unit.label;
}

/** A manga series by its place alone, as its chapters' labels give it: "Manga 1". */
function seriesName(unit: TrackerUnit) {
  return unit.label.split(" · ")[0] ?? unit.label;
}

/**
 * Where the reader is, in a sentence that has not named its medium: "Season 1 · Episode 12", "the
 * manga's Chapter 7 (manga volume 2)".
 */
function placeOutside(from: TrackerUnit) {
  if (from.medium !== "manga") return from.label;
  const inVolume = from.mangaVolume === undefined ? "" : ` (manga volume ${from.mangaVolume})`;
  return `the manga's ${placeName(from)}${inVolume}`;
}

/** How many side stories an offer names; the rest are counted. */
const SIDE_STORIES_NAMED = 5;

/** A unit's label, with its title where the shield shows it ("Arc 1 · Chapter 7 · The Bell Tower"), linked to its page. */
function UnitName({ unit }: { unit: TrackerUnit }) {
  const shield = useShield();
  // A manga chapter's series is the one the offer names; chapters, volumes and episodes of another medium say their arc or season.
  const withGroup = unit.medium !== "manga";
  // A link to its page, where the reader reads what the offer passes over (its place, gated as it is here).
  return (
    <Link to={unitPath(unit.key)} className="tap-line text-primary underline">
      {pickerLabel(unit, isRevealed(shield, unit.title.revealedBy), { withGroup })}
    </Link>
  );
}

/** What a crossing skips, said with the medium it comes from: "The anime left out 2 chapters on the way:". */
function skippedLead(crossing: Crossing) {
  const source = crossingSource(crossing.from).replace(/^the /, "The ");
  const count = crossing.skipped.length;
  // A manga series may start arcs into the story: what comes before it is not left out, only not in it.
  if (crossing.to.medium === "web_novel")
    return crossing.from.medium === "manga"
      ? `${countOf(count, nouns.chapter)} on the way that ${crossingSource(crossing.from)} did not tell:`
      : `${source} left out ${countOf(count, nouns.chapter)} on the way:`;
  if (crossing.to.medium === "manga") {
    // From another series of the manga, each series by its place: "that Manga 1 did not tell, or that only Manga 2 has".
    const [told, only] =
      crossing.from.medium === "manga"
        ? [seriesName(crossing.from), seriesName(crossing.start)]
        : [crossingSource(crossing.from), "the manga"];
    return `${countOf(count, nouns.chapter)} on the way that ${told} did not tell, or that only ${only} has:`;
  }
  return `${countOf(count, nouns.volume)} with chapters ${crossingSource(crossing.from)} left out, on the way:`;
}

/**
 * Where the reader's place ends partway through the light novel volume they would start: "You are partway
 * through Lanternfall 2: the manga's Chapter 7 (manga volume 2) ends in it, so it starts with chapters you
 * have already read." Into the manga: "Chapter 9 starts before Season 1 · Episode 12 ends, …".
 */
function partwayNote(from: TrackerUnit, volume: TrackerUnit) {
  const verb = from.medium === "anime" ? "watched" : "read";
  if (volume.medium === "manga") {
    // From another series of the manga, each chapter with its series: "Manga 2 · Chapter 1 starts before Manga 1 · Chapter 30 ends".
    const [start, place] =
      from.medium === "manga" ? [volume.label, from.label] : [placeName(volume), placeOutside(from)];
    return `${start} starts before ${place} ends, so it begins with what you have already ${verb}.`;
  }
  return `You are partway through ${volume.label}: ${placeOutside(from)} ends in it, so it starts with chapters you have already ${verb}.`;
}

/** That the skipped units stay unread, in the number they come in: "It stays unread…" or "They stay unread…". */
function staysUnread(count: number) {
  return `${nounFor(count, nouns.itStays)} unread, and what ${nounFor(count, nouns.itReveals)} stays hidden, until you mark ${nounFor(count, nouns.it)} read.`;
}

/** Where the reader is in the medium an offer comes from: "You have watched the anime up to Season 1 · Episode 5." */
function whereFrom(from: TrackerUnit) {
  return `You have ${from.medium === "anime" ? "watched" : "read"} ${sourceName(from)} up to ${placeName(from)}.`;
}

/**
 * "You finished this season (or volume): continue in the web novel or the light novels". Each offer
 * says where the reader would start and what they would pass over, before anything changes; what they
 * passed over stays unread (and its reveals hidden) until they read it.
 */
export function CrossingOffers({
  crossings,
  onCross,
}: {
  crossings: readonly Crossing[];
  onCross: (crossing: Crossing, event: { currentTarget: Element }) => void;
}) {
  // Offers from one place say it once, above them, rather than in each.
  const first = crossings[0];
  const sharedFrom =
    first && crossings.length > 1 && crossings.every((crossing) => crossing.from.key === first.from.key)
      ? first.from
      : undefined;
  return (
    <>
      {sharedFrom ? <p className="mb-3 text-sm">{whereFrom(sharedFrom)}</p> : null}
      <ul className="space-y-4">
        {crossings.map((crossing) => (
          <li
            key={`${crossing.from.key}>${crossing.to.medium}:${crossing.to.collection ?? ""}`}
            className="space-y-2 rounded-lg border border-border bg-card p-4 text-sm"
          >
            <p>
              {sharedFrom ? "" : `${whereFrom(crossing.from)} `}Continue in {crossing.to.name} from{" "}
              <Link to={unitPath(crossing.start.key)} className="font-medium text-primary underline">
                {placeName(crossing.start)}
              </Link>
              .
            </p>
            {crossing.partway ? <p data-partway>{partwayNote(crossing.from, crossing.partway)}</p> : null}
            {crossing.skipped.length ? (
              <div>
                <p>{skippedLead(crossing)}</p>
                <ul className="ms-5 list-disc">
                  {crossing.skipped.map((unit) => (
                    <li key={unit.key}>
                      <UnitName unit={unit} />
                    </li>
                  ))}
                </ul>
                <p className="text-muted-foreground">{staysUnread(crossing.skipped.length)}</p>
              </div>
            ) : null}
            {crossing.sideStories.length ? (
              <div>
                <p>{countOf(crossing.sideStories.length, nouns.sideStoryComes)} before that point, unread:</p>
                <ul className="ms-5 list-disc">
                  {crossing.sideStories.slice(0, SIDE_STORIES_NAMED).map((unit) => (
                    <li key={unit.key}>
                      <UnitName unit={unit} />
                    </li>
                  ))}
                </ul>
                {crossing.sideStories.length > SIDE_STORIES_NAMED ? (
                  <p className="text-muted-foreground">
                    And {formatNumber(crossing.sideStories.length - SIDE_STORIES_NAMED)} more, in the side stories
                    below.
                  </p>
                ) : null}
              </div>
            ) : null}
            <Button size="sm" onClick={(event) => onCross(crossing, event)}>
              Continue in {crossing.to.name}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
