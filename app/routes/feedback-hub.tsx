import { Outlet } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireUser } from "~/server/session.server";
import { accountPage } from "~/lib/account/account-page";
import type { Route } from "./+types/feedback-hub";

/** Signing out here goes home. */
export const handle = accountPage;

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/** Every /feedback_hub page is for signed-in readers; each child loader checks too, as loaders run in parallel. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  // Only a guard: the pages load what they show themselves.
  return null;
}

export default function FeedbackHubLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
