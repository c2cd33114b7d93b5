import { describe, expect, it } from "vitest";
import { contractOf, documentProblems } from "../../../tests/support/openapi-contract";
import { API_BASE, apiErrorCodes } from "./contract";
import { apiDocument } from "./document";
import { threadView } from "./views";
import { gated } from "../shield/gated";
import { allKnowledge, encodeKnowledge, knowledgeOfUnits, noKnowledge, parseKnowledge } from "../shield/knowledge";
import { apiParameters, revealPattern } from "./components";

const document = apiDocument("https://companion.test");

describe("the API's OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(await documentProblems(document)).toEqual([]);
    const { info: _info, ...withoutInfo } = document;
    expect(await documentProblems(withoutInfo)).not.toEqual([]);
  });

  it("names the site's API as its server", () => {
    expect(document.servers).toEqual([{ url: `https://companion.test${API_BASE}` }]);
  });

  it("compiles every schema with a draft 2020-12 validator, and describes the one error body", () => {
    const contract = contractOf(document as unknown as Record<string, unknown>);
    expect(
      contract.errorProblems({ error: { status: 400, code: "unknown_parameter", message: "No.", parameter: "pge" } }),
    ).toEqual([]);
    expect(contract.errorProblems({ error: { status: 400, code: "oops", message: "No." } })).not.toEqual([]);
    expect(contract.errorProblems({ message: "No." })).not.toEqual([]);
    const errorBody = document.components.schemas.Error.properties.error as {
      properties: { code: { enum: string[] } };
    };
    expect(errorBody.properties.code.enum).toEqual([...apiErrorCodes]);
  });

  it("refuses an answer with a field it does not describe", () => {
    const contract = contractOf(document as unknown as Record<string, unknown>);
    const page = { items: [], page: 1, per_page: 50, total: 0, page_count: 1 };
    expect(contract.problems("/characters", 200, page)).toEqual([]);
    expect(contract.problems("/characters", 200, { ...page, secret: 1 })).not.toEqual([]);
    expect(
      contract.problems("/units/wn:1-1", 404, { error: { status: 404, code: "not_found", message: "No." } }),
    ).toEqual([]);
  });

  it("describes a discussion thread as its view builds it, sealed and revealed", () => {
    const contract = contractOf(document as unknown as Record<string, unknown>);
    const place = { key: "wn:1-2", label: "Arc 1 · Chapter 2" };
    const body = {
      author: "Ada",
      writer: "w1",
      text: "Fine.",
      removed: null,
      postedAt: "2025-01-01T00:00:00.000Z",
      editedAt: null,
      stamp: [place],
      writerKnew: "wn:1-2",
    };
    const reply = { id: 2, horizon: place, ...gated(["wn:1-2"], gated(null, body)) };
    const thread = {
      unit: { ...place, path: "/web_novel?arc=1#wn-1-2" },
      title: null,
      total: 2,
      page: 1,
      pageCount: 1,
      readerPlaces: [],
      comments: gated(["wn:1-2"], [{ id: 1, horizon: place, ...gated(["wn:1-2"], { ...body, replies: [reply] }) }]),
    };
    for (const knowledge of [noKnowledge, allKnowledge]) {
      expect(
        contract.problems("/discussions/wn:1-2", 200, threadView(thread, knowledge, "https://companion.test")),
      ).toEqual([]);
    }
  });
});

describe("the reveal parameter's pattern", () => {
  const pattern = new RegExp(revealPattern);

  it("matches whatever the site writes and the API reads: keys, skipped units, spans, titles, all", () => {
    const written = encodeKnowledge(
      knowledgeOfUnits(
        ["wn:2-14", "ln:main-3", "anime:1-5", "ss:short-stories-2-1", "bt:1-1", "bt:1-2", "bt:1-3", "bt:2-1"],
        ["wn:1-7", "wn:1-8", "wn:1-9", "ln:main-1"],
      ),
    );
    expect(written).toBe("-ln:main-1,-wn:1-7..9,anime:1-5,bt:1-1..3,bt:2-1,ln:main-3,ss:short-stories-2-1,wn:2-14");
    for (const reveal of [
      written,
      "all",
      "wn:1-2",
      "-wn:1-7,wn:2-1",
      "bt:1-1..999999",
      "titles",
      "-wn:1-7,titles,wn:2-1",
      encodeKnowledge({ ...knowledgeOfUnits(["wn:2-14"]), unreachedTitles: "show" }),
      String(apiParameters.reveal.example),
    ]) {
      expect(parseKnowledge(reveal), reveal).not.toBeNull();
      expect(pattern.test(reveal), reveal).toBe(true);
    }
  });

  it("refuses what is not of its form", () => {
    for (const reveal of [
      "",
      "ALL",
      "wn:1-2,",
      "wn:1-2..",
      "wn:1-2..012",
      "wn:1-2..x",
      "wn:1-2;ss:a",
      "wn:1-2 ss:a",
      "-titles",
      "titles..2",
    ])
      expect(pattern.test(reveal), reveal).toBe(false);
  });
});
