import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { clearProgressApart, keepProgressApart, progressApartFrom } from "./progress-apart";
import {
  addProgressApart,
  progressSaveStatus,
  saveProgress,
  sendProgress,
  sendUnsentProgress,
  syncProgressOnSignIn,
  watchUnsentProgress,
} from "./progress-save";
import { clearingsHeard, tellDeviceCleared } from "./device-cleared";
import { readStoredProgress } from "./read-stored-progress";
import { hearDeviceClearing } from "./reader-data";

/** A browser window with just what saving progress uses: localStorage, sessionStorage and events. */
function fakeWindow() {
  const storage = () => {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      key: (index: number) => [...items.keys()][index] ?? null,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  };
  return Object.assign(new EventTarget(), { localStorage: storage(), sessionStorage: storage() });
}

const at = (time: string) => `2026-03-01T${time}:00.000Z`;
const reader: Progress = { ...emptyProgress, webNovel: "wn:2-14", position: 30, updatedAt: at("10:00") };
/** What the account holds after this browser's save met another device's: the anime watched there too. */
const merged: Progress = { ...reader, anime: "anime:1-5", position: 40, updatedAt: at("10:01") };

const answer = (body: unknown, status = 200) => Response.json(body, { status });

/** A fetch that answers when told to, so what happens while a save is under way can be looked at. */
function pendingFetch() {
  const waiting: Array<(response: Response) => void> = [];
  const fetch = vi.fn(
    (_address: string, _init?: RequestInit) => new Promise<Response>((resolve) => waiting.push(resolve)),
  );
  /** Answers the oldest request still waiting. */
  return { fetch, answer: (response: Response) => waiting.shift()?.(response) };
}

/** A browser's navigator: online or not, and Web Locks that hand one lock at a time, in order. */
function fakeNavigator() {
  let held: Promise<unknown> = Promise.resolve();
  const locks = {
    request: (_name: string, callback: () => Promise<unknown>) => {
      const granted = held.then(callback);
      held = granted.catch(() => {});
      return granted;
    },
  };
  return { onLine: true, locks };
}

/** Cache Storage: one store every tab reads alike, in the order it was written. */
function fakeCaches() {
  const stores = new Map<string, Map<string, string>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, string>();
    stores.set(name, store);
    return {
      match: async (key: string) => (store.has(key) ? new Response(store.get(key)) : undefined),
      put: async (key: string, response: Response) => void store.set(key, await response.text()),
    };
  };
  return { open, delete: async (name: string) => stores.delete(name) };
}

/**
 * Another tab of the same browser, as Chromium runs it: its own process, with its own copy of
 * localStorage, which hears of this tab's writes by messages that come when they come.
 */
function anotherTab() {
  const tab = fakeWindow();
  const copy = (from: Storage, to: Storage) => {
    for (let index = 0; index < from.length; index++) {
      const key = from.key(index)!;
      to.setItem(key, from.getItem(key)!);
    }
  };
  copy(window.localStorage, tab.localStorage as unknown as Storage);
  return tab;
}

/** The key that says which account has not got this browser's record yet. */
const unsent = () => window.localStorage.getItem("rc:progress-unsent");

