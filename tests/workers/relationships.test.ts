/**
 * Relationships read from the page's character: on Pell's page Cobb is his student; on Cobb's page
 * Pell is his mentor (the demo pack, as a reader meets it).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { importTestPack } from "../support/packs";
import { load } from "../support/workers-context";
import { loader as characterLoader } from "~/routes/character";

beforeAll(() => importTestPack("demo"));

/** The tag beside each related character on a character's page, by name, for a reader who has seen everything. */
async function relationshipsOn(slug: string) {
  const { character } = await load(characterLoader, `/characters/${slug}?reveal=all`, { slug });
  return Object.fromEntries(
    (character?.content?.relationships ?? []).flatMap(({ content }) => (content ? [[content.name, content.kind]] : [])),
  );
}

describe("a character's relationships", () => {
  it("name what the other character is to this one", async () => {
    expect((await relationshipsOn("pell-quill")).Cobb).toBe("student");
    expect((await relationshipsOn("cobb"))["Pellam Quill"]).toBe("mentor");
    expect((await relationshipsOn("ilse-marrow"))["Corvin Hale"]).toBe("mentor");
    expect((await relationshipsOn("corvin-hale"))["Ilse Marrow"]).toBe("student");
  });
});
