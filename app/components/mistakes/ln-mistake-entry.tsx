import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { unitPath } from "~/lib/content/units";
import type { LnMistake, LnMistakeInVolume } from "~/lib/mistake-entries";
import { MistakeCard } from "./mistake-parts";

/** One light novel entry: the volume's chapter, page or ebook position, edition, and the text. */
export function LnMistakeEntry({
  entry,
  shown,
  showVolume = false,
  headingLevel = "h3",
}: {
  /** An entry on its volume's page does not carry the volume; elsewhere it names it (`showVolume`). */
  entry: LnMistakeInVolume & Partial<Pick<LnMistake, "volume">>;
  /** Whether the spoiler shield lets the entry be shown (ShieldedList decides). */
  shown: boolean;
  showVolume?: boolean;
  headingLevel?: "h2" | "h3";
}) {
  // The volume's own chapter titles often carry their number ("Chapter 1: …"), so the title, when
  // there is one, stands alone and the position in the volume goes with the page.
  const location = (chapterTitle: string | null) =>
    [chapterTitle ? `ch. ${entry.chapter}` : null, entry.page ? `p. ${entry.page}` : null, entry.ebookPosition ? `ebook ${entry.ebookPosition}` : null]
      .filter(Boolean)
      .join(" · ");
  return (
    <MistakeCard
      entry={entry}
      shown={shown}
      headingLevel={headingLevel}
      heading={({ chapterTitle }) => (
        <>
          {showVolume && entry.volume ? `${entry.volume.label}, ` : ""}
          {chapterTitle ?? `Chapter ${entry.chapter}`}
          <span className="ml-2 text-sm font-normal text-muted-foreground">{location(chapterTitle)}</span>
        </>
      )}
      badges={<Badge tone="outline" wrap>{entry.edition}</Badge>}
      footer={
        entry.webNovelChapter ? (
          <Link to={unitPath(entry.webNovelChapter.key)} className="text-sm text-primary underline">
            Web novel: {entry.webNovelChapter.label}
          </Link>
        ) : null
      }
    />
  );
}
