/**
 * The public API's discussion threads (/api/v1/discussions/{unit}) through the whole site in workerd,
 * over the tiny pack with comments written straight to D1: the list sealed by the thread's unit, each
 * comment and reply by its horizon, the writer's tag never sent, 404s, paging and the ETag.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiThread } from "~/lib/api/views";
import { REVEAL_PARAMETER } from "~/lib/shield/knowledge";
import { fetchDeployed } from "../support/site";

let client = 0;

/** Each request from a client of its own, so the rate limit never meets another test's. */
function get(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", `192.0.2.${++client % 250}`);
  return fetchDeployed(path, { ...init, headers });
}

async function thread(unit: string, query = "") {
  const response = await get(`/api/v1/discussions/${unit}${query}`);
  const text = await response.text();
  return { response, text, body: JSON.parse(text) as ApiThread };
}

interface Row {
  id: number;
  unit: string;
  parent?: number;
  author: string;
  body: string;
  horizon: string;
  status?: "shown" | "hidden" | "deleted";
  seen?: string[];
}

/** A comment as posting stores it: the stamp's labels read from the units the writer had reached. */
function insert({ id, unit, parent, author, body, horizon, status = "shown", seen = ["wn:2-2"] }: Row) {
  return env.DB.prepare(
    `INSERT INTO comments (id, unit, parent_id, uid, writer, author, body, horizon, writer_knew, writer_places, submission_id, status, created_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,
       (SELECT json_group_array(json_object('key', key, 'label', label)) FROM story_units WHERE key IN (SELECT value FROM json_each(?10))),
       ?11, ?12, ?13)`,
  ).bind(
    id,
    unit,
    parent ?? null,
    `uid-${author}`,
    `writer-tag-${author}`,
    author,
    body,
    horizon,
    seen.join(","),
    JSON.stringify(seen),
    `submission-${id}`,
    status,
    new Date(Date.UTC(2025, 0, 1, 0, 0, id % 3600)).toISOString(),
  );
}

/** What a reader of only the thread's unit must not get: everything of the comments raised to arc 2. */
const raised = ["Dee", "Eve", "Cy", "Knowing arc 2, the bell means more.", "Its second ring is the key.", "Arc two"];
/** What only a reader of the unit may get. */
const ofTheUnit = ["Ada", "Bo", "Lovely chapter, quietly done.", "Agreed, the last line too.", "2025-01-01T"];

beforeAll(async () => {
  await env.DB.batch([
    insert({ id: 9001, unit: "wn:1-2", author: "Ada", body: "Lovely chapter, quietly done.", horizon: "wn:1-2" }),
    insert({
      id: 9002,
      unit: "wn:1-2",
      parent: 9001,
      author: "Bo",
      body: "Agreed, the last line too.",
      horizon: "wn:1-2",
    }),
    insert({
      id: 9003,
      unit: "wn:1-2",
      parent: 9001,
      author: "Cy",
      body: "Arc two turns it around.",
      horizon: "wn:2-2",
    }),
    insert({ id: 9004, unit: "wn:1-2", author: "Dee", body: "Knowing arc 2, the bell means more.", horizon: "wn:2-2" }),
    insert({
      id: 9005,
      unit: "wn:1-2",
      parent: 9004,
      author: "Eve",
      body: "Its second ring is the key.",
      horizon: "wn:2-2",
    }),
    insert({ id: 9006, unit: "wn:1-2", author: "Fen", body: "Moderated words", horizon: "wn:1-2", status: "hidden" }),
    insert({ id: 9007, unit: "wn:1-2", parent: 9006, author: "Gil", body: "What did it say?", horizon: "wn:1-2" }),
    // A thread of two pages: 51 comments.
    ...Array.from({ length: 51 }, (_, index) =>
      insert({ id: 10_001 + index, unit: "wn:1-3", author: "Ada", body: `Comment ${index + 1}`, horizon: "wn:1-3" }),
    ),
  ]);
});

