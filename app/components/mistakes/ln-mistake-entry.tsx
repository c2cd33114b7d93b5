import { Link } from "@remix-run/react";
import { Spoiler } from "~/components/spoiler";
import { Badge } from "~/components/ui/badge";
import { unitPath } from "~/lib/content/units";
import { mistakeAnchor, mistakeCategoryLabels, mistakeStatusLabels } from "~/lib/mistakes";
import type { LnMistake } from "~/models/mistakes.server";
import { Credits, EntryLinks, MistakeComparison, SeverityBadge } from "./mistake-parts";

/** One light novel entry: where it is, the Japanese, official and suggested text, and why. */
export function LnMistakeEntry({ entry, showVolume = false }: { entry: LnMistake; showVolume?: boolean }) {
  const anchor = mistakeAnchor(entry.id);
  const location = [entry.page ? `p. ${entry.page}` : null, entry.ebookPosition ? `ebook ${entry.ebookPosition}` : null].filter(Boolean).join(" · ");
  return (
    <article
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      className="scroll-mt-20 space-y-3 rounded-lg border border-border bg-card p-4 target:border-primary target:ring-2 target:ring-primary"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${anchor}-title`} className="font-semibold">
          {showVolume ? `${entry.volume.label}, ` : ""}Chapter {entry.chapter}
          {entry.chapterTitle ? `: ${entry.chapterTitle}` : ""}
          <span className="ml-2 text-sm font-normal text-muted-foreground">{location}</span>
        </h3>
        <EntryLinks anchor={anchor} />
      </header>
      <div className="flex flex-wrap gap-2">
        <SeverityBadge severity={entry.severity} />
        <Badge tone="outline">{mistakeCategoryLabels[entry.category]}</Badge>
        <Badge>{mistakeStatusLabels[entry.status]}</Badge>
        <Badge tone="outline">{entry.edition}</Badge>
      </div>
      <Spoiler revealAt={entry.revealAt} what="This entry" block>
        <div className="space-y-3">
          {entry.japanese ? (
            <p lang="ja" className="text-muted-foreground">
              {entry.japanese}
            </p>
          ) : null}
          <MistakeComparison official={entry.official} suggested={entry.suggested} />
          <p>{entry.explanation}</p>
        </div>
      </Spoiler>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Credits credits={entry.credits} addedOn={entry.addedOn} updatedOn={entry.updatedOn} />
        {entry.webNovelChapter ? (
          <Link to={unitPath(entry.webNovelChapter.key)} className="text-sm text-primary underline">
            Web novel: {entry.webNovelChapter.label}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
