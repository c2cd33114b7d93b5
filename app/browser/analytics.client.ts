import type { PostHog } from "posthog-js/dist/module.slim";
import { doNotTrackIsOn } from "~/browser/do-not-track";
import { createPageTracker, type PageEvent } from "~/lib/runtime/page-tracker";
import { readStored } from "~/browser/storage";

export interface AnalyticsConfig {
  key: string;
  host: string;
}

type State = "idle" | "loading" | "ready" | "off";
let state: State = "idle";
let client: PostHog | null = null;
let pending: PageEvent[] = [];
let readerUid: string | null = null;

/** Analytics may run only when configured, not opted out on the privacy page, and without Do Not Track. */
export function analyticsAllowed() {
  return readStored("analyticsOptOut") !== "1" && !doNotTrackIsOn();
}

function send({ event, path }: PageEvent) {
  if (state === "off") return;
  if (!client) {
    pending.push({ event, path });
    return;
  }
  const url = new URL(path, window.location.origin).toString();
  client.capture(event, { $current_url: url, $pathname: path });
}

/** Call with the pathname after every route change (and once for the first page). */
export const trackPage = createPageTracker(send);

/**
 * Loads posthog-js (the slim build) once the page is interactive, never before, and only when
 * analytics is configured and allowed. Events of the pages seen meanwhile are sent once it loads.
 * Should the library's chunk be refused (a content blocker), analytics stays off for this page.
 */
export async function startAnalytics(config: AnalyticsConfig | null) {
  if (state !== "idle") return;
  if (!config || !analyticsAllowed()) {
    state = "off";
    pending = [];
    return;
  }
  state = "loading";
  const library = await import("posthog-js/dist/module.slim").catch((error: unknown) => {
    console.error("Analytics could not be loaded", error);
    return null;
  });
  if (!library) {
    state = "off";
    pending = [];
    return;
  }
  const { default: posthog } = library;
  // Only what DESIGN §5 specifies; batching, retries, rate limits and quotas stay the library's own.
  posthog.init(config.key, {
    api_host: config.host,
    persistence: "localStorage",
    person_profiles: "identified_only",
    capture_pageview: false,
    capture_pageleave: false,
  });
  client = posthog;
  if (readerUid) posthog.identify(readerUid);
  state = analyticsAllowed() ? "ready" : "off";
  if (state === "off") posthog.opt_out_capturing();
  const queued = pending;
  pending = [];
  queued.forEach(send);
}

/** The privacy page's switch: stored for the next visits, and applied to a running client at once. */
/** Applies the reader's choice (already stored by the privacy page's switch) to a running client at once. */
export function applyAnalyticsOptOut(optOut: boolean) {
  if (optOut) {
    client?.opt_out_capturing();
    pending = [];
    if (state !== "idle") state = "off";
  } else if (client && !doNotTrackIsOn()) {
    client.opt_in_capturing();
    state = "ready";
  }
}

/** On sign-in (or a page of a signed-in reader): the account id only, never a name or email. */
export function identifyReader(uid: string) {
  if (readerUid === uid) return;
  readerUid = uid;
  client?.identify(uid);
}

/** On sign-out. */
export function resetAnalytics() {
  if (readerUid === null) return;
  readerUid = null;
  client?.reset();
}
