/**
 * The write burst on a discussion thread (docs/performance.md): signed-in writers post to one thread
 * at once, as fast as the site answers, while readers load the thread's page; then what D1 stored is
 * read back and matched, by each attempt's own text, against what the site answered.
 *
 * Writers are accounts in the bench's Auth emulator, signed in through the site (`/auth/session`)
 * with their progress saved through it (`/resources/progress`), as a browser does. Each writer posts
 * as the browser's form does once the page is hydrated: a POST of the form's fields to the thread's
 * `.data` address, with the site's own Origin.
 */
import { FIREBASE_PROJECT_ID } from "./local-auth";

export interface BurstAccount {
  uid: string;
  /** The session cookie, as `name=value`. */
  cookie: string;
}

/** One poster: the accounts it posts as, in turn. */
export interface BurstWriter {
  index: number;
  accounts: BurstAccount[];
}

export type AttemptOutcome = "posted" | "limit" | "refused" | "no answer";

export interface BurstAttempt {
  writer: number;
  uid: string;
  /** Unique to the attempt: how it is found in D1. */
  text: string;
  outcome: AttemptOutcome;
  /** The HTTP status, 0 when there was no answer. */
  status: number;
  /** The comment's id in a "posted" answer (the redirect's #comment-N). */
  id: number | null;
  ms: number;
}

/** A comment as D1 stores it, for the read-back. */
export interface StoredComment {
  id: number;
  uid: string;
  body: string;
}

const emulatorApi = (emulator: string) => `${emulator}/identitytoolkit.googleapis.com/v1`;

