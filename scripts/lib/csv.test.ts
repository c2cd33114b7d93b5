import { describe, expect, it } from "vitest";
import { CsvSyntaxError, parseCsv } from "./csv";

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes and both line endings", () => {
    expect(parseCsv('from,to\r\n"/a,b","say ""hi"""\n/c,/d').map((record) => record.fields)).toEqual([
      ["from", "to"],
      ["/a,b", 'say "hi"'],
      ["/c", "/d"],
    ]);
  });

  it("names the line each row starts on, past empty lines and quoted fields spanning lines", () => {
    const text = '\uFEFFfrom,to\r\n\r\n"/a\r\nb",/x\n/c,"/d\n\n/e"\r/f,/g\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["from", "to"] },
      { line: 3, fields: ["/a\nb", "/x"] },
      { line: 5, fields: ["/c", "/d\n\n/e"] },
      { line: 8, fields: ["/f", "/g"] },
    ]);
  });

  it("refuses text that is not CSV, naming the line", () => {
    const stray = () => parseCsv('/a,/b\n\n"/c"d,/e\n');
    expect(stray).toThrow(CsvSyntaxError);
    expect(stray).toThrow(expect.objectContaining({ line: 3 }));
    const unclosed = () => parseCsv('/a,/b\n\n"/c,/d\n/e,/f\n');
    expect(unclosed).toThrow(
      expect.objectContaining({ line: 3, message: "a quoted field that starts in this row is never closed" }),
    );
  });
});
