import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { PageSection } from "~/components/page-section";
import { Pagination } from "~/components/pagination";
import { ReleaseRow } from "~/components/release-row";
import { cn } from "~/lib/cn";
import { media, mediumLabels } from "~/lib/content/units";
import { oneOf } from "~/lib/http/params";
import { originalLanguageNameFrom, pageMeta } from "~/lib/http/meta";
import { missingMedium } from "~/lib/http/missing-filter";
import { pageInfo, showingRange } from "~/lib/http/paging";
import {
  feedAddress,
  type Release,
  RELEASE_CALENDAR_PATH,
  releaseDay,
  releaseFeedPath,
  releaseId,
  releaseNouns,
  UPCOMING_LIMIT,
  UPCOMING_SHOWN,
} from "~/lib/feeds/releases";
import { useShield, useShieldedData } from "~/browser/spoiler-shield";
import { nouns } from "~/lib/words";
import { getReleases, getUpcomingReleases, RECENT_PER_PAGE } from "~/models/releases.server";
import { requestedPage, requireExistingPage } from "~/server/paging.server";
import { notFound } from "~/server/not-found.server";
import { shieldedData } from "~/server/shield.server";
import { publicCopy } from "~/lib/shield/gated";
import type { Route } from "./+types/releases";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("medium");
  const medium = oneOf(media, asked);
  if (asked !== null && medium === null) notFound(missingMedium(asked, url.pathname));
  const list = url.searchParams.get("upcoming");
  if (list !== null && list !== "all") notFound(missingList(list, medium));
  const page = requestedPage(url);
  if (list === "all") {
    // Every upcoming release (UPCOMING_LIMIT at most) on one page of its own, without what came out.
    requireExistingPage(url, { page, pageCount: 1 });
    const upcoming = await getUpcomingReleases(context.db, { medium, today: releaseDay() });
    return shieldedData(request, {
      medium,
      everyUpcoming: true,
      upcoming,
      moreUpcoming: false,
      recent: [],
      paging: pageInfo(1, RECENT_PER_PAGE, 0),
    });
  }
  // The soonest few, and one more to know whether the view of every upcoming release has more.
  const { upcoming, ...releases } = await getReleases(context.db, {
    medium,
    today: releaseDay(),
    page,
    upcoming: UPCOMING_SHOWN + 1,
  });
  requireExistingPage(url, releases.paging);
  return shieldedData(request, {
    medium,
    everyUpcoming: false,
    upcoming: upcoming.slice(0, UPCOMING_SHOWN),
    moreUpcoming: upcoming.length > UPCOMING_SHOWN,
    ...releases,
  });
}

/** `?upcoming=` names one list only, every upcoming release: the radar and that list are offered. */
function missingList(asked: string, medium: string | null) {
  const withMedium = medium ? `medium=${medium}&` : "";
  return {
    missing: `The list “${asked}”`,
    instead: "The lists there are",
    choices: [
      { label: "Releases", href: medium ? `/releases?medium=${medium}` : "/releases" },
      { label: "Every release coming up", href: `/releases?${withMedium}upcoming=all` },
    ],
  };
}

/** The radar's address for a medium (null: every medium), in the view asked for. */
function radarPath(medium: string | null, everyUpcoming: boolean) {
  const params = new URLSearchParams();
  if (medium) params.set("medium", medium);
  if (everyUpcoming) params.set("upcoming", "all");
  return params.size ? `/releases?${params}` : "/releases";
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const data = publicCopy(loaderData);
  const title = data?.medium ? capitalised(`${releaseNouns[data.medium]} releases`) : "Releases";
  return pageMeta(
    { matches, error },
    {
      title: data?.everyUpcoming ? `${title} coming up` : title,
      description: `What came out lately and what is coming in every medium: web novel chapters, light novel volumes in ${originalLanguageNameFrom(matches)} and in English, anime episodes, Break Time and side stories, without spoiling a title.`,
    },
  );
};

