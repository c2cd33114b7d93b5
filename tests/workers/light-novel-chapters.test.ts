import { afterAll, describe, expect, it } from "vitest";
import { loader as lightNovelsLoader } from "~/routes/light-novels";
import { loader as lnPageLoader } from "~/routes/translation-meta.ln-page";
import { load, pageOfKind } from "../support/workers-context";
import { importTestPack } from "../support/packs";

/*
 * A light novel's chapters are named as the book names them: a prologue is the Prologue, not chapter 1,
 * and the book's chapter 1 is chapter 1. The tiny pack's first volume, told as a real series prints it:
 * a prologue, a numbered chapter, one the pack labels apart ("123-A"), an afterword, and a chapter whose
 * label the pack does not know.
 */
const chapters = [
  "Prologue: Knock",
  "Chapter 1: Hinge",
  { label: "123-A", title: "The Split" },
  { label: "Afterword" },
  "Side Tale",
];

describe("a light novel volume's chapters", () => {
  afterAll(async () => {
    await importTestPack("tiny");
  });

  it("keep the book's labels on /light_novels, and make up no number where the label is not known", async () => {
    await importTestPack("tiny", {
      edit: (files) => {
        files["light-novels.json"].collections[0].volumes[0].chapters = chapters;
      },
    });
    const page = await load(lightNovelsLoader, "/light_novels");
    expect(page.volumes[0]?.chapters).toEqual([
      { label: "Prologue", title: { revealedBy: null, content: "Knock" } },
      { label: "Chapter 1", title: { revealedBy: null, content: "Hinge" } },
      { label: "Chapter 123-A", title: { revealedBy: null, content: "The Split" } },
      { label: "Afterword", title: { revealedBy: null, content: "" } },
      { label: null, title: { revealedBy: null, content: "Side Tale" } },
    ]);
  });

  it("name a translation note's chapter by the book's label, not by its place in the list", async () => {
    const volume = pageOfKind(
      await load(lnPageLoader, "/translation_meta/ln_mistls/main_v1?reveal=all", { slug: "main_v1" }),
      "volume",
    );
    // The pack's entries name the first and the second chapter of the list: the prologue and chapter 1.
    expect(volume.entries.map((entry) => [entry.chapter, entry.chapterLabel, entry.content?.chapterTitle])).toEqual([
      [1, "Prologue", "Knock"],
      [2, "Chapter 1", "Hinge"],
    ]);
  });
});
