import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { OriginalText } from "~/components/original-text";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import { unitAnchor, unitPath } from "~/lib/content/units";
import { formatDate, pluralize } from "~/lib/format";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import { getSideStories } from "~/models/side-stories.server";
import type { Route } from "./+types/side-stories";

export async function loader({ context }: Route.LoaderArgs) {
  return { sideStories: await getSideStories(context.db) };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  pageMeta(siteNameFrom(matches), {
    title: "Side stories",
    description: `${pluralize(data?.sideStories.length ?? 0, "side story", "side stories")}: side volumes, short stories, store bonuses and IF routes, with where each was published and when to read it.`,
  });

const kindLabels = {
  side_volume: "Side volume",
  short_story: "Short story",
  store_bonus: "Store bonus",
  if_route: "IF route",
} as const;

export default function SideStories({ loaderData }: Route.ComponentProps) {
  const { sideStories } = loaderData;
  const counts = Object.entries(kindLabels).map(([kind, label]) => ({
    label,
    count: sideStories.filter((story) => story.kind === kind).length,
  }));

  return (
    <>
      <PageHeader
        title="Side stories"
        lead="Everything told outside the main line, in the order to read it: each story sits at the point in the main story after which it reads best."
      >
        <p className="text-sm text-muted-foreground">{counts.map(({ label, count }) => `${count} ${label.toLowerCase()}${count === 1 ? "" : "s"}`).join(" · ")}</p>
      </PageHeader>
      <ol className="space-y-3">
        {sideStories.map((story) => (
          <li
            key={story.slug}
            id={unitAnchor(story.key)}
            className={cn("rounded-lg border bg-card p-4 target:border-primary", story.canon ? "border-border" : "border-dashed border-border")}
          >
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="outline">{kindLabels[story.kind]}</Badge>
              {story.canon ? <Badge>Canon</Badge> : <Badge tone="warning">Not canon</Badge>}
            </div>
            <h2 className="mt-2 text-lg font-semibold">{story.title}</h2>
            <OriginalText text={story.originalTitle} className="text-sm" />
            {story.summary ? <p className="mt-2 max-w-3xl">{story.summary}</p> : null}
            <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-muted-foreground">Read after</dt>
              <dd>
                <Link to={unitPath(story.readAfter.key)} className="text-primary underline">
                  {story.readAfter.label}
                </Link>
              </dd>
              <dt className="text-muted-foreground">Published in</dt>
              <dd>
                {story.publishedIn}
                {story.publishedOn ? <> · <time dateTime={story.publishedOn}>{formatDate(story.publishedOn)}</time></> : null}
              </dd>
            </dl>
            {story.readUrl ? (
              <a href={story.readUrl} rel="noopener noreferrer" className="mt-3 inline-block font-medium text-primary underline">
                Read it<span className="sr-only">: {story.title}</span>
              </a>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
