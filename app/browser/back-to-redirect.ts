import { type ContextType, useContext, useEffect } from "react";
import { UNSAFE_DataRouterContext as DataRouterContext } from "react-router";

type Router = NonNullable<ContextType<typeof DataRouterContext>>["router"];

/*
 * Back or Forward to a page that sends the reader on (an account page once signed out: to sign-in)
 * replaces the history entry it came to, as a browser does with a server's redirect. React Router adds
 * the page it is sent to as a new entry instead, which also drops every entry ahead: the next Back
 * comes to the page that sends the reader on again, and never gets past it.
 */

/** Back or Forward moved to an entry whose page has not come yet. */
let poppedPending = false;

/** Whether the history state React Router writes is for where a loader sent the reader on (it marks the location so). */
const isRedirect = (state: unknown) => (state as { usr?: { _isRedirect?: unknown } } | null)?.usr?._isRedirect === true;

function watchBackAndForward(router: Router) {
  // In the capture phase: before the router's own listener starts the navigation, which may end at once.
  const onPop = () => {
    poppedPending = true;
  };
  window.addEventListener("popstate", onPop, true);
  const { pushState } = window.history;
  window.history.pushState = function (this: History, ...args: Parameters<History["pushState"]>) {
    // Only the page the reader is sent on to replaces the entry: a link tapped meanwhile adds its own.
    const sentOn = poppedPending && isRedirect(args[0]);
    poppedPending = false;
    return sentOn ? window.history.replaceState(...args) : pushState.apply(this, args);
  };
  const unsubscribe = router.subscribe(({ navigation }) => {
    if (navigation.state === "idle") poppedPending = false;
  });
  return () => {
    window.removeEventListener("popstate", onPop, true);
    window.history.pushState = pushState;
    unsubscribe();
    poppedPending = false;
  };
}

/** Makes a page reached by Back or Forward that sends the reader on replace its entry; the shell calls it, once. */
export function useBackToRedirect() {
  const router = useContext(DataRouterContext)?.router ?? null;
  useEffect(() => (router ? watchBackAndForward(router) : undefined), [router]);
}
