import { describe, expect, it } from "vitest";
import { namesOf } from "./names";

describe("namesOf", () => {
  it("names a character by the whole name, each alias without its 'The', and each word of a personal name", () => {
    expect(namesOf({ name: "Sabine Ostrander", aliases: ["The Gilt Flame"] })).toEqual([
      "Sabine Ostrander",
      "Gilt Flame",
      "Sabine",
      "Ostrander",
    ]);
  });

  it("leaves out titles and a name's closing parenthesis, and names an epithet only whole", () => {
    expect(namesOf({ name: "Mother Suet", aliases: [] })).toEqual(["Mother Suet", "Suet"]);
    expect(namesOf({ name: "The Dusk King", aliases: ["Lord of the Longest Night"] })).toEqual([
      "Dusk King",
      "Lord of the Longest Night",
    ]);
    expect(namesOf({ name: "Ilse Marrow (cycle 3)", aliases: [] })).toEqual(["Ilse Marrow", "Ilse", "Marrow"]);
    expect(namesOf({ name: "J. R. Hale", aliases: [] })).toEqual(["J. R. Hale", "Hale"]);
  });
});
