import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes and both line endings", () => {
    expect(parseCsv('from,to\r\n"/a,b","say ""hi"""\n/c,/d')).toEqual([
      ["from", "to"],
      ["/a,b", 'say "hi"'],
      ["/c", "/d"],
    ]);
  });
});
