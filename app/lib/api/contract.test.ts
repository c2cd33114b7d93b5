import { describe, expect, it } from "vitest";
import {
  API_PAGE_SIZE,
  isApiAddress,
  mediumParameter,
  pageOf,
  pagingParameters,
  readQuery,
  revealing,
} from "./contract";
import { knowledgeOfUnits } from "../shield/knowledge";

const query = (text: string) => new URLSearchParams(text);
const spec = { ...revealing, ...pagingParameters, medium: mediumParameter(["anime", "light_novels"]) };

describe("reading an API query", () => {
  it("reads the parameters an endpoint takes", () => {
    const read = readQuery(query("page=2&per_page=10&medium=anime&reveal=wn:1-3"), spec);
    expect(read).toEqual({
      ok: true,
      values: { page: 2, per_page: 10, medium: "anime", reveal: knowledgeOfUnits(["wn:1-3"]) },
    });
  });

  it("leaves out what was not given", () => {
    expect(readQuery(query(""), spec)).toEqual({ ok: true, values: {} });
  });

  it.each([
    ["pge=2", "unknown_parameter", "pge"],
    ["page=02", "invalid_parameter", "page"],
    ["page=", "invalid_parameter", "page"],
    [`per_page=${API_PAGE_SIZE.most + 1}`, "invalid_parameter", "per_page"],
    ["medium=web_novel", "invalid_parameter", "medium"],
    ["medium=anime&medium=anime", "invalid_parameter", "medium"],
    ["reveal=", "invalid_parameter", "reveal"],
    ["reveal=wn:0-1", "invalid_parameter", "reveal"],
    ["toString=1", "unknown_parameter", "toString"],
  ])("refuses %s with a 400 naming the parameter", (text, code, parameter) => {
    const read = readQuery(query(text), spec);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.error).toMatchObject({ status: 400, code, parameter });
  });

  it("says which parameters an endpoint takes when given another", () => {
    const read = readQuery(query("q=ilse"), spec);
    expect(!read.ok && read.error.error.message).toContain("`page`, `per_page`");
  });
});

describe("paging what the requester may see", () => {
  const items = Array.from({ length: 7 }, (_, index) => index);

  it("slices a page and counts only the list it was given", () => {
    expect(pageOf(items, 2, 3)).toEqual({ items: [3, 4, 5], page: 2, per_page: 3, total: 7, page_count: 3 });
  });

  it("answers a page past the end as empty, with the same total", () => {
    expect(pageOf(items, 9, 3)).toEqual({ items: [], page: 9, per_page: 3, total: 7, page_count: 3 });
    expect(pageOf([], undefined, undefined)).toEqual({
      items: [],
      page: 1,
      per_page: API_PAGE_SIZE.default,
      total: 0,
      page_count: 1,
    });
  });
});

describe("the API's addresses", () => {
  it("are everything under /api/, not the human page", () => {
    expect(isApiAddress("/api/v1/units")).toBe(true);
    expect(isApiAddress("/api/v2")).toBe(true);
    expect(isApiAddress("/API/v1/series")).toBe(true);
    expect(isApiAddress("/api")).toBe(false);
    expect(isApiAddress("/api/")).toBe(false);
    expect(isApiAddress("/apiary")).toBe(false);
  });
});
