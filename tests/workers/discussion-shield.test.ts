/**
 * The spoiler shield's promise for readers' words, as a property: over random requesters (any mix of
 * media, with units skipped on the way) and threads in every medium, no response for a thread (its
 * HTML with the hydration data, its `.data`, the API's answer) carries a comment's or a reply's text, its writer's name
 * or its replies unless the requester knows the thread's unit, the comment's horizon and, for a reply,
 * its own and what its comment touched when it was written (some comments are lowered by a moderator
 * once answered). Every text and name is a distinct token, so finding one in a response is a leak. A failure
 * prints its seed.
 */
import fc from "fast-check";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PackRows } from "../../pack/rows";
import {
  allKnowledge,
  encodeKnowledge,
  type Knowledge,
  knowledgeOfUnits,
  knows,
  noKnowledge,
} from "~/lib/shield/knowledge";
import { readRevealers } from "~/lib/content/units";
import { RUNS } from "../support/arbitraries";
import { importTestPack } from "../support/packs";
import { fetchSite } from "../support/site";

vi.setConfig({ testTimeout: 600_000, hookTimeout: 120_000 });

/** A comment or reply as inserted: the units a reader must know to see it, and its words. */
interface Planted {
  unit: string;
  gates: string[];
  text: string;
  author: string;
}

let rows: PackRows;
let planted: Planted[];
/**
 * Who may read a unit's comments: who has been through all the unit tells, as the pack's import found it
 * (the unit, what adapts it or holds it whole, a short's episode: `told_by`), read here from the pack's
 * rows rather than from D1.
 */
const revealersOf = (unit: string) => readRevealers(rows.story_units.find((row) => row.key === unit)!.told_by);
let threads: string[];

beforeAll(async () => {
  rows = await importTestPack("demo");
  const keysOf = (medium: string) => rows.story_units.filter((unit) => unit.medium === medium).map((unit) => unit.key);
  // A thread in every medium, near the start and further on.
  threads = ["web_novel", "light_novels", "side_stories", "anime", "break_time"].flatMap((medium) => {
    const keys = keysOf(medium);
    return [...new Set([keys[0]!, keys[Math.floor(keys.length / 2)]!])];
  });
  // Units that others reach past without going through all of them: a volume that prints chapters the
  // anime skipped, a recut's episode with a scene brought forward from a later arc.
  threads.push("ln:main-4", "anime:1r1-3");
  const allKeys = rows.story_units.map((unit) => unit.key);
  const random = fc.sample(fc.integer({ min: 0, max: allKeys.length - 1 }), { seed: 34, numRuns: 400 });
  let next = 0;
  const anyKey = () => allKeys[random[next++ % random.length]!]!;
  planted = [];
  let serial = 0;
  for (const unit of threads) {
    for (let index = 0; index < 4; index++) {
      // Every other comment at its thread's unit; the others raised to a unit of any medium.
      const horizon = index % 2 === 0 ? unit : anyKey();
      // The last, raised, is lowered to its thread's unit by a moderator once answered.
      const lowered = index === 3;
      const token = `c${++serial}q`;
      const comment = {
        unit,
        gates: [unit, lowered ? unit : horizon],
        text: `comment-${token}`,
        author: `author-${token}`,
      };
      const { meta } = await env.DB.prepare(
        `INSERT INTO comments (unit, uid, writer, author, body, horizon, writer_knew, writer_places, submission_id, created_at)
         VALUES (?1, ?2, 'tag', ?3, ?4, ?5, '', '[]', ?6, '2026-11-01T00:00:00Z')`,
      )
        .bind(unit, `uid-${token}`, comment.author, comment.text, horizon, token)
        .run();
      planted.push(comment);
      for (let reply = 0; reply < 2; reply++) {
        const replyHorizon = reply === 0 ? horizon : anyKey();
        const replyToken = `r${++serial}q`;
        // Posted as the site posts a reply: with what its comment touches as it is written.
        await env.DB.prepare(
          `INSERT INTO comments (unit, parent_id, uid, writer, author, body, horizon, writer_knew, writer_places, answered_horizon, submission_id, created_at)
           VALUES (?1, ?2, ?3, 'tag', ?4, ?5, ?6, '', '[]', ?7, ?8, '2026-11-01T00:00:00Z')`,
        )
          .bind(
            unit,
            meta.last_row_id,
            `uid-${replyToken}`,
            `author-${replyToken}`,
            `reply-${replyToken}`,
            replyHorizon,
            horizon,
            replyToken,
          )
          .run();
        planted.push({
          unit,
          gates: [unit, lowered ? unit : horizon, horizon, replyHorizon],
          text: `reply-${replyToken}`,
          author: `author-${replyToken}`,
        });
      }
      if (lowered)
        await env.DB.prepare(`UPDATE comments SET horizon = ?1 WHERE id = ?2`).bind(unit, meta.last_row_id).run();
    }
  }
});

