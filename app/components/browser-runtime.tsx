import { useLocation, useNavigationType, useRevalidator } from "react-router";
import { Suspense, useEffect, useRef, useState } from "react";
import { importWithRecovery, lazyOptional, loadChunkRecovery, optionalPart } from "~/browser/lazy-import";
import { watchForNewVersion } from "~/browser/new-version.client";
import { keptKnowledge, registerServiceWorker, tellKnowledge } from "~/browser/service-worker.client";
import { whenIdle } from "~/browser/when-idle";
import { useBackToRedirect } from "~/browser/back-to-redirect";
import { followTargetShownOnRequest, keepHashTargetInView } from "~/browser/hash-target";
import { noteAccountProgressHeard } from "~/browser/stored-progress";
import { OfflineNotice } from "~/components/layout/offline-notice";
import { toast } from "~/components/ui/toast-store";
import { useShield } from "~/browser/spoiler-shield";
import type { PublicConfig } from "~/lib/account/public-config";

/**
 * Loaded after hydration, so neither is part of any page's first-load JavaScript. Analytics is a part
 * the reader never needs: should its chunk be refused (content blockers refuse such files), nothing is
 * counted and nothing else changes.
 */
const analytics = optionalPart(() => import("~/browser/analytics.client"));
const ignore = () => {};
/** How long a thread's form waits for the sign-in sync before it goes by what this browser keeps. */
const ACCOUNT_WAIT_MS = 10_000;
const firebaseAuth = () => importWithRecovery(() => import("~/browser/firebase-auth.client"));
/** Loaded only when this browser holds progress another account saved, for the signed-in reader to answer. */
const ProgressApartPrompt = lazyOptional(
  () => import("~/components/progress-apart-prompt").then((module) => module.ProgressApartPrompt),
  () => null,
);

/**
 * What runs in the browser after hydration: page-view analytics, the new-deployment check,
 * chunk-failure recovery, the service worker and Back to a page that sends the reader on. Renders nothing but the offline notice and the question
 * about another account's progress; a chunk that cannot be recovered becomes the general error page (by
 * throwing to the root error boundary).
 */
export interface BrowserRuntimeProps {
  config: PublicConfig | undefined;
  uid: string | null;
  /** The pages the reader saw before the runtime loaded, oldest first (each given once). */
  takePagesSeen: () => string[];
}

