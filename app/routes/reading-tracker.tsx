import { lazy, Suspense } from "react";
import { importWithRecovery } from "~/browser/lazy-import";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { TimelineFailed, TrackerLoading } from "~/components/tracker/tracker-header";
import { pageMeta } from "~/lib/http/meta";
import { revealParameter } from "~/lib/shield/shield";
import { loadShield } from "~/browser/spoiler-shield";
import { fetchTimeline } from "~/browser/tracker-timeline";
import { useOptionalUser } from "~/browser/user";
import { getAccountProgress } from "~/models/progress.server";
import { getSignedInUser } from "~/server/session.server";
import type { Route } from "./+types/reading-tracker";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/**
 * The signed-in reader's saved progress with its revision and set-backs, read as /resources/progress
 * reads it for the sign-in sync (an open session, then the model's `getAccountProgress`, the record
 * `saveProgress` saves into); nothing for anyone else (no D1 read).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSignedInUser(request, context);
  // Progress is the reader's own and holds no story text: nothing to seal (the titles come with the timeline).
  return { saved: user ? await getAccountProgress(context.db, user.uid) : null };
}

/**
 * The tracker's code (pickers, checklists, Up next, crossing offers, export and import): nothing of it
 * is drawn before the timeline arrives, so it loads beside the timeline instead of in the page's first load.
 */
const trackerModule = () => importWithRecovery(() => import("~/components/tracker/tracker"));
const Tracker = lazy(() => trackerModule().then((module) => ({ default: module.Tracker })));

/**
 * The pickers list the whole timeline, which first paint does not need (progress lives in the
 * browser): it is fetched after hydration, cacheable, instead of travelling in the page, with the
 * titles this reader knows (the page asks again as their progress moves: useTimeline). The tracker's
 * code comes at the same time, so the page waits for neither one after the other.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const reveal = loadShield().then((shield) => revealParameter(shield));
  const [{ saved }, timeline] = await Promise.all([
    serverLoader(),
    // Without the timeline the pickers have nothing to list: the page says so and asks again (below),
    // instead of the error page taking the place of the page the reader came from.
    reveal.then(fetchTimeline).catch(() => null),
    trackerModule(),
  ]);
  if (!timeline) return { saved, timeline: "failed" as const };
  const { units, externalIds, behind = false } = timeline;
  return { saved, units, externalIds, reveal: await reveal, behind };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "Reading tracker",
      description:
        "Track how far you are in the web novel, light novels, side stories, anime and Break Time, and keep spoilers away.",
    },
  );

export function HydrateFallback() {
  return <TrackerLoading signedIn={Boolean(useOptionalUser())} />;
}

export default function ReadingTracker({ loaderData }: Route.ComponentProps) {
  const signedIn = Boolean(useOptionalUser());
  if ("timeline" in loaderData) return <TimelineFailed signedIn={signedIn} />;
  // The module is already here (the clientLoader waited for it); the fallback is what the page showed until now.
  return (
    <Suspense fallback={<TrackerLoading signedIn={signedIn} />}>
      <Tracker loaderData={loaderData} />
    </Suspense>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
