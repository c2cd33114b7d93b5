import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePack } from "./index";
import { declareUnits } from "./timeline";

const demo = parsePack((file) => ({ json: JSON.parse(readFileSync(`content/demo/${file}`, "utf8")) })).pack!;

describe("units named by their place", () => {
  it("gives every unit of the demo a label of its own, so a list that names units by place never shows two alike", () => {
    const labels = [...declareUnits(demo, () => {}).values()].map((unit) => unit.label);
    const twice = labels.filter((label, index) => labels.indexOf(label) !== index);
    expect(twice).toEqual([]);
  });

  it("tells side stories published in one place apart by their month, else by their number there", () => {
    const labelOf = (slug: string) => declareUnits(demo, () => {}).get(`ss:${slug}`)?.label;
    expect(labelOf("blog-2015-01")).toBe("Side story · Author's blog, Jan 2015");
    expect(labelOf("short-stories-2-1")).toBe("Side story · Lanternfall Short Stories 2, story 1");
    expect(labelOf("short-stories-2-2")).toBe("Side story · Lanternfall Short Stories 2, story 2");
  });
});
