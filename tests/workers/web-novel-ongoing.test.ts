/**
 * A web novel still being serialized (web-novel.json `ongoing`): its page says since when, and no end.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { loader as webNovelLoader } from "~/routes/web-novel";
import { importTestPack } from "../support/packs";
import { fetchDeployed } from "../support/site";
import { load } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

afterAll(async () => {
  await importTestPack("tiny");
});

describe("a web novel's serialization", () => {
  it("ends at its last chapter's month when it has ended, and says it is still running when it is", async () => {
    await importTestPack("tiny");
    expect((await load(webNovelLoader, "/web_novel")).whole.ongoing).toBe(false);
    const ended = await (await fetchDeployed("/web_novel")).text();
    expect(ended).toMatch(/serialized [A-Z][a-z]{2} \d{4} – [A-Z][a-z]{2} \d{4}/);

    await importTestPack("tiny", { edit: (files) => (files["web-novel.json"].ongoing = true) });
    expect((await load(webNovelLoader, "/web_novel")).whole.ongoing).toBe(true);
    const running = await (await fetchDeployed("/web_novel")).text();
    expect(running).toMatch(/serialized since [A-Z][a-z]{2} \d{4} and still running/);
    expect(running).not.toMatch(/serialized [A-Z][a-z]{2} \d{4} – /);
  });
});
