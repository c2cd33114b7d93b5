import { afterAll, describe, expect, it } from "vitest";
import { loader as lightNovelsLoader } from "~/routes/light-novels";
import { loader as lnPageLoader } from "~/routes/translation-meta.ln-page";
import { loader as apiNotesLoader } from "~/routes/api.v1.translation-notes";
import { loader as hubLoader } from "~/routes/translation-meta";
import { loader as feedLoader } from "~/routes/translation-meta.feed";
import { load, pageOfKind, settle } from "../support/workers-context";
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
    // The titles are shown as the volume's title is: here to a reader who shows titles of what they have not reached.
    const page = await load(lightNovelsLoader, "/light_novels?reveal=titles");
    expect(page.volumes[0]?.chapters.map(({ label, title }) => [label, title.content])).toEqual([
      ["Prologue", "Knock"],
      ["Chapter 1", "Hinge"],
      ["Chapter 123-A", "The Split"],
      ["Afterword", ""],
      [null, "Side Tale"],
    ]);
    // A first visit gets the labels, and no title but the one the book leaves empty.
    const first = await load(lightNovelsLoader, "/light_novels");
    expect(first.volumes[0]?.chapters.map(({ label, title }) => [label, title.content])).toEqual([
      ["Prologue", null],
      ["Chapter 1", null],
      ["Chapter 123-A", null],
      ["Afterword", ""],
      [null, null],
    ]);
  });

  it("name a translation note's chapter by the book's label, not by its place in the list", async () => {
    const volume = pageOfKind(
      await load(lnPageLoader, "/translation_meta/ln_mistls/main_v1?reveal=all", { slug: "main_v1" }),
      "volume",
    );
    // The pack's entries name the first and the second chapter of the list: the prologue and chapter 1.
    expect(
      volume.entries.map(({ content: entry }) => [entry?.chapter, entry?.chapterLabel, entry?.chapterTitle.content]),
    ).toEqual([
      [1, "Prologue", "Knock"],
      [2, "Chapter 1", "Hinge"],
    ]);
  });

  it("name it so wherever a line says where a note is: the hub and the API (the feed, sealed, names the volume and the date alone)", async () => {
    const hub = await load(hubLoader, "/translation_meta?reveal=all");
    const wheres = hub.newest.flatMap((entry) =>
      entry.content?.path.includes("main_v1") ? [entry.content.where] : [],
    );
    expect(wheres.sort()).toEqual(["Tiny Tale 1, Chapter 1", "Tiny Tale 1, Prologue"]);
    const feed = await (await load(feedLoader, "/translation_meta/feed.xml")).text();
    expect(feed).toContain("<title>Tiny Tale 1: a note behind the spoiler shield, added 1 Feb 2018</title>");
    expect(feed).not.toContain("Prologue");
    const api = (await settle(apiNotesLoader, "/api/v1/translation-notes?reveal=all&unit=ln:main-1")) as Response;
    const { items } = (await api.json()) as {
      items: Array<{ light_novel: { chapter: number; chapter_label: string | null } }>;
    };
    expect(items.map(({ light_novel }) => [light_novel.chapter, light_novel.chapter_label])).toEqual([
      [1, "Prologue"],
      [2, "Chapter 1"],
    ]);
  });
});
