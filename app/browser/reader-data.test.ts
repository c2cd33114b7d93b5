import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { clearReaderData, readyToClear } from "./reader-data";

/** Signing out and clearing, as the account menu does: once the account has every change, the device is cleared. */
async function clearFor(uid: string) {
  if ((await readyToClear(uid)) !== "ready") return false;
  await clearReaderData();
  return true;
}

/** A browser window with storage (its keys listed, as a browser's are) and events. */
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

const progress: Progress = {
  ...emptyProgress,
  webNovel: "wn:2-14",
  position: 30,
  updatedAt: "2026-03-01T10:00:00.000Z",
};

/** What a signed-in reader's browser holds: their progress and settings, a draft, another account's record set aside. */
function readersBrowser() {
  const local = window.localStorage;
  local.setItem("rc:progress", JSON.stringify(progress));
  local.setItem("rc:progress-owner", "reader-a");
  local.setItem("rc:progress-apart", JSON.stringify([{ owner: "reader-z", progress, keptApartBy: ["reader-a"] }]));
  local.setItem("rc:spoiler-mode", "show");
  local.setItem("rc:draft:reader-a:bug", JSON.stringify({ happened: "words" }));
  local.setItem("rc:theme", "dark");
  local.setItem("rc:analytics-opt-out", "1");
  window.sessionStorage.setItem("rc:progress-synced:reader-a", "1");
}

const kept = () => {
  const local = window.localStorage;
  return Array.from({ length: local.length }, (_, index) => local.key(index)).sort();
};

describe("signing out and clearing this device", () => {
  beforeEach(() => {
    vi.stubGlobal("window", fakeWindow());
    vi.stubGlobal("navigator", { onLine: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("leaves nothing of the reader: progress, whose it was, other records, the spoiler setting, drafts; the device's theme and opt-out stay", async () => {
    readersBrowser();
    const heard: string[] = [];
    for (const name of ["rc:progress-stored", "rc:progress-apart-changed"])
      window.addEventListener(name, () => heard.push(name));
    expect(await clearFor("reader-a")).toBe(true);
    expect(kept()).toEqual(["rc:analytics-opt-out", "rc:theme"]);
    expect(window.sessionStorage.getItem("rc:progress-synced:reader-a")).toBeNull();
    // The shields and the prompt on this page hear of it (other tabs hear the storage events).
    expect(heard).toEqual(expect.arrayContaining(["rc:progress-stored", "rc:progress-apart-changed"]));
  });

  it("sends progress the account has not received first, and clears nothing while it cannot", async () => {
    readersBrowser();
    window.localStorage.setItem("rc:progress-unsent", "reader-a");
    const fetch = vi.fn(async () => Response.json({ error: { message: "down" } }, { status: 503 }));
    vi.stubGlobal("fetch", fetch);
    expect(await clearFor("reader-a")).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem("rc:progress")).toBe(JSON.stringify(progress));
    expect(window.localStorage.getItem("rc:draft:reader-a:bug")).not.toBeNull();

    fetch.mockImplementation(async () => Response.json({ ok: true, saved: progress }));
    expect(await clearFor("reader-a")).toBe(true);
    expect(window.localStorage.getItem("rc:progress")).toBeNull();
  });

  it("says why nothing may be cleared: the account unreachable, or the reader's session ended (only signing in again sends it)", async () => {
    readersBrowser();
    window.localStorage.setItem("rc:progress-unsent", "reader-a");
    vi.stubGlobal("fetch", async () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await readyToClear("reader-a")).toBe("unsent");
    vi.stubGlobal("fetch", async () => Response.json({ error: { message: "You are signed out." } }, { status: 401 }));
    expect(await readyToClear("reader-a")).toBe("signedOut");
    expect(window.localStorage.getItem("rc:progress")).toBe(JSON.stringify(progress));
  });

  it("asks the account at once when it had asked this browser to wait (429), instead of clearing nothing unasked", async () => {
    readersBrowser();
    const fetch = vi.fn(async () =>
      Response.json({ error: { message: "Too many saves." } }, { status: 429, headers: { "Retry-After": "3600" } }),
    );
    vi.stubGlobal("fetch", fetch);
    const { saveProgress } = await import("./progress-save");
    expect(await saveProgress(progress, { account: "reader-a" })).toMatchObject({ outcome: "unsent" });
    // The account has room again (or it would say so again): the reader asked to sign out and clear now.
    fetch.mockImplementation(async () => Response.json({ ok: true, saved: progress }));
    expect(await clearFor("reader-a")).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
