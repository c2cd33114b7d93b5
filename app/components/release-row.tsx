import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { machineDate } from "~/lib/content/dates";
import { formatDate } from "~/lib/format";
import { type Release, releaseKind, releasePath, releasePlace, releaseTitle } from "~/lib/feeds/releases";
import { isRevealed } from "~/lib/shield/shield";
import { useShield } from "~/browser/spoiler-shield";
import { useOriginalLanguage } from "~/components/original-text";

/**
 * One release as a link to where the site shows it: what kind it is, its title (or, where the title is
 * hidden, its place, which says what came out and spoils nothing), and its date. Not the Spoiler's "Show it": the whole row is a link to the release.
 */
export function ReleaseRow({ release }: { release: Release }) {
  const shield = useShield();
  const originalLanguage = useOriginalLanguage();
  const { title } = release;
  const revealed = isRevealed(shield, title.revealedBy);
  const own = releaseTitle(release);
  const named = revealed ? own : null;
  // A release without a title of its own (named by its label) hides nothing: its place alone, and no "title hidden".
  const untitled = title.content !== null && own === null;
  return (
    <Link to={releasePath(release)} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 hover:bg-muted">
      <Badge tone="outline" wrap>
        {releaseKind(release, originalLanguage)}
      </Badge>
      {/* Known but still on its way, a title keeps the row as it was, so nothing moves twice. */}
      <span className="font-medium" aria-busy={revealed && !named && !untitled ? true : undefined}>
        {named ? named.title : releasePlace(release)}
      </span>
      <span className="text-sm text-muted-foreground">
        {named?.label ? `${named.label} · ` : null}
        {named || untitled ? null : "title hidden until you reach it · "}
        <time dateTime={machineDate(release.releasedOn)}>{formatDate(release.releasedOn)}</time>
      </span>
    </Link>
  );
}
