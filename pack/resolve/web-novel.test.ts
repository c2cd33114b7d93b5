import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePack, resolvePack } from "../index";
import { PLACE_REF } from "../../app/lib/search/result";

/*
 * A web novel chapter's search entries (decision 80), on the tiny pack: arc 1 is a prologue and chapters
 * 2 and 3 ("Hinge", "The Keeper Lied"), arc 2 a chapter and an epilogue; here arc 2's chapter is labelled
 * "123-A", as a series numbers a chapter between two.
 */
function searchEntries() {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    if (file === "web-novel.json") json.arcs[1].chapters[0].label = "123-A";
    return { json };
  });
  return resolvePack(parsed.pack!, "tiny").rows.search_entries;
}

describe("a web novel chapter's search entries", () => {
  const entries = searchEntries();
  const entry = (ref: string) => entries.find((found) => found.ref === ref);

  it("are its titled entry, gated, and its place's, public, named by its label and holding nothing of its title", () => {
    expect(entry("chapter:wn:1-3")).toMatchObject({ title: "The Keeper Lied", body: "The Door" });
    expect(entry("chapter:wn:1-3")?.revealed_by).toBeTruthy();
    expect(entry(`${PLACE_REF}chapter:wn:1-3`)).toEqual({
      ref: `${PLACE_REF}chapter:wn:1-3`,
      kind: "chapter",
      title: "Arc 1 · Chapter 2",
      subtitle: "Arc 1 · Chapter 2",
      path: "/web_novel?arc=1#wn-1-3",
      original_title: null,
      // Its label, and its name with its arc's number as fans write it ("1-2").
      aliases: "Chapter 1-2 · Arc 1 · Chapter 2",
      body: "",
      reveal_position: 3,
      revealed_by: null,
    });
  });

  it("name it by the series' own numbering, an interlude or a prologue by its kind", () => {
    expect(entry(`${PLACE_REF}chapter:wn:2-1`)).toMatchObject({
      title: "Arc 2 · Chapter 123-A",
      aliases: "Chapter 2-123-A · Arc 2 · Chapter 123-A",
    });
    expect(entry(`${PLACE_REF}chapter:wn:2-2`)).toMatchObject({
      title: "Arc 2 · Epilogue",
      aliases: "Arc 2 · Epilogue",
    });
    expect(entry(`${PLACE_REF}chapter:wn:1-1`)).toMatchObject({
      title: "Arc 1 · Prologue",
      aliases: "Arc 1 · Prologue",
    });
  });

  it("hold no title, the chapter's or its arc's, in its place's entry", () => {
    const places = entries.filter((found) => found.ref.startsWith(`${PLACE_REF}chapter:`));
    expect(places).toHaveLength(5);
    for (const words of ["Knock", "Hinge", "Keeper", "Corridor", "Lamp", "The Door", "The Hall"])
      expect(JSON.stringify(places), words).not.toContain(words);
  });
});
