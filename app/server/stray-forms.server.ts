import type { ServerBuild } from "react-router";
import { PAGE_METHODS, takesNoForm } from "~/lib/http/status";
import { refusal } from "./refusal.server";

/** The action of every route that has none: the site's 405 (the edge has already left the body unread). */
function refuseStrayForm(): never {
  throw refusal(405, takesNoForm("This address"), { Allow: PAGE_METHODS.join(", ") });
}

/**
 * The build as the site serves it: every route module without an action gets one that refuses the form
 * in the site's words. Left to itself React Router answers such a form with its own 405, whose message
 * names the route module (`did not provide an \`action\` for route "routes/home"`) and travels in the
 * page's hydration data and in `.data` answers, and a resource route's with `Unexpected Server Error`
 * and no `Allow`. With this action a page shows the site's 405 page (the error boundary), a `.data`
 * answer carries the same message, and a resource route answers the refusal as it is. The browser's
 * route manifest is left as it was: the site's own pages never send a form to these routes.
 */
export function refuseStrayForms(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [
      id,
      route && !route.module.action ? { ...route, module: { ...route.module, action: refuseStrayForm } } : route,
    ]),
  );
  return { ...build, routes };
}
