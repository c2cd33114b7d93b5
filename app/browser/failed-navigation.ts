import { type ContextType, useContext, useEffect, useId, useState, useSyncExternalStore } from "react";
import {
  type ClientInstrumentation,
  type Location,
  matchRoutes,
  type Navigation,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  useNavigate,
} from "react-router";
import { connectionUnsure, failed, noteUnsureConnection } from "./follow-up";

/*
 * A tap on a link whose page's data cannot be fetched (no connection, the site out of reach, a gateway
 * answering in its place) keeps the page the reader has. React Router would take the failure as the new
 * page's and show the error page in place of the one on screen. Instead the failure is held: the
 * navigation stays pending, so the page stays as it was, and the follow-up notice (follow-up.ts) says
 * what failed, with a retry; the page is asked for again by itself when the connection returns. A tap
 * elsewhere, or the retry, starts a navigation that replaces the held one, and the router drops what the
 * held one would have said. The same holds for the page loaded after a form the site took (a comment
 * posted, a report sent): the form was sent, only the page showing it failed, and the notice says so.
 *
 * A page's code is loaded with its data, the first time the reader goes to a page of its kind, and React
 * Router reloads the page on screen should that code fail to come: the reader would lose the page and
 * the tap. While the connection is unsure (connectionUnsure), or a tap is held, a tap's page code is
 * fetched first, and the tap held in the same way if it cannot be.
 *
 * This is the one place a tap is held, a link's or a search's, offline or not, with the service worker
 * or without (offline-notice.tsx only opens what the worker kept as a whole document): only the newest
 * held tap is said and tried again, so the last tap counts.
 */

/** A page's data answered by something in front of the site in its place (holdGatewayErrors). */
class SiteOutOfReach extends TypeError {
  constructor(status: number) {
    super(`The site did not answer: ${status}`);
    this.name = "SiteOutOfReach";
  }
}

/**
 * A request that never reached the site, in Chromium's, Firefox's and Safari's words, or one a gateway
 * answered in its place.
 */
export function isUnreachable(error: unknown) {
  return (
    error instanceof SiteOutOfReach ||
    (error instanceof TypeError &&
      /^(Failed to fetch|NetworkError when attempting to fetch resource\.|Load failed)$/.test(error.message))
  );
}

/**
 * A page's data (`GET /….data`) answered with a 5xx the framework did not send (no `X-Remix-Response`):
 * a gateway's or the platform's own error page (502, 503, 504, a Function over its limits) in the site's
 * place. Such an answer fails as a request that never reached the site does, so a tap is held
 * (keepPageOnFailedNavigation) rather than replaced by the error page: React Router reports only an
 * `Error` to an instrumentation, and a thrown error answer is not one. Called once, before hydration.
 */
export function holdGatewayErrors() {
  const fetchFromNetwork = window.fetch;
  window.fetch = async (input, init) => {
    const response = await fetchFromNetwork(input, init);
    if (response.status < 500 || response.headers.has("X-Remix-Response")) return response;
    const request = input instanceof Request ? input : null;
    const url = new URL(request?.url ?? String(input), window.location.href);
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    if (url.origin !== window.location.origin || !url.pathname.endsWith(".data") || method !== "GET") return response;
    void response.body?.cancel().catch(() => {});
    throw new SiteOutOfReach(response.status);
  };
}

type Router = NonNullable<ContextType<typeof DataRouterContext>>["router"];
type Framework = Pick<NonNullable<ContextType<typeof FrameworkContext>>, "manifest" | "routeModules">;

/** The router whose navigations are kept, and where its pages' code is, while the shell that says so is on screen. */
let watched: Router | null = null;
let framework: Framework | null = null;

/**
 * A loader held: the address it loads, the place in that page the navigation was going to (a posted
 * comment's `#comment-…`), and whether it loads the page after a form the site took. A tap whose page's
 * code could not be fetched is held before its navigation began (`before`).
 */
interface Hold {
  path: string;
  hash: string;
  afterForm: boolean;
  before?: boolean;
}
/** The loaders held for the navigation pending now; the newest last. */
let held: readonly Hold[] = [];
/** Taps held before their navigation began (`before`) for which a navigation has begun since: theirs or another. */
const overtaken = new WeakSet<Hold>();
/**
 * Holds the reader let go of by typing a search or a filter since (letGoOnTyping): neither said nor tried
 * again. One whose navigation is pending stays held until another replaces it, so the page on screen
 * stays as it is.
 */
