import { useLocation } from "react-router";
import { type ReactNode, useEffect, useState } from "react";
import { FilterForm } from "~/components/filter-form";
import { OriginalText } from "~/components/original-text";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { toast } from "~/components/ui/toast-store";
import {
  type MistakeFilters,
  mistakeAnchor,
  type MistakeSeverity,
  mistakeCategoryLabels,
  mistakeSeverityLabels,
  mistakeStatusLabels,
} from "~/lib/mistakes/rules";
import { formatDate } from "~/lib/format";
import type { MistakeEntry, MistakeFacets } from "~/lib/mistakes/entries";
import { diffWords } from "~/lib/mistakes/word-diff";

const severityTone = { minor: "neutral", meaning_changing: "outline", plot_relevant: "warning" } as const;

/** `wrap` lets "Meaning-changing" break at its hyphen where the badge is the width of a narrow card. */
export function SeverityBadge({ severity, wrap = false }: { severity: MistakeSeverity; wrap?: boolean }) {
  return (
    <Badge tone={severityTone[severity]} wrap={wrap}>
      {mistakeSeverityLabels[severity]}
    </Badge>
  );
}

/** Official and suggested text side by side (stacked on phones), with the changed words marked. */
export function MistakeComparison({ official, suggested }: { official: string; suggested: string }) {
  const diff = diffWords(official, suggested);
  return (
    // One column as wide as the card (minmax(0, 1fr)), not as wide as its longest word: at a large text
    // size a word such as "Congratulations," is wider than a phone's card, and breaks instead. The boxes'
    // padding grows with the text only to 3.5% of the screen: at twice the text size on a 360 px phone,
    // "Grandmother" and "waterlogged" fit a line whole.
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      <figure className="rounded-md border border-border bg-muted/60 p-[min(0.75rem,3.5vw)]">
        <figcaption className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          Official
        </figcaption>
        <blockquote>
          {diff.official.map((segment, index) =>
            segment.changed ? (
              <del key={index} className="rounded bg-destructive/15 px-0.5 text-foreground decoration-destructive">
                {segment.text}
              </del>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
          )}
        </blockquote>
      </figure>
      <figure className="rounded-md border border-primary/40 bg-accent p-[min(0.75rem,3.5vw)]">
        <figcaption className="mb-1 text-xs font-semibold uppercase tracking-wide text-primary">Suggested</figcaption>
        <blockquote>
          {diff.suggested.map((segment, index) =>
            segment.changed ? (
              <ins key={index} className="rounded bg-primary/20 px-0.5 font-medium no-underline">
                {segment.text}
              </ins>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
          )}
        </blockquote>
      </figure>
    </div>
  );
}

/** The permalink, and once the page is interactive a button that copies it. */
export function EntryLinks({ anchor }: { anchor: string }) {
  const location = useLocation();
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(typeof navigator.clipboard?.writeText === "function"), []);

  async function copy() {
    const url = new URL(`${location.pathname}#${anchor}`, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: url });
    } catch {
      toast({ title: "Could not copy the link", description: url, variant: "destructive" });
    }
  }

  return (
    // Wrapping: "Copy link" goes under the permalink where a phone's card at a large text size has no room beside it.
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <a href={`#${anchor}`} className="tap-line text-primary underline">
        Permalink
      </a>
      {canCopy ? (
        <Button variant="outline" size="inline" onClick={copy} className="px-2 py-0.5">
          Copy link
        </Button>
      ) : null}
    </span>
  );
}

/** Category, severity and status filters (FilterForm: the address holds them, a choice applies at once). */
export function MistakeFilterForm({
  filters,
  facets,
  keep,
}: {
  filters: MistakeFilters;
  facets: MistakeFacets;
  /** What else the address holds that a filter leaves as it is (the anime's season). */
  keep?: readonly string[];
}) {
  const groups = [
    { name: "category", label: "Category", labels: mistakeCategoryLabels, value: filters.category },
    { name: "severity", label: "Severity", labels: mistakeSeverityLabels, value: filters.severity },
    { name: "status", label: "Status", labels: mistakeStatusLabels, value: filters.status },
  ] as const;
  return (
    <div className="mb-6 space-y-2">
      <FilterForm
        submitLabel="Filter"
        keep={keep}
        className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      >
        {groups.map((group) => (
          <Field key={group.name} id={`filter-${group.name}`} label={group.label}>
            <Select name={group.name} defaultValue={group.value ?? ""}>
              <option value="">Any</option>
              {Object.entries(group.labels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label} ({facets[group.name][value] ?? 0})
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </FilterForm>
      {/* The counts leave out what the reader has not reached, which the list folds away: said, so the two never seem to disagree. */}
      <p className="text-xs text-muted-foreground">
        The counts are of the entries you have reached; the others stay folded in the list.
      </p>
    </div>
  );
}

export function Credits({
  credits,
  addedOn,
  updatedOn,
}: {
  credits: string[];
  addedOn: string;
  updatedOn: string | null;
}) {
  return (
    <p className="text-xs text-muted-foreground">
      Credit: {credits.join(", ")} · added {formatDate(addedOn)}
      {updatedOn ? ` · updated ${formatDate(updatedOn)}` : ""}
    </p>
  );
}

/**
 * One entry on a mistakes page: its heading (where it is), permalink, badges, the original, the
 * official and suggested text side by side, and why. Entries sit in a ShieldedList: one it hides
 * (or that the response sealed, `entry` null: only its handle came) keeps its hidden, empty element,
 * the same element once the entry is shown, so a permalink's target stays its target.
 */
export function MistakeCard({
  id,
  entry,
  shown,
  heading,
  badges,
  footer,
  headingLevel: Heading = "h3",
}: {
  /** The entry's handle: its anchor. */
  id: string;
  entry: MistakeEntry | null;
  /** Whether the spoiler shield lets the entry be shown (ShieldedList decides). */
  shown: boolean;
  /** Where the entry is; shown with the entry only. */
  heading: ReactNode;
  /** Where the card sits in the page's outline. */
  headingLevel?: "h2" | "h3" | "h4";
  badges?: ReactNode;
  footer?: ReactNode;
}) {
  const anchor = mistakeAnchor(id);
  const className =
    "space-y-3 rounded-lg border border-border bg-card p-card target:border-primary target:ring-2 target:ring-primary";
  const text = shown ? (entry?.content ?? null) : null;
  const revealed = text !== null;
  // A permalink's entry is shown once the reader's revealed data arrives, after the browser has
  // given up scrolling to it: scroll then, once.
  useEffect(() => {
    if (revealed && window.location.hash === `#${anchor}`)
      document.getElementById(anchor)?.scrollIntoView({ block: "start" });
  }, [revealed, anchor]);
  if (!entry || !text) return <article id={anchor} hidden className={className} />;
  return (
    <article id={anchor} aria-labelledby={`${anchor}-title`} className={className}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={`${anchor}-title`} className="font-semibold">
          {heading}
        </Heading>
        <EntryLinks anchor={anchor} />
      </header>
      <div className="flex flex-wrap gap-2">
        <SeverityBadge severity={entry.severity} />
        <Badge tone="outline">{mistakeCategoryLabels[entry.category]}</Badge>
        <Badge>{mistakeStatusLabels[entry.status]}</Badge>
        {badges}
      </div>
      <div className="space-y-3">
        <OriginalText text={text.japanese} />
        <MistakeComparison official={text.official} suggested={text.suggested} />
        <p>{text.explanation}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Credits credits={entry.credits} addedOn={entry.addedOn} updatedOn={entry.updatedOn} />
        {footer}
      </div>
    </article>
  );
}
