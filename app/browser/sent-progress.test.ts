import { afterEach, describe, expect, it, vi } from "vitest";
import { sentProgressStorageNote } from "~/lib/runtime/storage-notes";
import { forgetChangesSent, lastChangeSent, noteChangeSent, sentProgressCache } from "./sent-progress";

/** Cache Storage as a browser keeps it: named caches of responses. */
function fakeCaches() {
  const stores = new Map<string, Map<string, string>>();
  return {
    stores,
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, string>();
      stores.set(name, store);
      return {
        match: async (key: string) => (store.has(key) ? new Response(store.get(key)) : undefined),
        put: async (key: string, response: Response) => void store.set(key, await response.text()),
      };
    },
    delete: async (name: string) => stores.delete(name),
  };
}

describe("the changes each account took from this browser", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answers the last change noted for each account, and nothing once forgotten", async () => {
    const caches = fakeCaches();
    vi.stubGlobal("caches", caches);
    expect(await lastChangeSent("reader-1")).toBeNull();
    await noteChangeSent("reader-1", "c1");
    await noteChangeSent("reader-1", "c2");
    await noteChangeSent("reader/2", "c3");
    expect(await lastChangeSent("reader-1")).toBe("c2");
    expect(await lastChangeSent("reader/2")).toBe("c3");
    expect([...caches.stores.keys()]).toEqual([sentProgressCache]);
    await forgetChangesSent();
    expect(await lastChangeSent("reader-1")).toBeNull();
  });

  it("answers nothing, and throws nothing, where Cache Storage is refused or missing", async () => {
    vi.stubGlobal("caches", {
      open: () => Promise.reject(new DOMException("The operation is insecure.", "SecurityError")),
      delete: () => Promise.reject(new DOMException("The operation is insecure.", "SecurityError")),
    });
    await noteChangeSent("reader-1", "c1");
    expect(await lastChangeSent("reader-1")).toBeNull();
    await forgetChangesSent();
    vi.stubGlobal("caches", undefined);
    expect(await lastChangeSent("reader-1")).toBeNull();
  });

  it("is listed in the privacy policy under its own name, which is none of the service worker's caches", () => {
    expect(sentProgressStorageNote.key).toBe(sentProgressCache);
    expect(sentProgressCache.startsWith("rc-")).toBe(false);
  });
});
