import { Fragment } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { TitleIfShown } from "~/components/unit-title";
import { lightNovelChapterName } from "~/lib/content/labels";
import { unitPath } from "~/lib/content/units";
import type { LnMistake, LnMistakeInVolume } from "~/lib/mistakes/entries";
import { MistakeCard } from "./mistake-parts";

/**
 * One light novel entry: the volume's chapter, page or ebook position, edition, and the text. Sealed
 * (`entry` null), only its hidden element, for its permalink.
 */
export function LnMistakeEntry({
  id,
  entry,
  shown,
  showVolume = false,
  headingLevel = "h3",
}: {
  id: string;
  /** An entry on its volume's page does not carry the volume; elsewhere it names it (`showVolume`). */
  entry: (LnMistakeInVolume & Partial<Pick<LnMistake, "volume">>) | null;
  /** Whether the spoiler shield lets the entry be shown (ShieldedList decides). */
  shown: boolean;
  showVolume?: boolean;
  headingLevel?: "h2" | "h3";
}) {
  if (!entry) return <MistakeCard id={id} entry={null} shown={false} heading={null} />;
  // The chapter is named as its book names it ("Prologue: …", "Chapter 3: …"); each part of where it is
  // stays whole on one line.
  const location = [
    entry.page ? `p. ${entry.page}` : null,
    entry.ebookPosition ? `ebook ${entry.ebookPosition}` : null,
  ].filter((part) => part !== null);
  // "Lanternfall 3, Chapter 2: Title" (the volume where the page is not its own); a reader's report
  // whose chapter the contents do not list says so.
  const where = (title: string | null) =>
    [
      showVolume && entry.volume ? entry.volume.label : "",
      lightNovelChapterName({ label: entry.chapterLabel, title }, entry.chapter),
    ]
      .filter(Boolean)
      .join(", ") || "Chapter not known";
  return (
    <MistakeCard
      id={id}
      entry={entry}
      shown={shown}
      headingLevel={headingLevel}
      heading={
        <>
          {/* Its title where the reader may see it; meanwhile the label names the chapter alone. */}
          <TitleIfShown gated={entry.chapterTitle} fallback={where(null)}>
            {where}
          </TitleIfShown>
          {location.length ? (
            <span className="text-sm font-normal text-muted-foreground">
              {location.map((part) => (
                // Each dot glued to the word before it by a no-break space, so a line never starts with one;
                // a line may break after it ("Instinct ·" then "p. 104 ·" then "ebook 33%"): held on one
                // line with the title's last word, they are wider than a phone's card at a large text size.
                <Fragment key={part}>
                  {"\u00a0· "}
                  <span className="whitespace-nowrap">{part}</span>
                </Fragment>
              ))}
            </span>
          ) : null}
        </>
      }
      badges={
        <Badge tone="outline" wrap>
          {entry.edition}
        </Badge>
      }
      footer={
        entry.webNovelChapter ? (
          <Link to={unitPath(entry.webNovelChapter.key)} className="tap-line text-sm text-primary underline">
            Web novel: {entry.webNovelChapter.label}
          </Link>
        ) : null
      }
    />
  );
}