/** The planted words in a response that a requester with this knowledge may not see. */
function leaks(body: string, knowledge: Knowledge) {
  return planted
    .filter((item) => !item.gates.every((unit) => knows(knowledge, revealersOf(unit))))
    .flatMap((item) => [item.text, item.author].filter((word) => body.includes(word)));
}

/** A requester's knowledge: any mix of media, from none to far along in each, with or without units skipped. */
function knowledgeArbitrary() {
  const keysOf = (medium: string) => rows.story_units.filter((unit) => unit.medium === medium).map((unit) => unit.key);
  const maybeOne = (keys: string[]) => fc.option(fc.constantFrom(...keys), { nil: null });
  return fc
    .record({
      webNovel: maybeOne(keysOf("web_novel")),
      anime: maybeOne(keysOf("anime")),
      lightNovel: maybeOne(keysOf("light_novels")),
      checked: fc.subarray([...keysOf("side_stories"), ...keysOf("break_time")], { maxLength: 8 }),
      skipped: fc.subarray([...keysOf("web_novel"), ...keysOf("light_novels")], { maxLength: 6 }),
    })
    .map(({ webNovel, anime, lightNovel, checked, skipped }) =>
      knowledgeOfUnits(
        [webNovel, anime, lightNovel, ...checked].filter((key): key is string => key !== null),
        skipped,
      ),
    );
}

describe("the spoiler shield over discussion threads", () => {
  it("plants comments the property can find: some are shown to a reader who knows everything", async () => {
    const body = await (await fetchSite(`/discuss/${threads[0]}.data?reveal=all`)).text();
    expect(planted.filter((item) => item.unit === threads[0] && body.includes(item.text)).length).toBeGreaterThan(2);
  });

  it("names a thread's unit by its title for a reader who has reached it, by its place alone for others", async () => {
    const unit = threads[0]!;
    const { title } = rows.chapters.find((chapter) => chapter.key === unit)!;
    const reached = encodeURIComponent(encodeKnowledge(knowledgeOfUnits([unit])));
    expect(await (await fetchSite(`/discuss/${unit}.data?reveal=${reached}`)).text()).toContain(title);
    for (const address of [
      `/discuss/${unit}`,
      `/discuss/${unit}.data`,
      `/api/v1/discussions/${unit}?reveal=${reached}`,
    ]) {
      expect(await (await fetchSite(address)).text(), address).not.toContain(title);
    }
  });

  it("a requester who states nothing gets no comment, reply or name", async () => {
    for (const unit of threads) {
      for (const address of [`/discuss/${unit}`, `/discuss/${unit}.data`, `/api/v1/discussions/${unit}`]) {
        const body = await (await fetchSite(address)).text();
        expect(
          planted.filter((item) => body.includes(item.text) || body.includes(item.author)),
          address,
        ).toEqual([]);
      }
    }
  });

  it("a requester who states their knowledge gets nothing beyond it, in any thread", async () => {
    await fc.assert(
      fc.asyncProperty(knowledgeArbitrary(), fc.constantFrom(...threads), async (knowledge, unit) => {
        // Knowing nothing is no reveal at all, as the browser asks (`withReveal`): the API refuses an empty one.
        const stated = encodeKnowledge(knowledge);
        const query = stated ? `?reveal=${encodeURIComponent(stated)}` : "";
        for (const address of [
          `/discuss/${unit}${query}`,
          `/discuss/${unit}.data${query}`,
          `/api/v1/discussions/${unit}${query}`,
        ]) {
          const response = await fetchSite(address);
          expect(response.status, address).toBe(200);
          expect(leaks(await response.text(), knowledge), address).toEqual([]);
        }
        // What the requester does know is there: the property is not passing on empty answers.
        const body = await (await fetchSite(`/discuss/${unit}.data${query}`)).text();
        const shown = planted.filter(
          (item) => item.unit === unit && item.gates.every((key) => knows(knowledge, revealersOf(key))),
        );
        for (const item of shown) expect(body, item.text).toContain(item.text);
      }),
      // Knowing nothing, and knowing everything, are always tried.
      {
        numRuns: RUNS.normal,
        examples: [
          [noKnowledge, threads[0]!],
          [allKnowledge, threads[0]!],
          // Past the volume's end by an anime that skipped two of its chapters; past the recut's episode's
          // place without the chapter its brought-forward scene comes from.
          [knowledgeOfUnits(["anime:1-12"]), "ln:main-4"],
          [knowledgeOfUnits(["anime:1-6"]), "anime:1r1-3"],
        ],
      },
    );
  });
});
