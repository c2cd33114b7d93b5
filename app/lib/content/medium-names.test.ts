import { describe, expect, it } from "vitest";
import { type MediumName, proseRenamer, shownNames } from "./medium-names";

const ferris: MediumName[] = [
  { medium: "anime", translation: null, name: "Felix Dunmore" },
  { medium: "light_novels", translation: "Cinderlight Press", name: "Ferris Dunmore" },
  { medium: "light_novels", translation: "fan translation", name: "Felis Dunmore" },
  { medium: "web_novel", translation: "fan translation", name: "Felis Dunmore" },
];
const everywhere = ["web_novel", "light_novels", "anime"] as const;

describe("shownNames", () => {
  it("heads a reader with no medium with the pack's name, the others labelled with every medium that says each", () => {
    expect(shownNames("Ferris Dunmore", ferris, everywhere, null)).toEqual({
      name: "Ferris Dunmore",
      others: [
        { name: "Felis Dunmore", where: "the web novel (fan translation) and the light novels (fan translation)" },
        { name: "Felix Dunmore", where: "the anime" },
      ],
    });
  });

  it("heads a reader with the name of the medium they follow first: its first translation listed", () => {
    expect(shownNames("Ferris Dunmore", ferris, everywhere, "anime")).toEqual({
      name: "Felix Dunmore",
      others: [
        { name: "Felis Dunmore", where: "the web novel (fan translation) and the light novels (fan translation)" },
        { name: "Ferris Dunmore", where: "the light novels (Cinderlight Press)" },
      ],
    });
    expect(shownNames("Ferris Dunmore", ferris, everywhere, "light_novels").name).toBe("Ferris Dunmore");
    expect(shownNames("Ferris Dunmore", ferris, everywhere, "web_novel").name).toBe("Felis Dunmore");
  });

  it("says the pack's name for each medium the character is in with no name of its own, and nothing for one they are not in", () => {
    const nix: MediumName[] = [{ medium: "anime", translation: null, name: "Nyx" }];
    expect(shownNames("Nix", nix, everywhere, "anime")).toEqual({
      name: "Nyx",
      others: [{ name: "Nix", where: "the web novel and the light novels" }],
    });
    expect(shownNames("Nix", nix, ["light_novels", "anime"], "anime").others).toEqual([
      { name: "Nix", where: "the light novels" },
    ]);
    // A reader who follows a medium without a name of its own sees the pack's.
    expect(shownNames("Nix", nix, everywhere, "web_novel")).toEqual({
      name: "Nix",
      others: [{ name: "Nyx", where: "the anime" }],
    });
  });

  it("has nothing to label for a character named alike everywhere, or whose other names the reader does not know", () => {
    expect(shownNames("Nix", [], everywhere, "anime")).toEqual({ name: "Nix", others: [] });
  });

  it("says the manga's name to its readers, and labels it for the others; the manga says the pack's name where it has none", () => {
    const pell: MediumName[] = [{ medium: "manga", translation: null, name: "Pelham Quill" }];
    const withManga = ["web_novel", "light_novels", "manga", "anime"] as const;
    expect(shownNames("Pellam Quill", pell, withManga, "manga")).toEqual({
      name: "Pelham Quill",
      others: [{ name: "Pellam Quill", where: "the web novel, the light novels and the anime" }],
    });
    expect(shownNames("Pellam Quill", pell, withManga, "web_novel")).toEqual({
      name: "Pellam Quill",
      others: [{ name: "Pelham Quill", where: "the manga" }],
    });
    // A reader of a manga that says the pack's name is shown it; an anime viewer is told the manga says it too.
    expect(shownNames("Ferris Dunmore", ferris, withManga, "manga")).toEqual({
      name: "Ferris Dunmore",
      others: [
        { name: "Felis Dunmore", where: "the web novel (fan translation) and the light novels (fan translation)" },
        { name: "Felix Dunmore", where: "the anime" },
      ],
    });
    expect(shownNames("Ferris Dunmore", ferris, withManga, "anime").others).toContainEqual({
      name: "Ferris Dunmore",
      where: "the light novels (Cinderlight Press) and the manga",
    });
  });
});

describe("names in prose", () => {
  const nyx = { from: "Nix", to: "Nyx" };

  it("says a whole name as the reader knows it, wherever it stands as a word", () => {
    expect(proseRenamer([nyx])("Still sends Nix a bun every morning.")).toBe("Still sends Nyx a bun every morning.");
    expect(proseRenamer([nyx])("Nix, and Nix's lantern (Nix)")).toBe("Nyx, and Nyx's lantern (Nyx)");
  });

  it("leaves a name inside another word, and text that names no one, as it is", () => {
    expect(proseRenamer([nyx])("Nixie and Phoenix met Nix2")).toBe("Nixie and Phoenix met Nix2");
    expect(proseRenamer([nyx])("Half his stock to the moth")).toBe("Half his stock to the moth");
    expect(proseRenamer([])("Nix")).toBe("Nix");
  });

  it("takes a longer name before a shorter one inside it, and letters of any script as a word's", () => {
    const renames = [
      { from: "Ferris", to: "Felix" },
      { from: "Ferris Dunmore", to: "Felix Dunmore" },
    ];
    expect(proseRenamer(renames)("Ferris Dunmore, called Ferris")).toBe("Felix Dunmore, called Felix");
    expect(proseRenamer([nyx])("éNix Nixé Nix")).toBe("éNix Nixé Nyx");
  });

  it("reads a name's own characters as letters, never as a pattern", () => {
    expect(proseRenamer([{ from: "A.B.", to: "C.D." }])("A.B. and AxB")).toBe("C.D. and AxB");
  });
});