/** Waits until the Auth emulator answers (it starts seconds after it is spawned). */
export async function waitForEmulator(emulator: string, seconds = 60) {
  for (let attempt = 0; attempt < seconds * 2; attempt++) {
    const up = await fetch(emulator).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The Auth emulator on ${emulator} did not start`);
}

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return response;
}

/**
 * One account in the emulator, signed in on the site with its progress saved: it has watched `unit`
 * (an anime episode), so it may post in that episode's thread.
 */
async function prepareAccount(base: string, emulator: string, name: string, email: string, unit: string) {
  const signUp = await expectOk(
    await fetch(`${emulatorApi(emulator)}/accounts:signUp?key=emulator`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "lantern-light-42", displayName: name, returnSecureToken: true }),
    }),
    "The Auth emulator's sign-up",
  );
  const { localId, idToken } = (await signUp.json()) as { localId: string; idToken: string };
  const session = await expectOk(
    await fetch(`${base}/auth/session`, {
      method: "POST",
      headers: { Origin: base },
      body: new URLSearchParams({ idToken }),
    }),
    "/auth/session",
  );
  const cookie = session.headers.get("Set-Cookie")?.split(";")[0];
  if (!cookie) throw new Error("/auth/session set no cookie");
  await expectOk(
    await fetch(`${base}/resources/progress`, {
      method: "POST",
      headers: { Origin: base, Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({
        version: 2,
        webNovel: null,
        lightNovels: [],
        sideStories: [],
        anime: unit,
        breakTime: [],
        skipped: [],
        position: 0,
        updatedAt: new Date().toISOString(),
      }),
    }),
    "/resources/progress",
  );
  return { uid: localId, cookie };
}

/** `writers` posters with `accountsPerWriter` accounts each, prepared a few at a time. */
export async function prepareWriters(
  base: string,
  emulator: string,
  { writers, accountsPerWriter, unit, tag }: { writers: number; accountsPerWriter: number; unit: string; tag: string },
): Promise<BurstWriter[]> {
  const jobs = Array.from({ length: writers * accountsPerWriter }, (_, index) => ({
    writer: index % writers,
    name: `Bench writer ${(index % writers) + 1}`,
    email: `bench-writer-${tag}-${index}@example.test`,
  }));
  const result: BurstWriter[] = Array.from({ length: writers }, (_, index) => ({ index, accounts: [] }));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        result[job.writer]!.accounts.push(await prepareAccount(base, emulator, job.name, job.email, unit));
      }
    }),
  );
  return result;
}

/** Deletes the bench's accounts from the emulator (they live only as long as it runs, but a long run adds up). */
export async function removeWriters(emulator: string, writers: BurstWriter[]) {
  const localIds = writers.flatMap((writer) => writer.accounts.map((account) => account.uid));
  for (let from = 0; from < localIds.length; from += 500)
    await fetch(`${emulatorApi(emulator)}/projects/${FIREBASE_PROJECT_ID}/accounts:batchDelete`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
      body: JSON.stringify({ localIds: localIds.slice(from, from + 500), force: true }),
    }).catch(() => undefined);
}

/** How every text a burst writes starts (a demo comment never does). */
export const BURST_MARK = "Write burst";

/** The prefix every text of one run starts with, its tag after the mark. */
export const burstPrefix = (tag: string) => `${BURST_MARK} ${tag}, `;

/** The text of one attempt: unique, so D1's copy is found by it, and a real comment's length. */
export const burstText = (tag: string, writer: number, attempt: number) =>
  `${burstPrefix(tag)}writer ${writer + 1}, post ${attempt + 1}: the bell on the bridge, then the rain, what an ending.`;

/** What the site answered one post, as the browser's form reads it. */
export function readPostAnswer(status: number, body: string, threadPath: string): Pick<BurstAttempt, "outcome" | "id"> {
  if (status === 429) return { outcome: "limit", id: null };
  // A redirect travels inside a 202 answer (single fetch): to the new comment when it was posted.
  const escaped = threadPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const posted = new RegExp(`"redirect","${escaped}#comment-(\\d+)"`).exec(body);
  if (status === 202 && posted) return { outcome: "posted", id: Number(posted[1]) };
  return { outcome: "refused", id: null };
}

/**
 * Each writer posts, one post after another, for `seconds`, taking its accounts in turn; a writer
 * that has used every account `perAccount` times goes round them again (those posts meet the
 * per-minute limit, and count as expected refusals).
 */
export async function writeBurst(
  base: string,
  writers: BurstWriter[],
  { unit, tag, seconds }: { unit: string; tag: string; seconds: number },
): Promise<BurstAttempt[]> {
  const threadPath = `/discuss/${unit}`;
  const until = performance.now() + seconds * 1000;
  const attempts: BurstAttempt[] = [];
  await Promise.all(
    writers.map(async (writer) => {
      for (let attempt = 0; performance.now() < until; attempt++) {
        const account = writer.accounts[attempt % writer.accounts.length]!;
        const text = burstText(tag, writer.index, attempt);
        const form = new URLSearchParams({
          intent: "post",
          text,
          horizon: unit,
          submissionId: crypto.randomUUID(),
        });
        const started = performance.now();
        let status = 0;
        let body = "";
        try {
          const response = await fetch(`${base}${threadPath}.data`, {
            method: "POST",
            redirect: "manual",
            headers: { Origin: base, Cookie: account.cookie },
            body: form,
            signal: AbortSignal.timeout(30_000),
          });
          status = response.status;
          body = await response.text();
        } catch {
          // No answer: counted as such; whether it was stored is what the read-back says.
        }
        const ms = performance.now() - started;
        const answer: Pick<BurstAttempt, "outcome" | "id"> =
          status === 0 ? { outcome: "no answer", id: null } : readPostAnswer(status, body, threadPath);
        attempts.push({ writer: writer.index, uid: account.uid, text, status, ms, ...answer });
      }
    }),
  );
  return attempts;
}

export interface BurstTally {
  attempted: number;
  posted: number;
  /** Refused at the per-minute limit by an account that had posted that many already: expected. */
  limitRefusals: number;
  /** Refused at the limit by an account still under it, or refused for anything else: a fault. */
  unexpectedRefusals: number;
  noAnswer: number;
  /** Comments the read-back found. */
  stored: number;
  /** Answered as posted, not stored. */
  lost: number;
  /** Stored more than once (extra copies). */
  duplicated: number;
  /** Stored, though the site did not answer it as posted. */
  storedUnanswered: number;
  /** Stored under another id than the posted answer named. */
  idMismatches: number;
  /** The most comments any one account has stored from the burst (the limit is `perMinute`). */
  mostByOneAccount: number;
  writeP50Ms: number;
  writeP99Ms: number;
  /** Posts answered as posted per second over the burst. */
  postsPerSecond: number;
}

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(values: number[], share: number) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

/** The attempts matched against the read-back, by text. */
export function tallyBurst(
  attempts: BurstAttempt[],
  stored: StoredComment[],
  { perMinute, seconds }: { perMinute: number; seconds: number },
): BurstTally {
  const copies = new Map<string, StoredComment[]>();
  for (const comment of stored) copies.set(comment.body, [...(copies.get(comment.body) ?? []), comment]);
  const answered = new Map(attempts.map((attempt) => [attempt.text, attempt]));
  const postedSoFar = new Map<string, number>();
  let limitRefusals = 0;
  let unexpectedRefusals = 0;
  // A writer uses one account at a time, so an account's attempts are in the order they were sent.
  for (const attempt of attempts) {
    const before = postedSoFar.get(attempt.uid) ?? 0;
    if (attempt.outcome === "posted") postedSoFar.set(attempt.uid, before + 1);
    else if (attempt.outcome === "limit" && before >= perMinute) limitRefusals++;
    else if (attempt.outcome !== "no answer") unexpectedRefusals++;
  }
  const posted = attempts.filter((attempt) => attempt.outcome === "posted");
  const perAccount = new Map<string, number>();
  for (const comment of stored) perAccount.set(comment.uid, (perAccount.get(comment.uid) ?? 0) + 1);
  return {
    attempted: attempts.length,
    posted: posted.length,
    limitRefusals,
    unexpectedRefusals,
    noAnswer: attempts.filter((attempt) => attempt.outcome === "no answer").length,
    stored: stored.length,
    lost: posted.filter((attempt) => !copies.has(attempt.text)).length,
    duplicated: [...copies.values()].reduce((extra, list) => extra + list.length - 1, 0),
    storedUnanswered: [...copies.keys()].filter((text) => answered.get(text)?.outcome !== "posted").length,
    idMismatches: posted.filter((attempt) => {
      const list = copies.get(attempt.text);
      return list !== undefined && !list.some((comment) => comment.id === attempt.id);
    }).length,
    mostByOneAccount: Math.max(0, ...perAccount.values()),
    writeP50Ms: percentile(
      attempts.map((attempt) => attempt.ms),
      0.5,
    ),
    writeP99Ms: percentile(
      attempts.map((attempt) => attempt.ms),
      0.99,
    ),
    postsPerSecond: posted.length / seconds,
  };
}
