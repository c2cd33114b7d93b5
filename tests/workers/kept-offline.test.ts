/**
 * "Keep for offline" held to the spoiler shield's promise (issue 35), over random reader knowledge and
 * the demo pack: every answer a keep of an arc, a season or a volume stores, fetched for the knowledge it
 * is kept at, holds no gated text beyond that knowledge; and once the knowledge moves (on, or back), what
 * stays kept was made for no other knowledge, and what is kept again holds nothing beyond the new one. The
 * addresses are the ones the page hands the service worker (app/lib/runtime/kept-units.ts), the reveal the
 * one the page asks with (app/lib/shield/shield.ts: `revealParameter`). A failure prints its seed.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PackRows } from "../../pack/rows";
import {
  afterKnowledge,
  arcToKeep,
  isRevealAnswer,
  keptAddresses,
  type KeptUnit,
  seasonToKeep,
  type UnitToKeep,
  volumeToKeep,
} from "~/lib/runtime/kept-units";
import { type Knowledge, knowsAnything, noKnowledge, REVEAL_PARAMETER } from "~/lib/shield/knowledge";
import { pageOf } from "~/lib/runtime/offline-copies";
import { revealParameter } from "~/lib/shield/shield";
import { RUNS } from "../support/arbitraries";
import { importTestPack } from "../support/packs";
import { knowledgeArbitrary, leaks, packGatedTexts } from "../support/reader-knowledge";
import { fetchSite, siteOrigin } from "../support/site";

vi.setConfig({ testTimeout: 600_000, hookTimeout: 120_000 });

let rows: PackRows;
let texts: ReturnType<typeof packGatedTexts>;
let units: UnitToKeep[];

beforeAll(async () => {
  rows = await importTestPack("demo");
  texts = packGatedTexts(rows);
  const collectionName = new Map(rows.ln_collections.map((collection) => [collection.code, collection.name]));
  const withNotes = new Set(rows.ln_mistakes.map((entry) => entry.volume_key));
  units = [
    ...rows.arcs.map((arc) =>
      arcToKeep(
        arc.number,
        rows.chapters.filter((chapter) => chapter.arc_number === arc.number).map((chapter) => chapter.key),
      ),
    ),
    ...rows.anime_seasons.map((season) =>
      seasonToKeep(
        season.number,
        rows.anime_episodes.filter((episode) => episode.season_number === season.number).map((episode) => episode.key),
      ),
    ),
    ...rows.ln_volumes.map((volume) =>
      volumeToKeep(
        volume.key,
        `${collectionName.get(volume.collection_code)} ${volume.number}`,
        withNotes.has(volume.key),
      ),
    ),
  ];
});

/** The reveal a reader's pages ask with, with the shield hiding what they have not seen (as the page's keep asks). */
function revealFor(knowledge: Knowledge, page = "") {
  const shield = { knowledge, asking: knowledge, mode: "hide" as const, hasProgress: knowsAnything(knowledge) };
  return revealParameter(shield, { besides: new URL(page, siteOrigin).search.slice(1) });
}

/** What a keep of `unit` stores at this knowledge, as the page hands it to the worker. */
const addressesAt = (unit: UnitToKeep, knowledge: Knowledge) =>
  unit.pages.flatMap((page) => keptAddresses(page, revealFor(knowledge, page), siteOrigin));

/** Fetches each address as the worker does and gives what any answer holds beyond `knowledge`. */
async function leaksIn(addresses: readonly string[], knowledge: Knowledge) {
  const problems: string[] = [];
  for (const address of addresses) {
    const url = new URL(address);
    const response = await fetchSite(`${url.pathname}${url.search}`);
    expect(response.status, address).toBeLessThan(500);
    problems.push(...leaks(await response.text(), knowledge, texts).map((leak) => `${address} carries ${leak}`));
  }
  return problems;
}

/** A unit, and a few of its pages (its own page always): a whole arc's threads every run would take minutes. */
const unitArbitrary = () =>
  fc
    .constantFrom(...units)
    .chain((unit) =>
      fc
        .subarray(unit.pages.slice(1), { maxLength: Math.min(3, unit.pages.length - 1) })
        .map((related): UnitToKeep => ({ ...unit, pages: [unit.pages[0]!, ...related] })),
    );

describe("keep for offline, held to the spoiler shield", () => {
  it("keeps every arc, season and volume of the pack with its related pages, and something gated is on them", async () => {
    expect(units.length).toBe(rows.arcs.length + rows.anime_seasons.length + rows.ln_volumes.length);
    expect(units.every((unit) => unit.pages.length >= 2)).toBe(true);
    // The pages kept hold gated text to find: with everything revealed, an arc's page carries some.
    const arc = units.find((unit) => unit.unit === "arc:1")!;
    const response = await fetchSite(`/web_novel.data?arc=1&${REVEAL_PARAMETER}=all`);
    expect(arc.pages[0]).toBe("/web_novel?arc=1");
    expect(leaks(await response.text(), noKnowledge, texts).length).toBeGreaterThan(0);
  });

  it("an offline copy kept at some knowledge holds nothing that knowledge does not allow", async () => {
    await fc.assert(
      fc.asyncProperty(knowledgeArbitrary(rows), unitArbitrary(), async (knowledge, unit) => {
        const addresses = addressesAt(unit, knowledge);
        // The reveal answers are there whenever the reader knows anything: the keep holds what they see.
        if (revealFor(knowledge)) expect(addresses.filter(isRevealAnswer)).toHaveLength(unit.pages.length);
        expect(await leaksIn(addresses, knowledge)).toEqual([]);
      }),
      { numRuns: RUNS.light },
    );
  });

  it("after the knowledge moves, back or on, nothing kept was made for the old one, and what is kept again holds nothing beyond the new", async () => {
    await fc.assert(
      fc.asyncProperty(
        knowledgeArbitrary(rows),
        knowledgeArbitrary(rows),
        unitArbitrary(),
        async (before, now, unit) => {
          const kept: KeptUnit = {
            ...unit,
            knowledge: revealFor(before),
            addresses: addressesAt(unit, before),
            bytes: 1,
            keptAt: 1,
            state: "kept",
          };
          const { drop, units: after } = afterKnowledge([kept], revealFor(now));
          const left = after.flatMap((each) => each.addresses);
          const madeFor = (address: string) => new URL(address).searchParams.get(REVEAL_PARAMETER);
          if (revealFor(before) !== revealFor(now)) {
            expect(left.filter(isRevealAnswer)).toEqual([]);
            expect(drop.sort()).toEqual(kept.addresses.filter(isRevealAnswer).sort());
          } else expect(drop).toEqual([]);
          // Kept again at the new knowledge: every reveal answer is made for it, and holds nothing beyond it.
          const again = [...new Set([...left, ...addressesAt(unit, now)])];
          for (const address of again.filter(isRevealAnswer))
            expect(madeFor(address)).toBe(revealFor(now, pageOf(address)));
          expect(await leaksIn(again, now)).toEqual([]);
        },
      ),
      { numRuns: RUNS.light },
    );
  });
});
