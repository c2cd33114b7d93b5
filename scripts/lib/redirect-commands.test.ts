import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RedirectEntry } from "../../app/lib/http/redirects";
import { parseRedirectCommand, type RedirectStoreAccess } from "./redirect-commands";

const folder = mkdtempSync(join(tmpdir(), "redirect-commands-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** KV REDIRECTS as a map, as the store reads and writes it, counting the reads a command makes. */
function memoryStore(siteOrigin?: string) {
  const entries = new Map<string, RedirectEntry>();
  const reads = { list: 0, get: 0 };
  const store: RedirectStoreAccess = {
    siteOrigin,
    list: async () => (reads.list++, [...entries.values()]),
    get: async (from) => (reads.get++, entries.get(from) ?? null),
    put: async (entry) => void entries.set(entry.from, entry),
    remove: async (from) => entries.delete(from),
  };
  return { ...store, entries, reads };
}

/** Runs `npm run redirects -- ...args` against `store`: the lines it printed, or the usage error it stopped with. */
async function redirects(store: RedirectStoreAccess, ...args: string[]) {
  const out: string[] = [];
  try {
    await (await parseRedirectCommand(args)).run(store, (line) => out.push(line));
    return { out: out.join("\n"), err: "" };
  } catch (error) {
    return { out: out.join("\n"), err: error instanceof Error ? error.message : String(error) };
  }
}

function csv(name: string, text: string) {
  const file = join(folder, name);
  writeFileSync(file, text);
  return file;
}

describe("npm run redirects: commands", () => {
  it("adds, lists and removes a redirect", async () => {
    const store = memoryStore();
    expect(await redirects(store, "add", "/old-page/", "/privacy_policy", "--status", "308")).toEqual({
      out: "Added 308 /old-page -> /privacy_policy",
      err: "",
    });
    expect((await redirects(store, "list")).out).toBe("308 /old-page -> /privacy_policy");
    expect((await redirects(store, "remove", "/old-page")).out).toBe("Removed /old-page");
    expect((await redirects(store, "remove", "/old-page")).out).toBe("No redirect from /old-page");
    expect((await redirects(store, "list")).out).toBe("No redirects.");
  });

  it("refuses unsafe entries with a clear message and writes nothing", async () => {
    const store = memoryStore();
    for (const [from, to, message] of [
      ["old", "/x", 'The source must be a path starting with "/"'],
      ["/a", "javascript:alert(1)", "The target's scheme must be https:"],
      ["/a", "//evil.example", "must not start with //"],
      ["/a", "/\\evil.example", "backslash"],
    ] as const) {
      expect((await redirects(store, "add", from, to)).err).toContain(message);
    }
    expect((await redirects(store, "add", "/a", "/b", "--status", "303")).err).toContain(
      "The status must be one of 301, 302, 307, 308",
    );
    expect(store.entries.size).toBe(0);
  });

  it("imports a CSV only when every row is valid, naming each bad line", async () => {
    const store = memoryStore();
    const bad = csv(
      "bad.csv",
      "from,to,status\n/ok,/privacy_policy,301\nnope,/x,301\n/ok,/y\n/z,https://example.com,999\n",
    );
    const refused = await redirects(store, "import", bad);
    expect(refused.err).toContain("Nothing was imported");
    expect(refused.err).toContain(`${bad}:3: The source must be a path starting with "/"`);
    expect(refused.err).toContain(`${bad}:4: /ok is already redirected on line 2`);
    expect(refused.err).toContain(`${bad}:5: The status must be one of`);
    expect(store.entries.size).toBe(0);

    const good = csv("good.csv", "/one,/privacy_policy\n/two,https://example.com/two,302\n");
    expect((await redirects(store, "import", good)).out).toBe(`Imported 2 redirects from ${good}`);
    expect((await redirects(store, "list")).out.split("\n")).toEqual([
      "301 /one -> /privacy_policy",
      "302 /two -> https://example.com/two",
    ]);
  });

  it("refuses an entry or a file that would send a browser round in a loop with what the store holds, and writes nothing", async () => {
    const store = memoryStore();
    expect((await redirects(store, "add", "/loop-a", "/loop-b")).err).toBe("");
    const back = await redirects(store, "add", "/loop-b", "/loop-a/");
    expect(back.err).toContain("add: a browser would be sent round in a loop, so nothing was written:");
    expect(back.err).toContain("/loop-b -> /loop-a -> /loop-b");
    const file = csv("loop.csv", "/x,/y\n/y,/loop-a\n/loop-b,/x\n");
    const refused = await redirects(store, "import", file);
    expect(refused.err).toContain("/x -> /y -> /loop-a -> /loop-b -> /x");
    expect([...store.entries.keys()]).toEqual(["/loop-a"]);
    // A chain that ends somewhere is fine.
    expect((await redirects(store, "add", "/loop-b", "/web_novel")).err).toBe("");
  });

  it("follows only the new entry's chain to add it, one read a redirect, however many the store holds", async () => {
    const store = memoryStore();
    for (let n = 0; n < 500; n++)
      store.entries.set(`/other-${n}`, { from: `/other-${n}`, to: "/web_novel", status: 301 });
    store.entries.set("/c", { from: "/c", to: "/d", status: 301 });
    store.entries.set("/d", { from: "/d", to: "/e", status: 301 });
    expect((await redirects(store, "add", "/b", "/c")).err).toBe("");
    expect(store.reads).toEqual({ list: 0, get: 3 });

    store.reads.get = 0;
    expect((await redirects(store, "add", "/e", "/b")).err).toContain("/e -> /b -> /c -> /d -> /e");
    expect(store.reads).toEqual({ list: 0, get: 3 });
    expect(store.entries.has("/e")).toBe(false);
  });

  it("refuses a chain longer than a browser follows, reading no further than that", async () => {
    const store = memoryStore();
    for (let n = 1; n <= 30; n++)
      store.entries.set(`/step-${n}`, { from: `/step-${n}`, to: `/step-${n + 1}`, status: 301 });
    const refused = await redirects(store, "add", "/start", "/step-1");
    expect(refused.err).toContain("add: a browser gives up after 20 redirects in a row, so nothing was written:");
    expect(refused.err).toContain("/start -> /step-1 -> /step-2");
    expect(store.reads).toEqual({ list: 0, get: 20 });
    expect(store.entries.has("/start")).toBe(false);
    // Twenty redirects in all are fine.
    expect((await redirects(store, "add", "/start", "/step-12")).err).toBe("");
  });

  it("follows a target on the site's own origin as the path it is", async () => {
    const store = memoryStore("https://companion.example");
    expect((await redirects(store, "add", "/old", "https://companion.example/new")).err).toBe("");
    const back = await redirects(store, "add", "/new", "https://COMPANION.example/old?from=new");
    expect(back.err).toContain("add: a browser would be sent round in a loop, so nothing was written:");
    expect(back.err).toContain("/new -> /old -> /new");
    expect((await redirects(store, "add", "/self", "https://companion.example/self/")).err).toContain("/self -> /self");
    const file = csv("own-origin.csv", "/x,https://companion.example/old\n/new,/x\n");
    expect((await redirects(store, "import", file)).err).toContain("/new -> /x -> /old -> /new");
    expect([...store.entries.keys()]).toEqual(["/old"]);
    // Another site's address is where a chain ends.
    expect((await redirects(store, "add", "/new", "https://other.example/old")).err).toBe("");
  });

  it("names the file's own line when a quoted field spans lines, and refuses a file that is not CSV", async () => {
    const store = memoryStore();
    const spanning = csv("spanning.csv", 'from,to\n\n"/two\nlines",/privacy_policy\n/ok,/privacy_policy\nnope,/x\n');
    const refused = await redirects(store, "import", spanning);
    expect(refused.err).toContain(`${spanning}:3: `);
    expect(refused.err).toContain(`${spanning}:6: The source must be a path starting with "/"`);

    const broken = csv("broken.csv", '/ok,/privacy_policy\n"/never,/closed\n');
    expect((await redirects(store, "import", broken)).err).toContain(
      `${broken}:2: a quoted field that starts in this row is never closed`,
    );
    expect((await redirects(store, "import", join(folder, "missing.csv"))).err).toBe(
      `Cannot read ${join(folder, "missing.csv")}`,
    );
    expect(store.entries.size).toBe(0);
  });

  it("refuses unknown flags and flags without their value", async () => {
    const store = memoryStore();
    expect((await redirects(store, "list", "--bogus")).err).toContain("Unknown option '--bogus'");
    expect((await redirects(store, "add", "/a", "/b", "--status")).err).toContain("--status needs a value");
  });

  it("explains its usage for unknown commands and wrong arguments", async () => {
    const store = memoryStore();
    expect((await redirects(store, "rename", "/a")).err).toContain('Unknown command "rename"');
    expect((await redirects(store, "add", "/a")).err).toContain("add takes <from> <to>");
    expect((await redirects(store)).err).toMatch(/^Usage: npm run redirects/);
  });

  it("opens local state unless told to use production or another folder", async () => {
    expect(await parseRedirectCommand(["list"])).toMatchObject({ remote: false, persistTo: undefined });
    expect(await parseRedirectCommand(["list", "--remote"])).toMatchObject({ remote: true });
    expect(await parseRedirectCommand(["list", "--persist-to", "/tmp/state"])).toMatchObject({
      persistTo: "/tmp/state",
    });
  });
});

describe("npm run redirects: sources stored before they were normalised", () => {
  it("removes a source that `list` shows, as it shows it", async () => {
    const store = memoryStore();
    // Stored by the tool before sources were kept as the browser sends them (the key as written).
    for (const from of ["/café", "/caf%c3%a9s"]) store.entries.set(from, { from, to: "/web_novel", status: 301 });
    expect((await redirects(store, "list")).out).toContain("301 /café -> /web_novel");
    expect((await redirects(store, "remove", "/café")).out).toBe("Removed /café");
    expect((await redirects(store, "remove", "/caf%c3%a9s")).out).toBe("Removed /caf%c3%a9s");
    expect((await redirects(store, "list")).out).toBe("No redirects.");
  });
});

describe("npm run redirects: a source whose dot segments leave nothing", () => {
  it("does not silently become a redirect of the home page", async () => {
    const store = memoryStore();
    const result = await redirects(store, "add", "/old/..", "/web_novel");
    expect(store.entries.has("/")).toBe(false);
    expect(result.err).not.toBe("");
  });
});

describe("npm run redirects: sources stored as written that the add command now refuses", () => {
  it("removes a source `list` marks as never followed, even one with dot segments or a query", async () => {
    const store = memoryStore();
    for (const from of ["/news/./2019", "/old?page=2"])
      store.entries.set(from, { from, to: "/web_novel", status: 301 });
    const listed = (await redirects(store, "list")).out;
    expect(listed).toContain("/news/./2019 -> /web_novel  (never followed");
    expect((await redirects(store, "remove", "/news/./2019")).out).toBe("Removed /news/./2019");
    expect((await redirects(store, "remove", "/old?page=2")).out).toBe("Removed /old?page=2");
    expect((await redirects(store, "list")).out).toBe("No redirects.");
  });
});