const letGo = new WeakSet<Hold>();
/** How many navigations were asked for, back and forward included: the latest tap is the one that counts. */
let taps = 0;
const countTap = () => void taps++;
/** How many taps are waiting for their page's code to be fetched: the reader is shown that something is coming. */
let checks = 0;
const none: readonly Hold[] = [];
const listeners = new Set<() => void>();

function hold(next: readonly Hold[]) {
  held = next;
  listeners.forEach((listener) => listener());
}

const pathOf = ({ pathname, search }: Pick<Location, "pathname" | "search">) => `${pathname}${search}`;

/**
 * Where the pending navigation goes: a link's, a GET form's (a search, a filter), or the page loaded after
 * a form the site took (its answer sends the reader there, or the page is loaded again); null for none.
 */
const pendingPath = (navigation: Navigation) => (navigation.state === "loading" ? pathOf(navigation.location) : null);

/** The pending navigation loads the page after a form was sent (its action has answered). */
const afterForm = (navigation: Navigation) => (navigation.formMethod ?? "GET").toUpperCase() !== "GET";

/**
 * Whether the site answers now, whatever it says: the browser may say it is online before its connection
 * works. Asks for the build's id, which no copy ever answers.
 */
const siteAnswers = () => answers(`/builds/latest.json?${Date.now()}`, { cache: "no-store" });

/** Whether a request for `url` gets an answer, whatever it says. */
const answers = (url: string, init?: RequestInit) =>
  fetch(url, init).then(
    (response) => {
      void response.body?.cancel().catch(() => {});
      return true;
    },
    () => false,
  );

/** How many times code that failed to load was asked for again, each time at an address of its own. */
let refetches = 0;

/**
 * Whether the page at `pathname` can come: the code of every route it shows is here, or was fetched now.
 * Code that failed to load but answers is fetched once more (a connection coming back in pieces); a file
 * the site no longer has (a new deployment replaced it) counts as come: the navigation then reloads into
 * the new build, as it should. A page whose route the router has not learnt yet (it asks the site first)
 * can come if the site answers at all.
 *
 * The browser keeps a module that failed to load as failed for as long as the page lives: importing it
 * again at the same address fails at once, without asking the network. So code asked for again is
 * fetched at an address of its own (the same file, with a query), and kept where the router looks for a
 * route's code before importing it. Its own imports keep their addresses, shared with the page's: one
 * of them that failed before (part of the code the page loads once idle, refused as the connection
 * went) can then never come in this document though the site answers with it, and the page comes as a
 * new document ("document"), which takes the tap where it was going.
 */
async function pageCanCome(
  { routes }: Router,
  { manifest, routeModules }: Framework,
  pathname: string,
): Promise<boolean | "document"> {
  const matches = matchRoutes(routes, pathname) ?? [];
  if (!matches.length || matches.at(-1)!.route.path === "*") return siteAnswers();
  const missing = matches
    .filter(({ route }) => !(route.id in routeModules))
    .flatMap(({ route }) => {
      const module = manifest.routes[route.id]?.module;
      return module ? [{ id: route.id, module }] : [];
    });
  const load = () => Promise.all(missing.map(({ module }) => import(/* @vite-ignore */ module))).then(() => true);
  const loadAgain = () =>
    Promise.all(
      missing.map(async ({ id, module }) => {
        if (id in routeModules) return;
        routeModules[id] = await import(/* @vite-ignore */ `${module}?again=${++refetches}`);
      }),
    ).then(() => true);
  return load()
    .catch(async () => {
      const gone = await Promise.all(
        missing.map(({ module }) =>
          fetch(module).then((response) => {
            void response.body?.cancel().catch(() => {});
            return response.status === 404;
          }),
        ),
      );
      if (gone.some(Boolean)) return true;
      const ids = missing.map(({ id }) => id);
      return loadAgain().catch(async () =>
        (await someImportKeptFailed(manifest, ids)) ? ("document" as const) : false,
      );
    })
    .catch(() => false);
}