export function BrowserRuntime({ config, uid, takePagesSeen }: BrowserRuntimeProps) {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const revalidator = useRevalidator();
  const [failure, setFailure] = useState<Error | null>(null);
  useBackToRedirect();
  /** The signed-in reader is to be asked about another account's progress set aside in this browser. */
  const [askAboutApart, setAskAboutApart] = useState(false);
  if (failure) throw failure;

  useEffect(() => {
    // Pages seen before this loaded come first (the tracker counts a path again only after another).
    const pages = [...takePagesSeen(), pathname];
    analytics().then((module) => pages.forEach(module.trackPage), ignore);
  }, [pathname, takePagesSeen]);

  // The server renders shielded items as short placeholders; once the shield knows the reader's
  // progress, revealed items grow, so a permalink's target is kept in view as they do: on the page
  // first loaded (unless the reader used it before this came), and on each link followed to a hash
  // within the site (not Back or Forward, which return to where the reader was).
  const shield = useShield();
  const shieldReady = shield !== null;
  const firstLoad = useRef(true);
  useEffect(() => {
    if (!shieldReady) return;
    const first = firstLoad.current;
    firstLoad.current = false;
    if (!hash || (!first && navigationType === "POP")) return;
    // Come after a link within the page (the skip link's #main) moved the address on from the one the
    // document was loaded at, the view is where the reader put it since.
    if (first && navigationType === "POP" && window.location.href !== documentAddress()) return;
    return keepHashTargetInView(hash);
  }, [shieldReady, key]); // eslint-disable-line react-hooks/exhaustive-deps -- per page shown
  // And once the reader shows the run that holds it, the view goes to it (not to the run's first item).
  useEffect(() => followTargetShownOnRequest(), []);

  // The recovery from a chunk that fails to load, loaded ahead so that it is at hand when one does.
  useEffect(() => whenIdle(() => void loadChunkRecovery().catch(() => {})), []);

  const analyticsConfig = config?.analytics ?? null;
  useEffect(
    () =>
      whenIdle(
        () =>
          void analytics()
            .then((module) => module.startAnalytics(analyticsConfig))
            .catch(ignore),
      ),
    [analyticsConfig],
  );

  // A signed-in reader: analytics knows the account id, and the session is kept fresh.
  const firebase = config?.firebase;
  useEffect(() => {
    if (!uid || !firebase) {
      analytics().then((module) => module.resetAnalytics(), ignore);
      return;
    }
    analytics().then((module) => module.identifyReader(uid), ignore);
    let stop: (() => void) | undefined;
    let stopSending: (() => void) | undefined;
    let cancelled = false;
    let syncAgain: (() => void) | undefined;
    let stopHearing: (() => void) | undefined;
    // The account's progress merged in first (another account's set aside, and the reader asked about
    // it); then what this browser still owes the account, now and whenever it is back online. Merged
    // again when the reader comes back to the tab: they may have read on another device meanwhile. A
    // clearing of this device, here or in another tab, is heard from the start.
    // A sync whose code or answer never comes stops holding what waits on it (a thread's form) after a while.
    const heardAnyway = window.setTimeout(noteAccountProgressHeard, ACCOUNT_WAIT_MS);
    void Promise.all([
      importWithRecovery(() => import("~/browser/progress-save")),
      importWithRecovery(() => import("~/browser/reader-data")),
    ])
      .then(([module, readerData]) => {
        if (cancelled) return;
        stopHearing = readerData.hearDeviceClearing();
        return module
          .syncProgressOnSignIn(uid)
          .catch(() => {})
          .then(() => {
            window.clearTimeout(heardAnyway);
            noteAccountProgressHeard();
            if (cancelled) return;
            stopSending = module.watchUnsentProgress(uid);
            setAskAboutApart(module.progressApartFrom(uid).length > 0);
            syncAgain = () => {
              if (document.visibilityState === "visible") module.syncProgressOnSignIn(uid).catch(() => {});
            };
            document.addEventListener("visibilitychange", syncAgain);
          });
      })
      .catch(() => noteAccountProgressHeard());
    firebaseAuth()
      .then((module) => module.watchSession(firebase, uid, () => revalidator.revalidate()))
      .then((unsubscribe) => (cancelled ? unsubscribe() : (stop = unsubscribe)))
      .catch((error: Error) => setFailure(error));
    return () => {
      cancelled = true;
      window.clearTimeout(heardAnyway);
      stop?.();
      stopSending?.();
      stopHearing?.();
      if (syncAgain) document.removeEventListener("visibilitychange", syncAgain);
    };
    // The revalidator changes identity on every navigation; the watch depends on the reader only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid, firebase?.projectId, firebase?.emulatorHost, firebase?.apiKey]);

  // The service worker, registered once the page is idle and told at every sign-in and sign-out (a
  // sign-out deletes the signed-in pages it kept).
  const signedIn = uid !== null;
  useEffect(() => whenIdle(() => void registerServiceWorker(signedIn)), [signedIn]);

  // What the reader knows, told to the worker at the start and whenever it changes (progress moved on or
  // set back, another mode of the shield): what they kept for offline never holds more than that.
  const knowledge = shield ? keptKnowledge(shield) : null;
  const shieldNow = useRef(shield);
  useEffect(() => {
    shieldNow.current = shield;
  });
  useEffect(() => {
    const now = shieldNow.current;
    if (knowledge === null || !now) return;
    return whenIdle(() => void tellKnowledge(now).catch(() => {}));
  }, [knowledge]);

  const buildId = config?.buildId;
  useEffect(() => {
    if (!buildId) return;
    return watchForNewVersion(buildId, () =>
      toast({
        title: "A new version is available",
        description: "Reload to get the latest version of the site.",
        duration: Infinity,
        action: {
          label: "Reload",
          altText: "Reload the page to get the new version",
          onClick: () => window.location.reload(),
        },
      }),
    );
  }, [buildId]);

  return (
    <>
      <OfflineNotice />
      {askAboutApart && uid ? (
        <Suspense fallback={null}>
          <ProgressApartPrompt uid={uid} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The address the document was loaded at, hash included (its navigation entry; where there is none, the address now). */
function documentAddress() {
  return performance.getEntriesByType("navigation")[0]?.name ?? window.location.href;
}
