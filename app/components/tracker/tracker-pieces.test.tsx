import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TrackerUnit } from "~/lib/progress";
import { UnitChecklist } from "./unit-checklist";
import { UnitSelect } from "./unit-select";
import { UpNext } from "./up-next";

const chapter = (key: string, title: string, titleRevealAt: number | null): TrackerUnit => ({
  key,
  medium: "web_novel",
  position: 1,
  label: `Arc 1 · ${key}`,
  title,
  titleRevealAt,
  group: "Arc 1: Embers",
  collection: null,
});
const units = [chapter("wn:1-1", "Prologue", null), chapter("wn:1-2", "The keeper falls", 5)];
const noop = () => {};

describe("UnitSelect", () => {
  const html = renderToStaticMarkup(<UnitSelect label="Last chapter read" units={units} value="wn:1-1" onChange={noop} />);

  it("is named by its label", () => {
    expect(html).toMatch(/<label[^>]* for="select-last-chapter-read">Last chapter read<\/label>/);
    expect(html).toMatch(/<select[^>]* id="select-last-chapter-read"/);
  });

  it("names chapters by title only where the title gives nothing away", () => {
    expect(html).toContain(">Arc 1 · wn:1-1: Prologue</option>");
    expect(html).toContain(">Arc 1 · wn:1-2</option>");
    expect(html).not.toContain("The keeper falls");
  });
});

describe("UpNext", () => {
  // Links warn that their layout effect does nothing on the server; that is expected here.
  beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it("shields titles on the server and offers to mark everything up to each unit", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <UpNext units={units} onMarkUpTo={noop} /> }]);
    const html = renderToStaticMarkup(<Stub />);
    expect(html).toContain("Prologue");
    expect(html).not.toContain("The keeper falls");
    expect(html.match(/Mark everything up to here as read/g)).toHaveLength(2);
  });

  it("tells a reader who has read everything", () => {
    expect(renderToStaticMarkup(<UpNext units={[]} onMarkUpTo={noop} />)).toContain("You are all caught up.");
  });
});

describe("UnitChecklist", () => {
  it("ticks what was read and points out what the reader has passed", () => {
    const stories = [
      { ...chapter("ss:a", "Festival night", null), medium: "side_stories" as const, label: "Festival night", position: 2 },
      { ...chapter("ss:b", "Winter letters", null), medium: "side_stories" as const, position: 3 },
      { ...chapter("ss:c", "Later still", null), medium: "side_stories" as const, position: 9 },
    ];
    const html = renderToStaticMarkup(<UnitChecklist units={stories} checked={["ss:a"]} suggestedBefore={4} onChange={noop} />);
    expect(html.match(/checked=""/g)).toHaveLength(1);
    expect(html.match(/You have reached its reading point/g)).toHaveLength(1);
    expect(html).toContain("Arc 1 · ss:b · You have reached its reading point");
  });
});