/**
 * Whether code the routes `ids` import cannot be imported in this document, though it is to be had (a
 * copy kept by the browser or the service worker counts), and the site answers now: a new document would
 * come, where offline it would be the browser's error page in place of the reader's.
 */
async function someImportKeptFailed(manifest: Framework["manifest"], ids: string[]) {
  const imports = [...new Set(ids.flatMap((id) => manifest.routes[id]?.imports ?? []))];
  const keptFailed = await Promise.all(
    imports.map((file) =>
      import(/* @vite-ignore */ file).then(
        () => false,
        () => answers(file),
      ),
    ),
  );
  return keptFailed.some(Boolean) && (await siteAnswers());
}

/**
 * Holds a loader's failure to reach the site when it is the pending navigation's; any other (a revalidation,
 * a fetcher) goes on to the router as before, as does every failure while no shell watches. While the
 * connection is unsure, a link's or a search's navigation waits for its page's code, and is held if it
 * cannot come (a form that posts goes as before: its page's code is the page on screen).
 */
export const keepPageOnFailedNavigation: ClientInstrumentation = {
  router({ instrument }) {
    instrument({
      async navigate(_navigate, { to, formMethod, formData }) {
        const tap = ++taps;
        const router = watched;
        if (!router || !framework || (!connectionUnsure() && !held.length)) return;
        // A path of its own (a relative one is the route's to resolve, and leads within the page on screen).
        if (typeof to !== "string" || !to.startsWith("/") || (formMethod ?? "GET").toUpperCase() !== "GET") return;
        const url = new URL(to, window.location.href);
        if (url.origin !== window.location.origin) return;
        if (formData)
          url.search = new URLSearchParams(
            [...formData].flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])),
          ).toString();
        checks++;
        listeners.forEach((listener) => listener());
        // A dead connection can leave a request hanging for minutes: past the time a page is said to be slow, it cannot come.
        const comes = await Promise.race([
          pageCanCome(router, framework, url.pathname),
          new Promise<false>((resolve) => setTimeout(resolve, SLOW_NAVIGATION_MS, false)),
        ]).finally(() => {
          checks--;
          listeners.forEach((listener) => listener());
        });
        // A tap the reader has since replaced (another tap, back or forward) neither goes nor is held; an
        // earlier one whose page came meanwhile replaces nothing.
        const replaced = tap !== taps;
        if (comes === true && !replaced) return;
        // Code this document can no longer import: the page comes as a new document, this one stays till
        // then; in place of this entry of the history where it is already the page's (retryOf).
        if (comes === "document" && !replaced)
          window.location[pathOf(window.location) === pathOf(url) ? "replace" : "assign"](url.href);
        else if (!replaced) hold([...held, { path: pathOf(url), hash: url.hash, afterForm: false, before: true }]);
        // Never settles: this navigation is never begun; the retry, or a tap elsewhere, begins its own.
        await new Promise<never>(() => {});
      },
    });
  },
  route({ instrument }) {
    instrument({
      async loader(load, { request }) {
        const result = await load();
        if (result.status === "success" || !isUnreachable(result.error)) return;
        noteUnsureConnection();
        if (!watched) return;
        const path = pathOf(new URL(request.url));
        const { navigation } = watched.state;
        if (pendingPath(navigation) !== path) return;
        hold([...held, { path, hash: navigation.location?.hash ?? "", afterForm: afterForm(navigation) }]);
        // Never settles: the navigation that replaces this one is the one that ends it.
        await new Promise<never>(() => {});
      },
    });
  },
};

/**
 * Words typed into a search or a filter (a GET form) since a tap was held: the reader has moved on, and
 * going to what was held when the connection returns would take their new words away. Every hold is let
 * go; the words wait for their own send.
 */
function letGoOnTyping(event: Event) {
  const { form } = event.target as { form?: unknown };
  if (!(form instanceof HTMLFormElement) || form.method !== "get" || held.every((each) => letGo.has(each))) return;
  held.forEach((each) => letGo.add(each));
  // One held before its navigation began has nothing pending to keep the page: it goes.
  hold(held.filter((each) => !each.before));
}

/** What the notice says of a page that could not be loaded in place of the one on screen. */
const NAVIGATION_FAILED = "That page could not be loaded, so this one stays. Check your connection.";
/** The same, of the page that would show what became of a form the site took. */
const SENT_PAGE_FAILED = "Sent. The page showing it could not be loaded, so this one stays. Check your connection.";
const NAVIGATION_SLOW = "That page is slow to come: this one stays until it does. Check your connection.";

