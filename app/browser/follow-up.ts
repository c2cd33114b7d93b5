import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { dataAddress } from "~/lib/http/data-address";

/*
 * Requests a page makes after it rendered: what the reader has seen (the spoiler shield's reveal), the
 * header's suggestions, similar entries. When one fails, times out or is aborted, the page stays as it
 * is, one notice says what failed with a retry (app/components/layout/follow-up-notice.tsx), and it is
 * tried again by itself when the connection returns. A React Router fetcher would instead hand its
 * failure to the error boundary, which replaces the page the reader has.
 */

/** Past this, a follow-up counts as failed: a request on a dead connection can hang for minutes. */
const FOLLOW_UP_TIMEOUT_MS = 15_000;

class FollowUpFailed extends Error {
  constructor(url: URL, status: number) {
    super(`${url.pathname} answered ${status}`);
    this.name = "FollowUpFailed";
  }
}

/**
 * A route's loader data for an address, by the request a React Router fetcher makes for it (single fetch:
 * `/path.data?…&_routes=<route id>`, `/_root.data` for the home page), decoded as the framework does.
 * Anything but the route's data (a thrown error, a redirect, an answer not from the framework) throws.
 */
export async function fetchLoaderData<D>(href: string, routeId: string, signal: AbortSignal): Promise<D> {
  const url = new URL(dataAddress(href, window.location.origin, { routeId }));
  const response = await fetch(url, { signal });
  // A page may answer its data with a status (a 404 it renders itself): the framework marks such answers.
  if (!response.body || (!response.ok && !response.headers.has("X-Remix-Response")))
    throw new FollowUpFailed(url, response.status);
  const { value } = await decodeViaTurboStream(response.body, window);
  const answer = (value as Record<string, { data?: D } | undefined>)[routeId];
  if (!answer || !("data" in answer)) throw new FollowUpFailed(url, response.status);
  return answer.data as D;
}

/** A resource route's JSON answer. */
export async function fetchJson<D>(href: string, signal: AbortSignal): Promise<D> {
  const url = new URL(href, window.location.origin);
  const response = await fetch(url, { signal });
  if (!response.ok) throw new FollowUpFailed(url, response.status);
  return (await response.json()) as D;
}

export interface FollowUp<D> {
  /** Which answer is wanted: when it changes, the request is made again (the older one is dropped). */
  key: string;
  /** What the notice says when it fails, as a sentence. */
  failure: string;
  load: (signal: AbortSignal) => Promise<D>;
  /**
   * The last answer stays shown when a newer question fails, not only while it is on its way: an
   * answer that is still right for the page (what the reader may see, which the shield still filters by
   * what they know now). Without it the page goes back to what it had before asking.
   */
  keepsAnswer?: boolean;
  /** It brings what the spoiler shield hides on the page (its reveal): a "Show it" waits for it. */
  reveal?: boolean;
}

/** Where a follow-up stands: its answer, if any is to be shown, whether one is on its way, and whether it failed. */
export interface FollowUpState<D> {
  data: D | null;
  waiting: boolean;
  failed: boolean;
}

/**
 * A follow-up request and where it stands. Its answer is shown while its key holds; while an answer to a
 * newer key is on its way the older one stays (nothing flashes), but once that fails (unless the request
 * `keepsAnswer`) or nothing is asked any more, there is none: the page shows what it had before asking.
 */
export function useFollowUp<D>(request: FollowUp<D> | null): FollowUpState<D> {
  const id = useId();
  const [answer, setAnswer] = useState<{ key: string; data: D } | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(request);
  const key = request?.key ?? null;
  useEffect(() => {
    latest.current = request;
  });
  // A failure is said until a question is answered: a new question (a page that stays on its view
  // asks for that view instead) keeps the notice, with its retry, while it is on its way. Asking nothing
  // any more, or leaving the page, ends it.
  useEffect(() => {
    if (key === null) failed(id, null);
  }, [id, key]);
  useEffect(() => () => failed(id, null), [id]);
  useEffect(() => {
    const request = latest.current;
    if (!request) return;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, FOLLOW_UP_TIMEOUT_MS);
    request.load(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        // Urgent, not a transition: a transition waits for every part the server drew to hydrate
        // first, and a part whose code never comes (a thread's forms on a stalled connection) would
        // keep the page's reveal from ever showing.
        setAnswer({ key: request.key, data });
        setFailedKey(null);
        failed(id, null);
      },
      (error: unknown) => {
        if (controller.signal.aborted && !timedOut) return;
        console.warn(request.failure, error);
        // The site's own answer (a 404, a 500) says nothing of the connection; no answer does.
        if (timedOut || error instanceof TypeError) noteUnsureConnection();
        setFailedKey(request.key);
        failed(id, {
          failure: request.failure,
          reveal: request.reveal,
          retry: () => setAttempt((count) => count + 1),
        });
      },
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [id, key, attempt]);
  if (key === null) return { data: null, waiting: false, failed: false };
  const answered = answer?.key === key;
  const failedNow = !answered && failedKey === key;
  return {
    data: answer && (!failedNow || request?.keepsAnswer) ? answer.data : null,
    waiting: !answered && !failedNow,
    failed: failedNow,
  };
}

export interface FailedFollowUp {
  failure: string;
  retry: () => void;
  /** The page's reveal failed (FollowUp's `reveal`). */
  reveal?: boolean;
  /** A tap's page could not come (failed-navigation.ts): what the reader did comes first in the notice. */
  tap?: boolean;
}

const failures = new Map<string, FailedFollowUp>();
let failedNow: FailedFollowUp[] = [];
const listeners = new Set<() => void>();
const none: FailedFollowUp[] = [];

export function retryFailedFollowUps() {
  failedNow.forEach((failure) => failure.retry());
}

/** How long after the connection returns what failed again is tried once more. */
const SECOND_TRY_MS = 3000;

/**
 * Back online, everything that failed is asked again; the browser may say so a moment before its
 * connection works, so what fails again then (said anew, as a new failure) is tried once more a little later.
 */
function retryWhenBack() {
  const tried = failedNow;
  retryFailedFollowUps();
  setTimeout(() => {
    if (navigator.onLine) failedNow.filter((failure) => !tried.includes(failure)).forEach((failure) => failure.retry());
  }, SECOND_TRY_MS);
}

/** How long after a sign of a bad connection the connection is still taken to be unsure. */
const UNSURE_FOR_MS = 60_000;
let unsureSince = -Infinity;

/**
 * Notes a sign that the connection may fail the next request: a request that never reached the site or
 * timed out, the browser going offline or coming back (it may say so before its connection works).
 */
export function noteUnsureConnection() {
  unsureSince = Date.now();
}

/** Whether the connection may fail the next request: offline, or a sign of it within the last minute. */
export const connectionUnsure = () => !navigator.onLine || Date.now() - unsureSince < UNSURE_FOR_MS;

/**
 * Notes that what `id` asked for failed (with its retry), or, with null, that it no longer has. Each
 * request the notice speaks for has one id.
 */
export function failed(id: string, failure: FailedFollowUp | null) {
  if (!failure && !failures.has(id)) return;
  if (failure) failures.set(id, failure);
  else failures.delete(id);
  failedNow = [...failures.values()].sort((one, other) => Number(other.tap ?? false) - Number(one.tap ?? false));
  if (failedNow.length) window.addEventListener("online", retryWhenBack);
  else window.removeEventListener("online", retryWhenBack);
  listeners.forEach((listener) => listener());
}

/** The follow-ups that failed and were not answered since, for the notice. */
export function useFailedFollowUps(): FailedFollowUp[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => failedNow,
    () => none,
  );
}
