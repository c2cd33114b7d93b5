import { Link } from "react-router";
import { DiscussionLink } from "~/components/discussion-link";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { OriginalText } from "~/components/original-text";
import { Pagination } from "~/components/pagination";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import { isUnitKey, sideStoryKey, unitAnchor, unitPath } from "~/lib/content/units";
import { machineDate } from "~/lib/content/dates";
import { formatDate, formatSite } from "~/lib/format";
import { countOf, nouns, sideStoryKindNouns } from "~/lib/words";
import { type SideStoryKind, sideStoryKinds } from "~/lib/vocabulary";
import { pageMeta } from "~/lib/http/meta";
import { getSideStories, type SideStory } from "~/models/side-stories.server";
import { missingSideStory } from "~/lib/http/missing-filter";
import { requestedPage, requireExistingPage } from "~/server/paging.server";
import { notFound } from "~/server/not-found.server";
import { shieldedData } from "~/server/shield.server";
import { useShieldedData } from "~/browser/spoiler-shield";
import { Spoiler } from "~/components/spoiler";
import { UnitTitle, UnreachedTitlesNote, useShownContent } from "~/components/unit-title";
import { publicCopy } from "~/lib/shield/gated";
import type { Route } from "./+types/side-stories";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = params.has("page") ? requestedPage(new URL(request.url)) : null;
  // A link to one story (unitPath) names it, so the page that holds it opens.
  const story = params.get("story");
  const sideStories = await getSideStories(context.db, {
    page,
    story: story && isUnitKey(sideStoryKey(story), "side_stories") ? story : null,
  });
  if (page !== null) requireExistingPage(new URL(request.url), { page, pageCount: sideStories.pageCount });
  if (story !== null && !sideStories.storyFound) notFound(missingSideStory(story));
  return shieldedData(request, sideStories);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const data = publicCopy(loaderData);
  return pageMeta(
    { matches, error },
    {
      title: "Side stories",
      description: `${countOf(data?.total ?? 0, nouns.sideStory)}: side volumes, short stories, store bonuses, IF routes and game stories, with where each was published, where to find it and when to read it.`,
    },
  );
};

const kindLabels: Record<SideStoryKind, string> = {
  side_volume: "Side volume",
  short_story: "Short story",
  store_bonus: "Store bonus",
  if_route: "IF route",
  game_story: "Game story",
};

export default function SideStories({ loaderData }: Route.ComponentProps) {
  const { sideStories, kindCounts, page, pageCount } = useShieldedData(loaderData).data;
  const counts = sideStoryKinds.flatMap((kind) =>
    kindCounts[kind] ? [countOf(kindCounts[kind], sideStoryKindNouns[kind])] : [],
  );

  return (
    <>
      <PageHeader
        title="Side stories"
        lead="Everything told outside the main line, in the order to read it: each story sits at the point in the main story after which it reads best."
      >
        <p className="text-sm text-muted-foreground">{counts.join(" · ")}</p>
      </PageHeader>
      <UnreachedTitlesNote className="mb-4" />
      <ol className="space-y-3">
        {sideStories.map((story) => (
          <SideStoryCard key={story.slug} story={story} />
        ))}
      </ol>
      <Pagination page={page} pageCount={pageCount} />
    </>
  );
}

/** One side story: what kind it is, its title (once the reader may see it) and summary, where to read it. */
function SideStoryCard({ story }: { story: SideStory }) {
  const titleShown = useShownContent(story.title);
  return (
    <li
      id={unitAnchor(story.key)}
      className={cn(
        "rounded-lg border bg-card p-card target:border-primary",
        story.canon ? "border-border" : "border-dashed border-border",
      )}
    >
      <div className="flex flex-wrap items-center gap-x-2">
        <Badge tone="outline">{kindLabels[story.kind]}</Badge>
        {story.canon ? <Badge>Canon</Badge> : <Badge tone="warning">Not canon</Badge>}
        <DiscussionLink
          unit={story.key}
          comments={story.discussion}
          name={titleShown ? `“${titleShown.title}”` : "this story"}
          className="tap-line text-sm"
        />
      </div>
      <div className="mt-2">
        <UnitTitle gated={story.title} as="h2" className="text-lg font-semibold" what="This story's title">
          {(told) => (
            <>
              <h2 className="text-lg font-semibold">{told.title}</h2>
              <OriginalText text={told.originalTitle} className="text-sm" />
            </>
          )}
        </UnitTitle>
        {story.summary ? (
          // It waits for readers of the story itself, even past its "Read after" point: the line says why.
          <Spoiler gated={story.summary} what="Its summary, which tells the story," block>
            {(summary) => <p className="mt-2 max-w-3xl">{summary}</p>}
          </Spoiler>
        ) : null}
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Read after</dt>
        <dd>
          <Link to={unitPath(story.readAfter.key)} className="tap-line text-primary underline">
            {story.readAfter.label}
          </Link>
        </dd>
        <dt className="text-muted-foreground">Published in</dt>
        <dd>
          {story.publishedIn}
          {/* The separator stays with what it follows; a line never starts with "·". */}
          {story.publishedOn ? (
            <>
              {"\u00a0· "}
              <time dateTime={machineDate(story.publishedOn)} className="whitespace-nowrap">
                {formatDate(story.publishedOn)}
              </time>
            </>
          ) : null}
        </dd>
        {story.foundIn.length || story.kind === "game_story" ? (
          <>
            <dt className="text-muted-foreground">Where to find it</dt>
            <dd>{story.foundIn.length ? <FoundIn places={story.foundIn} /> : "Not known"}</dd>
          </>
        ) : null}
      </dl>
      {story.readUrl ? (
        <a
          href={story.readUrl}
          rel="noopener noreferrer"
          className="tap-line mt-1 font-medium text-primary underline wrap-anywhere"
        >
          Read<span className="sr-only"> {titleShown ? `“${titleShown.title}”` : "it"}</span> on{" "}
          {formatSite(story.readUrl)}
        </a>
      ) : null}
    </li>
  );
}

/** The places a story can be found, and those it is no longer in (with when it left them). */
function FoundIn({ places }: { places: SideStory["foundIn"] }) {
  return (
    <ul>
      {places.map((place) => (
        <li key={`${place.name} ${place.until}`}>
          {place.url ? (
            <a href={place.url} rel="noopener noreferrer" className="tap-line text-primary underline">
              {place.name}
            </a>
          ) : (
            place.name
          )}
          {place.until ? (
            <span className="text-muted-foreground">
              {"\u00a0· until "}
              <time dateTime={machineDate(place.until)} className="whitespace-nowrap">
                {formatDate(place.until)}
              </time>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