/** Past this, a navigation still waiting for its page is said to be slow: a dead connection can hang for minutes. */
const SLOW_NAVIGATION_MS = 15_000;

/**
 * The navigation that asks for a held page again. Back or forward moved the address before the page came,
 * or a form was sent from that very page: that entry of the history is the page's, so it is not added again.
 */
const retryOf = (path: string, hash = "") => [`${path}${hash}`, { replace: pathOf(window.location) === path }] as const;

/**
 * Watches the router's navigations for the holds: while one is held the notice says so, with a retry that
 * asks for that page again; once the router has moved on, its holds go. One still waiting for its page
 * after SLOW_NAVIGATION_MS is said to be slow, with the same retry, until its page comes. Says whether
 * the notice speaks for the pending navigation (held, or said to be slow), so nothing shows it as still
 * loading over the page that stays, and whether a tap waits for its page's code, which is shown as
 * loading. The shell's navigation progress calls it, once.
 */
export function useFailedNavigation(): { held: boolean; checking: boolean } {
  const id = useId();
  const navigate = useNavigate();
  const router = useContext(DataRouterContext)?.router ?? null;
  const { manifest, routeModules } = useContext(FrameworkContext) ?? {};
  const holds = useSyncExternalStore(
    subscribe,
    () => held,
    () => none,
  );
  const checking = useSyncExternalStore(
    subscribe,
    () => checks > 0,
    () => false,
  );

  const [slow, setSlow] = useState<string | null>(null);

  useEffect(() => {
    if (!router) return;
    watched = router;
    framework = manifest && routeModules ? { manifest, routeModules } : null;
    // Going offline or coming back makes the connection unsure for a while.
    window.addEventListener("offline", noteUnsureConnection);
    window.addEventListener("online", noteUnsureConnection);
    document.addEventListener("input", letGoOnTyping, true);
    window.addEventListener("popstate", countTap);
    let waiting: { location: Location; timer: ReturnType<typeof setTimeout> } | null = null;
    const unsubscribe = router.subscribe(({ navigation }) => {
      const pending = pendingPath(navigation);
      // A tap held before its navigation began stays until a navigation begins: then it is that one's.
      if (navigation.state !== "idle") held.forEach((each) => each.before && overtaken.add(each));
      const stays = (each: Hold) => each.path === pending || (each.before === true && !overtaken.has(each));
      if (!held.every(stays)) hold(held.filter(stays));
      if (waiting?.location === navigation.location) return;
      if (waiting) clearTimeout(waiting.timer);
      waiting = null;
      setSlow(null);
      if (pending === null) return;
      const heldBefore = held.at(-1);
      waiting = {
        location: navigation.location!,
        timer: setTimeout(() => {
          noteUnsureConnection();
          // Held since it began, it is said as held; still on its way (a retry too), as slow.
          if (held.at(-1) === heldBefore) setSlow(pending);
        }, SLOW_NAVIGATION_MS),
      };
    });
    return () => {
      window.removeEventListener("offline", noteUnsureConnection);
      window.removeEventListener("online", noteUnsureConnection);
      document.removeEventListener("input", letGoOnTyping, true);
      window.removeEventListener("popstate", countTap);
      unsubscribe();
      if (waiting) clearTimeout(waiting.timer);
      if (watched === router) watched = framework = null;
    };
  }, [router, manifest, routeModules]);

  // A new hold is said again (a retry that failed too), so the notice's button comes back.
  const latest = holds.findLast((each) => !letGo.has(each)) ?? null;
  const unanswered = latest?.path ?? slow;
  const hash = latest?.hash;
  const failure =
    slow !== null && slow === unanswered ? NAVIGATION_SLOW : latest?.afterForm ? SENT_PAGE_FAILED : NAVIGATION_FAILED;
  useEffect(() => {
    failed(
      id,
      unanswered === null ? null : { failure, tap: true, retry: () => void navigate(...retryOf(unanswered, hash)) },
    );
  }, [id, holds, unanswered, hash, failure, navigate]);
  useEffect(() => () => failed(id, null), [id]);

  return { held: holds.length > 0 || slow !== null, checking };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
