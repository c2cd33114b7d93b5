import { useEffect, useRef } from "react";
import type * as TrackerModule from "~/components/tracker/tracker";
import { importWithRecovery } from "~/browser/lazy-import";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { focusLost, focusPageHeading } from "~/browser/focus";
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
 * is drawn before the timeline arrives, so it loads beside the timeline instead of in the page's first
 * load. The clientLoader waits for it, so the page draws it at once, never a fallback first (which would
 * take the focus a move within the site put on the page's heading).
 */
let trackerCode: typeof TrackerModule | undefined;
const trackerModule = () =>
  importWithRecovery(() => import("~/components/tracker/tracker")).then((module) => (trackerCode = module));

/**
 * The pickers list the whole timeline, which first paint does not need (progress lives in the
 * browser): it is fetched after hydration, cacheable, instead of travelling in the page, with the
 * titles this reader knows (the page asks again as their progress moves: useTimeline). The tracker's
 * code comes at the same time, so the page waits for neither one after the other.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const reveal = loadShield().then((shield) => revealParameter(shield));
  const [server, timeline] = await Promise.all([
    serverLoader().catch((error: unknown) => ({ error })),
    // Without the timeline the pickers have nothing to list, and without the page's own data the account's
    // progress is unknown: the page says so and asks again (below), instead of the error page taking the
    // place of the page the reader came from.
    reveal.then(fetchTimeline).catch(() => null),
    trackerModule(),
  ]);
  if (!timeline || "error" in server) return { saved: null, timeline: "failed" as const };
  const { units, externalIds, behind = false } = timeline;
  return { saved: server.saved, units, externalIds, reveal: await reveal, behind };
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
  const failed = "timeline" in loaderData;
  // Try again brought the tracker: its button is gone, so focus goes to the page's heading, not nowhere.
  const wasFailed = useRef(failed);
  useEffect(() => {
    const recovered = wasFailed.current && !failed && focusLost();
    wasFailed.current = failed;
    return recovered ? focusPageHeading() : undefined;
  }, [failed]);
  if ("timeline" in loaderData) {
    const SavingHeader = trackerCode?.SavingHeader;
    return <TimelineFailed signedIn={signedIn} header={SavingHeader ? <SavingHeader /> : undefined} />;
  }
  const Tracker = trackerCode?.Tracker;
  return Tracker ? <Tracker loaderData={loaderData} /> : <TrackerLoading signedIn={signedIn} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