describe("saving progress", () => {
  beforeEach(() => {
    vi.stubGlobal("window", fakeWindow());
    vi.stubGlobal("navigator", fakeNavigator());
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the progress in this browser first, then sends it to the account as JSON, and says so while it is under way", async () => {
    const fetch = vi.fn(async (_address: string, _init?: RequestInit) => answer({ ok: true, saved: reader }));
    vi.stubGlobal("fetch", fetch);
    const saving = saveProgress(reader, { account: "reader-1" });
    // Kept before the account has answered.
    expect(readStoredProgress()).toEqual(reader);
    expect(progressSaveStatus()).toBe("saving");
    expect(await saving).toEqual({ outcome: "saved", adopted: null });
    expect(progressSaveStatus()).toBe("saved");

    expect(fetch).toHaveBeenCalledTimes(1);
    const [address, init] = fetch.mock.calls[0]!;
    expect(address).toBe("/resources/progress");
    expect(init).toMatchObject({ method: "POST", keepalive: true, credentials: "same-origin" });
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({ progress: reader, revision: null, setBack: [] });
  });

  it("sends nothing for a reader who is not signed in", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    expect(await saveProgress(reader, { account: null })).toBeNull();
    expect(readStoredProgress()).toEqual(reader);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("takes in what the account merged, so another device's progress arrives", async () => {
    vi.stubGlobal("fetch", async () => answer({ ok: true, saved: merged }));
    const result = await saveProgress(reader, { account: "reader-1" });
    expect(result).toEqual({
      outcome: "saved",
      adopted: expect.objectContaining({ webNovel: "wn:2-14", anime: "anime:1-5" }),
    });
    expect(readStoredProgress()).toMatchObject({ webNovel: "wn:2-14", anime: "anime:1-5", position: 40 });
  });

  it("keeps a change made while the save was under way: that change's own save brings the account's record", async () => {
    const pending = pendingFetch();
    vi.stubGlobal("fetch", pending.fetch);
    const first = saveProgress(reader, { account: null }).then(() => sendProgress(reader, "reader-1"));
    await vi.waitFor(() => expect(pending.fetch).toHaveBeenCalled());
    // The reader reads on before the account answers the first save.
    void saveProgress({ ...reader, webNovel: "wn:2-20", updatedAt: at("10:02") }, { account: null });
    pending.answer(answer({ ok: true, saved: merged }));
    await first;
    expect(readStoredProgress()).toMatchObject({ webNovel: "wn:2-20", anime: null });
  });

  it.each<[string, () => Promise<Response>, "unsent" | "signedOut"]>([
    ["the network fails", () => Promise.reject(new TypeError("Failed to fetch")), "unsent"],
    [
      "the account is down",
      async () => answer({ error: { message: "The story database is not answering." } }, 503),
      "unsent",
    ],
    [
      "the answer is another page (a redirect to sign in, a network's own login page)",
      async () =>
        Object.defineProperty(
          new Response("<!doctype html><title>Sign in</title>", { headers: { "Content-Type": "text/html" } }),
          "redirected",
          { value: true },
        ),
      "unsent",
    ],
    [
      "the answer is a page that is no answer of the account's",
      async () => new Response("<!doctype html><title>Wi-Fi</title>"),
      "unsent",
    ],
    // Only signing in again can send it, and the reader is told so.
    [
      "the session has ended (signed out elsewhere, or expired)",
      async () => answer({ error: { message: "You are signed out." } }, 401),
      "signedOut",
    ],
  ])("keeps the change on this device, owed to the account, when %s", async (_, respond, outcome) => {
    vi.stubGlobal("fetch", vi.fn(respond));
    expect(await saveProgress(reader, { account: "reader-1" })).toEqual({ outcome, adopted: null });
    expect(progressSaveStatus()).toBe(outcome);
    expect(readStoredProgress()).toEqual(reader);
    expect(unsent()).toBe("reader-1");
    // The next save that reaches the account clears it.
    vi.stubGlobal("fetch", async () => answer({ ok: true, saved: reader }));
    await sendUnsentProgress("reader-1");
    expect(progressSaveStatus()).toBe("saved");
    expect(unsent()).toBeNull();
  });

  it("keeps a change the account has no room for yet (429), sends nothing until Retry-After has passed, then sends it by itself", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const fetch = vi.fn(async (_address: string, _init?: RequestInit) =>
        Response.json(
          { error: { message: "This account has saved its progress too often." } },
          { status: 429, headers: { "Retry-After": "30" } },
        ),
      );
      vi.stubGlobal("fetch", fetch);
      expect(await saveProgress(reader, { account: "reader-1" })).toEqual({ outcome: "unsent", adopted: null });
      expect(progressSaveStatus()).toBe("unsent");
      expect(readStoredProgress()).toEqual(reader);
      expect(unsent()).toBe("reader-1");

      // Within the wait, the page shown again and a further change send nothing: both wait on this device.
      fetch.mockImplementation(async (_address, init) =>
        answer({ ok: true, saved: (JSON.parse(String(init?.body)) as { progress: Progress }).progress }),
      );
      await sendUnsentProgress("reader-1");
      const further = { ...reader, webNovel: "wn:2-15", updatedAt: at("10:02") };
      expect(await saveProgress(further, { account: "reader-1" })).toEqual({ outcome: "unsent", adopted: null });
      await vi.advanceTimersByTimeAsync(29_000);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(progressSaveStatus()).toBe("unsent");

      // The wait over, the latest record goes by itself, once.
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(progressSaveStatus()).toBe("saved"));
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(JSON.parse(String(fetch.mock.calls[1]![1]!.body))).toMatchObject({ progress: further });
      expect(unsent()).toBeNull();
      await vi.advanceTimersByTimeAsync(120_000);
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the account's wait for the next page and tab: a page loaded within it sends nothing until it is over", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const fetch = vi.fn(async (_address: string, init?: RequestInit) =>
        fetch.mock.calls.length === 1
          ? Response.json({ error: { message: "Too many saves." } }, { status: 429, headers: { "Retry-After": "30" } })
          : answer({ ok: true, saved: (JSON.parse(String(init?.body)) as { progress: Progress }).progress }),
      );
      vi.stubGlobal("fetch", fetch);
      expect(await saveProgress(reader, { account: "reader-1" })).toEqual({ outcome: "unsent", adopted: null });

      // The next page: the last one's timers gone, the module starts afresh (a copy of its own), and sends
      // what is owed as it starts.
      vi.clearAllTimers();
      const nextPage = "./progress-save?next-page";
      const page = (await import(/* @vite-ignore */ nextPage)) as {
        sendUnsentProgress: typeof sendUnsentProgress;
        progressSaveStatus: typeof progressSaveStatus;
      };
      await vi.advanceTimersByTimeAsync(10_000);
      await page.sendUnsentProgress("reader-1");
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(page.progressSaveStatus()).toBe("unsent");
      // Once the wait is over, it goes by itself, and the wait is gone.
      await vi.advanceTimersByTimeAsync(20_000);
      await vi.waitFor(() => expect(page.progressSaveStatus()).toBe("saved"));
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(window.localStorage.getItem("rc:progress-wait:reader-1")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends at once when the reader asks (Try again) while the account asked to wait", async () => {
    const fetch = vi.fn(async (_address: string, _init?: RequestInit) =>
      answer({ error: { message: "Too many saves." } }, 429),
    );
    vi.stubGlobal("fetch", fetch);
    // No Retry-After: a minute's wait all the same.
    expect(await saveProgress(reader, { account: "reader-1" })).toEqual({ outcome: "unsent", adopted: null });
    vi.stubGlobal("fetch", async () => answer({ ok: true, saved: reader }));
    await sendUnsentProgress("reader-1");
    expect(progressSaveStatus()).toBe("unsent");
    await sendUnsentProgress("reader-1", { atOnce: true });
    expect(progressSaveStatus()).toBe("saved");
    expect(unsent()).toBeNull();
  });

  it("says a refusal once and does not send it again", async () => {
    const fetch = vi.fn(async () => answer({ error: { message: "That progress could not be read." } }, 400));
    vi.stubGlobal("fetch", fetch);
    expect(await saveProgress(reader, { account: "reader-1" })).toEqual({ outcome: "refused", adopted: null });
    expect(progressSaveStatus()).toBe("refused");
    expect(readStoredProgress()).toEqual(reader);
    expect(unsent()).toBeNull();
    await sendUnsentProgress("reader-1");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("offline, sends nothing and keeps the change owed to the account", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("navigator", { ...fakeNavigator(), onLine: false });
    expect(await saveProgress(reader, { account: "reader-1" })).toEqual({ outcome: "unsent", adopted: null });
    expect(fetch).not.toHaveBeenCalled();
    expect(unsent()).toBe("reader-1");
  });

  it("sends what is owed once, however many times it is asked at once, and only to the account it is owed to", async () => {
    const fetch = vi.fn(async (_address: string, init?: RequestInit) =>
      answer({ ok: true, saved: (JSON.parse(String(init?.body)) as { progress: Progress }).progress }),
    );
    vi.stubGlobal("fetch", fetch);
    void saveProgress(reader, { account: null });
    window.localStorage.setItem("rc:progress-unsent", "reader-1");
    await sendUnsentProgress("reader-2");
    expect(fetch).not.toHaveBeenCalled();
    await Promise.all([sendUnsentProgress("reader-1"), sendUnsentProgress("reader-1"), sendUnsentProgress("reader-1")]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({ progress: reader });
    expect(unsent()).toBeNull();
  });

  it("sends a change once when the next tab under the lock has not heard yet that the tab before it sent it", async () => {
    const fetch = vi.fn(async (_address: string, init?: RequestInit) =>
      answer({ ok: true, saved: (JSON.parse(String(init?.body)) as { progress: Progress }).progress }),
    );
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("caches", fakeCaches());
    vi.stubGlobal("navigator", { ...fakeNavigator(), onLine: false });
    await saveProgress(reader, { account: "reader-1" });
    expect(unsent()).toBe("reader-1");
    // Both tabs hear the connection return; this one gets the lock first and sends.
    const other = anotherTab();
    vi.stubGlobal("navigator", fakeNavigator());
    await sendUnsentProgress("reader-1");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(unsent()).toBeNull();
    // The other tab gets the lock next, its localStorage still saying the change is owed.
    vi.stubGlobal("window", other);
    expect(unsent()).toBe("reader-1");
    await sendUnsentProgress("reader-1");
    expect(fetch).toHaveBeenCalledTimes(1);

    // A change made after that is owed, and sent, as any.
    vi.stubGlobal("navigator", { ...fakeNavigator(), onLine: false });
    await saveProgress({ ...reader, webNovel: "wn:2-20", updatedAt: at("10:02") }, { account: "reader-1" });
    vi.stubGlobal("navigator", fakeNavigator());
    await sendUnsentProgress("reader-1");
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(unsent()).toBeNull();
  });

  it("sends what is owed when storage shared by the tabs refuses: at worst twice, never not at all", async () => {
    const fetch = vi.fn(async () => answer({ ok: true, saved: reader }));
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("caches", {
      open: async () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    vi.stubGlobal("navigator", { ...fakeNavigator(), onLine: false });
    await saveProgress(reader, { account: "reader-1" });
    const other = anotherTab();
    vi.stubGlobal("navigator", fakeNavigator());
    await sendUnsentProgress("reader-1");
    vi.stubGlobal("window", other);
    await sendUnsentProgress("reader-1");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("is no longer owed once the account's answer holds it, whatever order the answer writes it in", async () => {
    const written = Object.fromEntries(Object.entries(merged).reverse());
    vi.stubGlobal("fetch", async () => answer({ ok: true, saved: written }));
    await saveProgress(reader, { account: "reader-1" });
    expect(unsent()).toBeNull();
  });

  it("stays owed when the reader changed it again while it was being sent", async () => {
    const pending = pendingFetch();
    vi.stubGlobal("fetch", pending.fetch);
    const sending = saveProgress(reader, { account: "reader-1" });
    await vi.waitFor(() => expect(pending.fetch).toHaveBeenCalled());
    void saveProgress({ ...reader, webNovel: "wn:2-20", updatedAt: at("10:02") }, { account: null });
    pending.answer(answer({ ok: true, saved: reader }));
    await sending;
    expect(unsent()).toBe("reader-1");
  });

  it("sends what is owed when the page starts and when the connection returns", async () => {
    const fetch = vi.fn(async (_address: string, init?: RequestInit) =>
      answer({ ok: true, saved: (JSON.parse(String(init?.body)) as { progress: Progress }).progress }),
    );
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("document", Object.assign(new EventTarget(), { visibilityState: "visible" }));
    void saveProgress(reader, { account: null });
    window.localStorage.setItem("rc:progress-unsent", "reader-1");
    const stop = watchUnsentProgress("reader-1");
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(unsent()).toBeNull());
    window.localStorage.setItem("rc:progress-unsent", "reader-1");
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    stop();
    window.localStorage.setItem("rc:progress-unsent", "reader-1");
    window.dispatchEvent(new Event("online"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("tries again by itself after a save the site did not answer, later each time, while the page watches and is shown", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const shown = Object.assign(new EventTarget(), { visibilityState: "visible" });
    vi.stubGlobal("document", shown);
    const stop = watchUnsentProgress("reader-1");
    try {
      // A gateway's error, then a connection that fails without the browser saying it went.
      const fetch = vi.fn(
        async (_address: string, _init?: RequestInit) => new Response("Bad gateway", { status: 502 }),
      );
      vi.stubGlobal("fetch", fetch);
      expect(await saveProgress(reader, { account: "reader-1" })).toEqual({ outcome: "unsent", adopted: null });
      fetch.mockImplementation(async () => Promise.reject(new TypeError("Failed to fetch")));
      await vi.advanceTimersByTimeAsync(5_000);
      expect(fetch).toHaveBeenCalledTimes(2);
      // Later the second time: not within 5 s, by 15 s.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(fetch).toHaveBeenCalledTimes(2);
      fetch.mockImplementation(async (_address, init) =>
        answer({ ok: true, saved: (JSON.parse(String(init?.body)) as { progress: Progress }).progress }),
      );
      await vi.advanceTimersByTimeAsync(10_000);
      await vi.waitFor(() => expect(progressSaveStatus()).toBe("saved"));
      expect(fetch).toHaveBeenCalledTimes(3);
      expect(unsent()).toBeNull();
      // Saved: nothing more is sent.
      await vi.advanceTimersByTimeAsync(600_000);
      expect(fetch).toHaveBeenCalledTimes(3);

      // A page in the background sends nothing by itself; shown again, it sends what is owed.
      fetch.mockImplementation(async () => new Response("Bad gateway", { status: 502 }));
      await saveProgress({ ...reader, webNovel: "wn:2-15" }, { account: "reader-1" });
      shown.visibilityState = "hidden";
      await vi.advanceTimersByTimeAsync(600_000);
      expect(fetch).toHaveBeenCalledTimes(4);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });

  it("takes in nothing from an answer that holds no record it can read", async () => {
    vi.stubGlobal("fetch", async () => answer({ ok: true, saved: { webNovel: 3 } }));
    expect(await saveProgress(reader, { account: "reader-1" })).toEqual({ outcome: "saved", adopted: null });
    expect(readStoredProgress()).toEqual(reader);
  });

  it("keeps saying saving until the last save under way has answered", async () => {
    const pending = pendingFetch();
    vi.stubGlobal("fetch", pending.fetch);
    const first = sendProgress(reader, "reader-1");
    await vi.waitFor(() => expect(pending.fetch).toHaveBeenCalledTimes(1));
    const second = sendProgress(reader, "reader-1");
    await vi.waitFor(() => expect(pending.fetch).toHaveBeenCalledTimes(2));
    pending.answer(answer({ ok: true, saved: reader }));
    await first;
    expect(progressSaveStatus()).toBe("saving");
    pending.answer(answer({ ok: true, saved: reader }));
    await second;
    expect(progressSaveStatus()).toBe("saved");
  });
});

describe("setting progress back", () => {
  beforeEach(() => {
    vi.stubGlobal("window", fakeWindow());
    vi.stubGlobal("navigator", fakeNavigator());
  });
  afterEach(() => vi.unstubAllGlobals());

  const further: Progress = { ...reader, webNovel: "wn:5-30", position: 90 };
  const bodies = (fetch: ReturnType<typeof vi.fn>) =>
    fetch.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

  it("sends the revision this browser last heard and the media set back, and keeps a set-back owed until the account has it", async () => {
    let revision = 7;
    const fetch = vi.fn(async (_address: string, init?: RequestInit) =>
      answer({
        ok: true,
        saved: (JSON.parse(String(init?.body)) as { progress: Progress }).progress,
        revision: ++revision,
      }),
    );
    vi.stubGlobal("fetch", fetch);
    await saveProgress(further, { account: "reader-1" });
    // Offline, the reader sets the web novel back: kept here, owed to the account as a set-back.
    vi.stubGlobal("navigator", { ...fakeNavigator(), onLine: false });
    expect(await saveProgress(reader, { account: "reader-1", setBack: ["web_novel"] })).toMatchObject({
      outcome: "unsent",
    });
    expect(readStoredProgress()).toEqual(reader);
    vi.stubGlobal("navigator", fakeNavigator());
    await sendUnsentProgress("reader-1");
    expect(bodies(fetch)).toEqual([
      { progress: further, revision: null, setBack: [] },
      { progress: reader, revision: 8, setBack: ["web_novel"] },
    ]);
    expect(unsent()).toBeNull();
    // Once the account has it, the next save moves on as usual.
    await saveProgress({ ...reader, anime: "anime:1-1" }, { account: "reader-1" });
    expect(bodies(fetch)[2]).toMatchObject({ revision: 9, setBack: [] });
  });

  it("takes in the account's record as it is while this browser holds what it sent: another device's set-back arrives", async () => {
    // This browser still holds wn:5-30; the account was set back to wn:2-14 on another device.
    vi.stubGlobal("fetch", async () => answer({ ok: true, saved: { ...reader, anime: "anime:1-5" }, revision: 4 }));
    const result = await saveProgress({ ...further, anime: "anime:1-5" }, { account: "reader-1" });
    expect(result?.adopted).toMatchObject({ webNovel: "wn:2-14", anime: "anime:1-5" });
    expect(readStoredProgress()).toMatchObject({ webNovel: "wn:2-14", anime: "anime:1-5" });
  });

  it("on sign-in, takes a set-back made since this browser last heard, and sends nothing back up", async () => {
    const fetch = vi.fn(async (_address: string, init?: RequestInit) => {
      if (init?.method === "POST") return answer({ ok: true, saved: further, revision: 3 });
      return answer({
        progress: reader,
        revision: 5,
        setBacks: { web_novel: { revision: 5, at: at("09:30") } },
      });
    });
    vi.stubGlobal("fetch", fetch);
    await saveProgress(further, { account: "reader-1" });
    await syncProgressOnSignIn("reader-1");
    expect(readStoredProgress()).toMatchObject({ webNovel: "wn:2-14" });
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(1);
  });
});

describe("the sign-in sync", () => {
  beforeEach(() => {
    vi.stubGlobal("window", fakeWindow());
    vi.stubGlobal("navigator", fakeNavigator());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("merges the account's record into this browser's, sends back what the account lacked, and again only some seconds later", async () => {
    const account: Progress = { ...emptyProgress, anime: "anime:1-5", position: 40, updatedAt: at("09:00") };
    const fetch = vi.fn(async (_: string, init?: RequestInit) =>
      init?.method === "POST" ? answer({ ok: true, saved: merged }) : answer({ progress: account }),
    );
    vi.stubGlobal("fetch", fetch);
    void saveProgress(reader, { account: null });
    await syncProgressOnSignIn("reader-1");
    expect(readStoredProgress()).toMatchObject({ webNovel: "wn:2-14", anime: "anime:1-5" });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String(fetch.mock.calls[1]![1]!.body))).toMatchObject({
      progress: { webNovel: "wn:2-14", anime: "anime:1-5" },
    });
    await syncProgressOnSignIn("reader-1");
    expect(fetch).toHaveBeenCalledTimes(2);
    // Later (another page, the tab come back to), what another device saved meanwhile comes in.
    const later = { ...account, anime: "anime:1-9", position: 50, updatedAt: at("10:05") };
    fetch.mockImplementation(async (_: string, init?: RequestInit) =>
      init?.method === "POST"
        ? answer({ ok: true, saved: (JSON.parse(String(init.body)) as { progress: Progress }).progress })
        : answer({ progress: later }),
    );
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 11_000);
    await syncProgressOnSignIn("reader-1");
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(readStoredProgress()).toMatchObject({ webNovel: "wn:2-14", anime: "anime:1-9" });
  });

  it("runs once when asked again while it is under way (the tab shown again mid-sync): one GET, one save", async () => {
    const fetch = vi.fn(async (_: string, init?: RequestInit) =>
      init?.method === "POST" ? answer({ ok: true, saved: reader }) : answer({ progress: null }),
    );
    vi.stubGlobal("fetch", fetch);
    void saveProgress(reader, { account: null });
    await Promise.all([syncProgressOnSignIn("reader-3"), syncProgressOnSignIn("reader-3")]);
    const gets = fetch.mock.calls.filter(([, init]) => init?.method !== "POST");
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === "POST");
    expect([gets.length, posts.length]).toEqual([1, 1]);
  });

  it("tries again on the next page when the account could not take what this browser had", async () => {
    const fetch = vi.fn(async (_: string, init?: RequestInit) =>
      init?.method === "POST" ? answer({ error: { message: "down" } }, 503) : answer({ progress: null }),
    );
    vi.stubGlobal("fetch", fetch);
    void saveProgress(reader, { account: null });
    await syncProgressOnSignIn("reader-2");
    await syncProgressOnSignIn("reader-2");
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(2);
    expect(readStoredProgress()).toEqual(reader);
  });

  describe("when the device is cleared (Sign out and clear this device) while it is under way", () => {
    const account: Progress = { ...emptyProgress, webNovel: "wn:5-30", position: 90, updatedAt: at("08:00") };
    const readersKeys = () =>
      Array.from({ length: window.localStorage.length }, (_, index) => window.localStorage.key(index)).filter((key) =>
        key?.startsWith("rc:progress"),
      );
    let stopHearing: () => void = () => {};
    afterEach(() => stopHearing());

    it("keeps nothing the account answers after the clearing, in this tab or another", async () => {
      stopHearing = hearDeviceClearing();
      const pending = pendingFetch();
      vi.stubGlobal("fetch", pending.fetch);
      const sync = syncProgressOnSignIn("reader-4");
      await vi.waitFor(() => expect(pending.fetch).toHaveBeenCalledTimes(1));
      const heard = clearingsHeard();
      // Another tab clears the device while the account's answer is on its way.
      tellDeviceCleared();
      await vi.waitFor(() => expect(clearingsHeard()).toBe(heard + 1));
      pending.answer(answer({ progress: account, revision: 3 }));
      await sync;
      expect(readStoredProgress()).toBeNull();
      expect(readersKeys()).toEqual([]);
    });

    it("begins a new sync when asked after the clearing (the reader signed in again), rather than join one begun before it", async () => {
      stopHearing = hearDeviceClearing();
      const pending = pendingFetch();
      vi.stubGlobal("fetch", pending.fetch);
      const before = syncProgressOnSignIn("reader-7");
      await vi.waitFor(() => expect(pending.fetch).toHaveBeenCalledTimes(1));
      const heard = clearingsHeard();
      tellDeviceCleared();
      await vi.waitFor(() => expect(clearingsHeard()).toBe(heard + 1));
      const after = syncProgressOnSignIn("reader-7");
      await vi.waitFor(() => expect(pending.fetch).toHaveBeenCalledTimes(2));
      pending.answer(answer({ progress: account, revision: 3 }));
      pending.answer(answer({ progress: account, revision: 3 }));
      await Promise.all([before, after]);
      expect(readStoredProgress()).toEqual(account);
      expect(window.localStorage.getItem("rc:progress-owner")).toBe("reader-7");
    });

    it("removes what it stored just before it heard of the clearing", async () => {
      stopHearing = hearDeviceClearing();
      vi.stubGlobal("fetch", async () => answer({ progress: account, revision: 3 }));
      await syncProgressOnSignIn("reader-5");
      expect(readStoredProgress()).toEqual(account);
      tellDeviceCleared();
      await vi.waitFor(() => expect(readersKeys()).toEqual([]));
    });

    it("keeps nothing of a save's answer that comes after the clearing", async () => {
      stopHearing = hearDeviceClearing();
      const pending = pendingFetch();
      vi.stubGlobal("fetch", pending.fetch);
      const saving = saveProgress(reader, { account: "reader-6" });
      await vi.waitFor(() => expect(pending.fetch).toHaveBeenCalledTimes(1));
      const heard = clearingsHeard();
      tellDeviceCleared();
      await vi.waitFor(() => expect(clearingsHeard()).toBe(heard + 1));
      pending.answer(answer({ ok: true, saved: merged, revision: 4 }));
      await saving;
      expect(readStoredProgress()).toBeNull();
      expect(readersKeys()).toEqual([]);
    });
  });
});

describe("a shared browser", () => {
  const readerA: Progress = { ...emptyProgress, webNovel: "wn:5-30", position: 90, updatedAt: at("08:00") };
  const accountB: Progress = { ...emptyProgress, anime: "anime:1-2", position: 10, updatedAt: at("07:00") };
  /** An account whose saved record is `saved`, answering every save with what it then holds. */
  function accountHolding(saved: Progress | null) {
    let holds = saved;
    const fetch = vi.fn(async (_: string, init?: RequestInit) => {
      if (init?.method !== "POST") return answer({ progress: holds });
      holds = (JSON.parse(String(init.body)) as { progress: Progress }).progress;
      return answer({ ok: true, saved: holds });
    });
    vi.stubGlobal("fetch", fetch);
    return { fetch, holds: () => holds };
  }
  const apart = () => JSON.parse(window.localStorage.getItem("rc:progress-apart") ?? "[]") as unknown[];

  beforeEach(() => {
    vi.stubGlobal("window", fakeWindow());
    vi.stubGlobal("navigator", fakeNavigator());
  });
  afterEach(() => vi.unstubAllGlobals());

  it("never merges one account's record into another's: it is set aside, and the page shows the account's own", async () => {
    accountHolding(readerA);
    await syncProgressOnSignIn("reader-a");
    expect(window.localStorage.getItem("rc:progress-owner")).toBe("reader-a");

    const b = accountHolding(accountB);
    await syncProgressOnSignIn("reader-b");
    expect(readStoredProgress()).toEqual(accountB);
    expect(b.holds()).toEqual(accountB);
    expect(b.fetch.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(0);
    expect(window.localStorage.getItem("rc:progress-owner")).toBe("reader-b");
    expect(progressApartFrom("reader-b")).toEqual([{ owner: "reader-a", progress: readerA, keptApartBy: [] }]);
  });

  it("sets the other account's record aside before the account answers, and even when it never does", async () => {
    accountHolding(readerA);
    await syncProgressOnSignIn("reader-a");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer({ error: { message: "down" } }, 503)),
    );
    await syncProgressOnSignIn("reader-b");
    expect(readStoredProgress()).toBeNull();
    expect(progressApartFrom("reader-b")).toHaveLength(1);
  });

  it("a record kept signed out and never saved to an account is the reader's own: the first account takes it in", async () => {
    void saveProgress(readerA, { account: null });
    const b = accountHolding(accountB);
    await syncProgressOnSignIn("reader-b");
    expect(b.holds()).toMatchObject({ webNovel: "wn:5-30", anime: "anime:1-2" });
    expect(apart()).toEqual([]);
    expect(window.localStorage.getItem("rc:progress-owner")).toBe("reader-b");
  });

  it("progress read signed out after an account's sign-out stays that account's", async () => {
    accountHolding(readerA);
    await syncProgressOnSignIn("reader-a");
    void saveProgress({ ...readerA, anime: "anime:1-1" }, { account: null });
    const b = accountHolding(accountB);
    await syncProgressOnSignIn("reader-b");
    expect(b.holds()).toEqual(accountB);
    expect(progressApartFrom("reader-b")[0]).toMatchObject({ owner: "reader-a", progress: { anime: "anime:1-1" } });
  });

  it("adds the other account's record only when the reader says yes", async () => {
    accountHolding(readerA);
    await syncProgressOnSignIn("reader-a");
    const b = accountHolding(accountB);
    await syncProgressOnSignIn("reader-b");
    expect((await addProgressApart("reader-b"))?.outcome).toBe("saved");
    expect(b.holds()).toMatchObject({ webNovel: "wn:5-30", anime: "anime:1-2" });
    expect(readStoredProgress()).toMatchObject({ webNovel: "wn:5-30", anime: "anime:1-2" });
    expect(apart()).toEqual([]);
  });

  it("keeps it apart or clears it from this browser, as the reader answers, and asks no more", async () => {
    accountHolding(readerA);
    await syncProgressOnSignIn("reader-a");
    accountHolding(accountB);
    await syncProgressOnSignIn("reader-b");
    keepProgressApart("reader-b");
    expect(progressApartFrom("reader-b")).toEqual([]);
    // Kept in this browser: a third account is still asked about it.
    expect(progressApartFrom("reader-c")).toHaveLength(1);
    clearProgressApart("reader-c");
    expect(apart()).toEqual([]);
  });

  it("gives an account its record back when it signs in here again, with what it read while set aside", async () => {
    const a = accountHolding(readerA);
    await syncProgressOnSignIn("reader-a");
    // A change the account never received (offline), then reader B signs in.
    writeStoredRecord({ ...readerA, anime: "anime:1-3" });
    accountHolding(accountB);
    await syncProgressOnSignIn("reader-b");

    window.sessionStorage.removeItem("rc:progress-synced:reader-a");
    vi.stubGlobal("fetch", a.fetch);
    await syncProgressOnSignIn("reader-a");
    expect(a.holds()).toMatchObject({ webNovel: "wn:5-30", anime: "anime:1-3" });
    expect(readStoredProgress()).toMatchObject({ webNovel: "wn:5-30", anime: "anime:1-3" });
    // Reader B's record is set aside in turn, and nothing of it reached reader A.
    expect(readStoredProgress()?.anime).toBe("anime:1-3");
    expect(progressApartFrom("reader-a")).toEqual([{ owner: "reader-b", progress: accountB, keptApartBy: [] }]);
  });

  it("in one tab, A, then B, then A again: each sign-in syncs again and A gets their own record back", async () => {
    const a = accountHolding(readerA);
    await syncProgressOnSignIn("reader-a");
    const b = accountHolding(accountB);
    await syncProgressOnSignIn("reader-b");
    vi.stubGlobal("fetch", a.fetch);
    await syncProgressOnSignIn("reader-a");
    expect(readStoredProgress()).toEqual(readerA);
    vi.stubGlobal("fetch", b.fetch);
    await syncProgressOnSignIn("reader-b");
    expect(readStoredProgress()).toEqual(accountB);
    expect(a.holds()).toEqual(readerA);
    expect(b.holds()).toEqual(accountB);
  });

  it("leaves everything where it is when the other account's record cannot be set aside", async () => {
    accountHolding(readerA);
    await syncProgressOnSignIn("reader-a");
    const storage = window.localStorage;
    const setItem = storage.setItem;
    storage.setItem = (key: string, value: string) => {
      if (key === "rc:progress-apart") throw new DOMException("full", "QuotaExceededError");
      setItem(key, value);
    };
    const b = accountHolding(accountB);
    await syncProgressOnSignIn("reader-b");
    expect(b.fetch).not.toHaveBeenCalled();
    expect(readStoredProgress()).toEqual(readerA);
    expect(storage.getItem("rc:progress-owner")).toBe("reader-a");
  });
});

/** A record stored in this browser as the site stores it, without an account. */
function writeStoredRecord(progress: Progress) {
  window.localStorage.setItem("rc:progress", JSON.stringify(progress));
}