describe("a unit's discussion in the API", () => {
  it("answers everyone its count and pages, and its comments to no one who states nothing", async () => {
    const { response, text, body } = await thread("wn:1-2");
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(body).toEqual({
      unit: {
        key: "wn:1-2",
        label: "Arc 1 · Chapter 1",
        url: expect.stringMatching(/^https:\/\/[^/]+\/web_novel\?arc=1#wn-1-2$/) as string,
      },
      url: expect.stringMatching(/^https:\/\/[^/]+\/discuss\/wn:1-2$/) as string,
      comment_count: 3,
      page: 1,
      per_page: 50,
      page_count: 1,
      comments: null,
    });
    for (const word of [...ofTheUnit, ...raised, "Fen", "Gil", "writer-tag", "uid-"]) expect(text).not.toContain(word);
  });

  it("gives a reader of the horizon every comment and reply, with who, when and what they had seen, never the writer's tag", async () => {
    const { text, body } = await thread("wn:1-2", `?${REVEAL_PARAMETER}=wn:2-2`);
    expect(body.comments!.map((comment) => comment.id)).toEqual([9001, 9004, 9006]);
    const [first, second, hidden] = body.comments!;
    expect(first).toEqual({
      id: 9001,
      horizon: { key: "wn:1-2", label: body.unit.label },
      content: {
        author: "Ada",
        text: "Lovely chapter, quietly done.",
        removed: null,
        posted_at: expect.stringMatching(/^2025-01-01T/) as string,
        edited_at: null,
        stamp: [{ key: "wn:2-2", label: expect.any(String) as string }],
        writer_knew: "wn:2-2",
        replies: [
          expect.objectContaining({ id: 9002, content: expect.objectContaining({ author: "Bo" }) as object }),
          expect.objectContaining({ id: 9003, content: expect.objectContaining({ author: "Cy" }) as object }),
        ],
      },
    });
    expect(second!.content).toMatchObject({ text: "Knowing arc 2, the bell means more.", replies: [{ id: 9005 }] });
    // A hidden comment keeps its place for its replies, and none of its words.
    expect(hidden!.content).toMatchObject({ removed: "hidden", text: "", author: "", replies: [{ id: 9007 }] });
    expect(text).not.toContain("Moderated words");
    expect(text).not.toContain("writer-tag");
    expect(text).not.toContain('"writer"');
  });

  it("gives a reader of only the thread's unit nothing of a raised comment or reply but its place and horizon", async () => {
    const { text, body } = await thread("wn:1-2", `?${REVEAL_PARAMETER}=wn:1-2`);
    const [first, second] = body.comments!;
    expect(first!.content!.text).toBe("Lovely chapter, quietly done.");
    expect(first!.content!.replies.map((reply) => [reply.id, reply.content?.author ?? null])).toEqual([
      [9002, "Bo"],
      [9003, null],
    ]);
    expect(second).toEqual({
      id: 9004,
      horizon: { key: "wn:2-2", label: expect.any(String) as string },
      content: null,
    });
    for (const word of raised) expect(text).not.toContain(word);
    // The episode that tells the chapter opens its thread, as it opens all the chapter reveals; an OVA
    // that tells none of it opens nothing.
    expect((await thread("wn:1-2", `?${REVEAL_PARAMETER}=anime:1-1`)).body.comments).not.toBeNull();
    expect((await thread("wn:1-2", `?${REVEAL_PARAMETER}=sp:ova-1`)).body.comments).toBeNull();
  });

  it("answers a unit key that is malformed or names no unit with the JSON 404", async () => {
    for (const unit of ["wn:9-9", "nonsense", "wn:1-2x"]) {
      const response = await get(`/api/v1/discussions/${unit}`);
      expect(response.status, unit).toBe(404);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(((await response.json()) as { error: unknown }).error, unit).toMatchObject({
        status: 404,
        code: "not_found",
      });
    }
  });

  it("pages 50 comments at a time, an empty page past the end, and refuses what it does not take", async () => {
    const reveal = `${REVEAL_PARAMETER}=wn:1-3`;
    const first = (await thread("wn:1-3", `?${reveal}`)).body;
    expect([first.comment_count, first.page_count, first.comments!.length]).toEqual([51, 2, 50]);
    const second = (await thread("wn:1-3", `?page=2&${reveal}`)).body;
    expect([second.page, second.comments!.map((comment) => comment.content?.text)]).toEqual([2, ["Comment 51"]]);
    const past = await thread("wn:1-3", `?page=3&${reveal}`);
    expect(past.response.status).toBe(200);
    expect([past.body.page, past.body.page_count, past.body.comments]).toEqual([3, 2, []]);
    // The pages are the same for everyone.
    expect((await thread("wn:1-3", "?page=2")).body).toMatchObject({ page_count: 2, comments: null });
    for (const [query, parameter] of [
      ["?page=0", "page"],
      ["?per_page=10", "per_page"],
    ]) {
      const refused = await thread("wn:1-3", query);
      expect(refused.response.status, query).toBe(400);
      expect(refused.text, query).toContain(`"parameter":"${parameter}"`);
    }
  });

  it("tags the answer and answers a matching If-None-Match with an empty 304", async () => {
    const path = `/api/v1/discussions/wn:1-2?${REVEAL_PARAMETER}=wn:1-2`;
    const first = await get(path);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(path, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // Another knowledge is another answer.
    const other = await get(`/api/v1/discussions/wn:1-2?${REVEAL_PARAMETER}=wn:2-2`, {
      headers: { "If-None-Match": etag! },
    });
    expect(other.status).toBe(200);
  });
});