/** Feed readers and calendar apps find the subscriptions from the page's head. */
export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/atom+xml", href: releaseFeedPath(null), title: "Every release (Atom)" },
  ...media.map((medium) => ({
    rel: "alternate",
    type: "application/atom+xml",
    href: releaseFeedPath(medium),
    title: `${capitalised(`${releaseNouns[medium]} releases`)} (Atom)`,
  })),
  {
    rel: "alternate",
    type: "text/calendar",
    href: RELEASE_CALENDAR_PATH,
    title: "Light novel, manga and anime release calendar (iCalendar)",
  },
];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export default function Releases({ loaderData }: Route.ComponentProps) {
  const { medium, everyUpcoming, upcoming, moreUpcoming, recent, paging } = useShieldedData(loaderData).data;
  const which = medium ? releaseNouns[medium] : null;
  const titles = useShield()?.knowledge.unreachedTitles ?? "hide";
  return (
    <>
      <PageHeader
        title="Releases"
        lead="What came out lately and what is coming, in every medium. A release is named by its place until your progress reaches it, so the list spoils nothing; choose to see titles of what you have not reached on the reading tracker."
      />
      <nav aria-label="Medium" className="mb-6">
        <ul className="flex flex-wrap gap-x-2 text-sm">
          {[null, ...media].map((each) => (
            <li key={each ?? "all"}>
              <Link
                to={radarPath(each, everyUpcoming)}
                preventScrollReset
                aria-current={each === medium ? "page" : undefined}
                className={cn(
                  "tap-area my-[7px] inline-flex rounded-full border px-3 py-1",
                  each === medium
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border hover:border-primary",
                )}
              >
                {each ? mediumLabels[each] : "Every medium"}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="space-y-10">
        {/* Chapters come out without notice: the web novel has nothing to announce on the radar's first page. */}
        {everyUpcoming || (paging.page === 1 && !(medium === "web_novel" && !upcoming.length)) ? (
          <PageSection id="upcoming-title" title="Coming up">
            {everyUpcoming ? (
              <p className="text-sm text-muted-foreground">
                {upcoming.length === UPCOMING_LIMIT
                  ? `The ${UPCOMING_LIMIT} soonest, soonest first.`
                  : "Everything dated, soonest first."}{" "}
                <Link to={radarPath(medium, false)} className="text-primary underline-offset-4 hover:underline">
                  What came out
                </Link>
              </p>
            ) : null}
            {upcoming.length ? (
              <ReleaseList releases={upcoming} />
            ) : (
              <p className="text-muted-foreground">
                {which ? `No ${which} release is dated yet.` : "No release is dated yet."} New dates appear here as they
                are announced.
              </p>
            )}
            {!everyUpcoming && moreUpcoming ? (
              <p>
                <Link
                  to={radarPath(medium, true)}
                  className="tap-line font-medium text-primary underline-offset-4 hover:underline"
                >
                  {which ? `Every ${which} release coming up` : "Every release coming up"}
                </Link>
              </p>
            ) : null}
          </PageSection>
        ) : null}

        {everyUpcoming ? null : (
          <PageSection id="recent-title" title="Out now">
            {recent.length ? (
              <>
                <p className="text-sm text-muted-foreground">{showingRange(paging, nouns.release)}, newest first.</p>
                <ReleaseList releases={recent} />
                <Pagination page={paging.page} pageCount={paging.pageCount} />
              </>
            ) : (
              <p className="text-muted-foreground">
                {which ? `No ${which} release has come out yet.` : "Nothing has come out yet."}
              </p>
            )}
          </PageSection>
        )}

        <PageSection id="follow-title" title="Follow the releases">
          <p className="max-w-3xl text-muted-foreground">
            Subscribe in a feed reader or a calendar app. They cannot know your progress, so they name a release by its
            place, or by its title where it spoils nothing if you chose to see titles of what you have not reached.
          </p>
          <ul className="space-y-2">
            <li>
              <a
                href={feedAddress(releaseFeedPath(medium), titles)}
                className="tap-line font-medium text-primary underline-offset-4 hover:underline"
              >
                {medium ? capitalised(`${releaseNouns[medium]} releases`) : "Every release"} (Atom feed)
              </a>
              {medium ? (
                <>
                  {" · "}
                  <a
                    href={feedAddress(releaseFeedPath(null), titles)}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    every medium
                  </a>
                </>
              ) : null}
            </li>
            <li>
              <a
                href={feedAddress(RELEASE_CALENDAR_PATH, titles)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Light novel, manga and anime release dates (iCalendar)
              </a>
              <span className="text-muted-foreground">: add its address to your calendar app as a subscription.</span>
            </li>
          </ul>
        </PageSection>
      </div>
    </>
  );
}

function ReleaseList({ releases }: { releases: Release[] }) {
  return (
    <ol className="divide-y divide-border rounded-lg border border-border bg-card">
      {releases.map((release) => (
        <li key={releaseId(release)}>
          <ReleaseRow release={release} />
        </li>
      ))}
    </ol>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
