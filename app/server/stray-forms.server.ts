import { PAGE_METHODS, takesNoForm } from "~/lib/http/status";
import { methodNotAllowed } from "./refusal.server";

/**
 * The action of every route module that takes no form (`export { refuseForm as action }`): the site's
 * 405. Without one, React Router answers such a form with its own 405, whose message names the route
 * module (`did not provide an \`action\` for route "routes/home"`) and travels in the page's hydration
 * data and in `.data` answers, and a resource route's with `Unexpected Server Error` and no `Allow`.
 * With it a page shows the site's 405 page (the error boundary), a `.data` answer carries the same
 * message, and a resource route answers the refusal as it is. The request guard has already left the
 * body unread. A workerd test holds every route module outside the API to having an action.
 */
export function refuseForm(): never {
  throw methodNotAllowed(PAGE_METHODS, takesNoForm("This address"));
}
