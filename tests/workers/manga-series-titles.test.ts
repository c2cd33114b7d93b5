/**
 * A manga series whose title gives something away (`titleIsSpoiler`), over the demo pack with "tallow"
 * (Manga 2) flagged: its card on /manga says its title is hidden, as an arc's card does, and names the
 * series once, by its kicker, until the reader has seen what reveals its first chapter.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeKnowledge, knowledgeOfUnits } from "~/lib/shield/knowledge";
import { importTestPack } from "../support/packs";
import { fetchDeployed } from "../support/site";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const TITLE = "Lanternfall: The Broker Unmasked";

beforeAll(async () => {
  await importTestPack("demo", {
    edit: (files) => {
      // Named after what it gives away, in words its code does not spell.
      Object.assign(files["manga.json"].series[1], { title: TITLE, titleIsSpoiler: true });
    },
  });
});
afterAll(() => importTestPack("tiny"));

/** The text of the series' card on /manga, as the page's HTML carries it. */
async function tallowCard(reveal = "") {
  const html = await (await fetchDeployed(`/manga${reveal ? `?reveal=${reveal}` : ""}`)).text();
  const card = /<a[^>]*href="[^"]*series=tallow"[^>]*>(.*?)<\/a>/s.exec(html)?.[1] ?? "";
  return { html, text: card.replace(/<[^>]+>/g, "|") };
}

describe("a flagged manga series' card", () => {
  it("says its title is hidden, and names the series once, to a reader who has not seen its first chapter", async () => {
    const { html, text } = await tallowCard();
    expect(text).toContain("|Manga 2|");
    expect(text).toContain("|Title hidden|");
    expect(text.match(/Manga 2/g)).toHaveLength(1);
    expect(html).not.toContain(TITLE);
  });

  it("shows it to a reader who has", async () => {
    const { text } = await tallowCard(encodeURIComponent(encodeKnowledge(knowledgeOfUnits(["manga:tallow-1"]))));
    expect(text).toContain(`|${TITLE}|`);
    expect(text).not.toContain("Title hidden");
  });
});
