import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { progressSaveStatus, saveProgress, sendProgress, syncProgressOnSignIn } from "./progress-save";
import { readStoredProgress } from "./read-stored-progress";

/** A browser window with just what saving progress uses: localStorage, sessionStorage and events. */
function fakeWindow() {
  const storage = () => {
    const items = new Map<string, string>();
    return {
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

describe("saving progress", () => {
  beforeEach(() => vi.stubGlobal("window", fakeWindow()));
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the progress in this browser first, then sends it to the account as JSON, and says so while it is under way", async () => {
    const fetch = vi.fn(async (_address: string, _init?: RequestInit) => answer({ ok: true, saved: reader }));
    vi.stubGlobal("fetch", fetch);
    const saving = saveProgress(reader, { toAccount: true });
    // Kept before the account has answered.
    expect(readStoredProgress()).toEqual(reader);
    expect(progressSaveStatus()).toBe("saving");
    expect(await saving).toEqual({ saved: true, adopted: null });
    expect(progressSaveStatus()).toBe("saved");

    expect(fetch).toHaveBeenCalledTimes(1);
    const [address, init] = fetch.mock.calls[0]!;
    expect(address).toBe("/resources/progress");
    expect(init).toMatchObject({ method: "POST", keepalive: true, credentials: "same-origin" });
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual(reader);
  });

  it("sends nothing for a reader who is not signed in", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    expect(await saveProgress(reader, { toAccount: false })).toBeNull();
    expect(readStoredProgress()).toEqual(reader);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("takes in what the account merged, so another device's progress arrives", async () => {
    vi.stubGlobal("fetch", async () => answer({ ok: true, saved: merged }));
    const result = await saveProgress(reader, { toAccount: true });
    expect(result).toEqual({
      saved: true,
      adopted: expect.objectContaining({ webNovel: "wn:2-14", anime: "anime:1-5" }),
    });
    expect(readStoredProgress()).toMatchObject({ webNovel: "wn:2-14", anime: "anime:1-5", position: 40 });
  });

  it("keeps a change made while the save was under way: the account's record is merged into it", async () => {
    const pending = pendingFetch();
    vi.stubGlobal("fetch", pending.fetch);
    const first = saveProgress(reader, { toAccount: false }).then(() => sendProgress(reader));
    await vi.waitFor(() => expect(pending.fetch).toHaveBeenCalled());
    // The reader reads on before the account answers the first save.
    void saveProgress({ ...reader, webNovel: "wn:2-20", updatedAt: at("10:02") }, { toAccount: false });
    pending.answer(answer({ ok: true, saved: merged }));
    await first;
    expect(readStoredProgress()).toMatchObject({ webNovel: "wn:2-20", anime: "anime:1-5" });
  });

  it.each([
    ["the network fails", () => Promise.reject(new TypeError("Failed to fetch"))],
    [
      "the account refuses the save",
      async () => answer({ error: { message: "That progress could not be read." } }, 400),
    ],
    ["the account is down", async () => answer({ error: { message: "The story database is not answering." } }, 503)],
  ])("says it failed and keeps this browser's record when %s", async (_, respond) => {
    vi.stubGlobal("fetch", vi.fn(respond));
    expect(await saveProgress(reader, { toAccount: true })).toEqual({ saved: false, adopted: null });
    expect(progressSaveStatus()).toBe("failed");
    expect(readStoredProgress()).toEqual(reader);
    // The next save that reaches the account clears the failure.
    vi.stubGlobal("fetch", async () => answer({ ok: true, saved: reader }));
    await sendProgress(reader);
    expect(progressSaveStatus()).toBe("saved");
  });

  it("takes in nothing from an answer that holds no record it can read", async () => {
    vi.stubGlobal("fetch", async () => answer({ ok: true, saved: { webNovel: 3 } }));
    expect(await saveProgress(reader, { toAccount: true })).toEqual({ saved: true, adopted: null });
    expect(readStoredProgress()).toEqual(reader);
  });

  it("keeps saying saving until the last save under way has answered", async () => {
    const pending = pendingFetch();
    vi.stubGlobal("fetch", pending.fetch);
    const first = sendProgress(reader);
    await vi.waitFor(() => expect(pending.fetch).toHaveBeenCalledTimes(1));
    const second = sendProgress(reader);
    await vi.waitFor(() => expect(pending.fetch).toHaveBeenCalledTimes(2));
    pending.answer(answer({ ok: true, saved: reader }));
    await first;
    expect(progressSaveStatus()).toBe("saving");
    pending.answer(answer({ ok: true, saved: reader }));
    await second;
    expect(progressSaveStatus()).toBe("saved");
  });
});

describe("the sign-in sync", () => {
  beforeEach(() => vi.stubGlobal("window", fakeWindow()));
  afterEach(() => vi.unstubAllGlobals());

  it("merges the account's record into this browser's, sends back what the account lacked, once per tab", async () => {
    const account: Progress = { ...emptyProgress, anime: "anime:1-5", position: 40, updatedAt: at("09:00") };
    const fetch = vi.fn(async (_: string, init?: RequestInit) =>
      init?.method === "POST" ? answer({ ok: true, saved: merged }) : answer({ progress: account }),
    );
    vi.stubGlobal("fetch", fetch);
    void saveProgress(reader, { toAccount: false });
    await syncProgressOnSignIn("reader-1");
    expect(readStoredProgress()).toMatchObject({ webNovel: "wn:2-14", anime: "anime:1-5" });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String(fetch.mock.calls[1]![1]!.body))).toMatchObject({
      webNovel: "wn:2-14",
      anime: "anime:1-5",
    });
    await syncProgressOnSignIn("reader-1");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("tries again on the next page when the account could not take what this browser had", async () => {
    const fetch = vi.fn(async (_: string, init?: RequestInit) =>
      init?.method === "POST" ? answer({ error: { message: "down" } }, 503) : answer({ progress: null }),
    );
    vi.stubGlobal("fetch", fetch);
    void saveProgress(reader, { toAccount: false });
    await syncProgressOnSignIn("reader-2");
    await syncProgressOnSignIn("reader-2");
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(2);
    expect(readStoredProgress()).toEqual(reader);
  });
});
