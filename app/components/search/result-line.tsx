import { Link } from "react-router";
import { OriginalText } from "~/components/original-text";
import { Badge } from "~/components/ui/badge";
import { titleBesideLabel } from "~/lib/content/labels";
import { searchKindLabels } from "~/lib/search/query";
import type { HitText, SearchKind } from "~/lib/search/result";

/**
 * A result of the search page: its kind, its title and the label the title does not already carry, and
 * under them its original title where the search was in that script.
 */
export function ResultLine({
  kind,
  text,
}: {
  kind: SearchKind;
  text: Pick<HitText, "title" | "subtitle" | "path" | "originalTitle">;
}) {
  const named = titleBesideLabel(text.subtitle, text.title);
  return (
    <li>
      <Link to={text.path} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 hover:bg-muted">
        <Badge tone="outline">{searchKindLabels[kind]}</Badge>
        <span className="font-medium">{named.title}</span>
        {named.label ? <span className="text-sm text-muted-foreground">{named.label}</span> : null}
        <OriginalText as="span" text={text.originalTitle ?? null} className="basis-full text-sm" />
      </Link>
    </li>
  );
}
