import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The demo's covers are drawn from its volumes' titles (scripts/render-covers.ts) and served as files:
 * a title renamed without drawing its cover again would leave the old words in an image anyone can
 * open (a volume once named for an ending, or for a character's alias, still said it on its cover).
 */
describe("the demo's light novel covers", () => {
  const directory = join("content", "demo");
  const { collections } = JSON.parse(readFileSync(join(directory, "light-novels.json"), "utf8")) as {
    collections: { volumes: { number: number; title: string; cover?: string }[] }[];
  };
  const volumes = collections.flatMap((collection) => collection.volumes).filter((volume) => volume.cover);

  it.each(volumes.map((volume) => [volume.cover!, volume.title]))("%s says “%s” as it is now", (cover, title) => {
    const svg = readFileSync(join(directory, cover), "utf8");
    const said = [...svg.matchAll(/font-style="italic"[^>]*>([^<]*)</g)].map((match) => match[1]).join(" ");
    const subtitle = title.includes(":") ? title.slice(title.indexOf(":") + 1).trim() : title;
    const escaped = subtitle.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
    expect(said, "draw it again: npx tsx scripts/render-covers.ts demo").toBe(escaped);
  });
});

/*
 * A volume announced by its number has no title yet (decision 75): the tool still draws every cover of
 * a pack that holds one, and that volume's prints its series and number with no subtitle.
 */
describe("a volume without a title", () => {
  it("is drawn, with its number and no subtitle", async () => {
    const { coverSvg, packFile } = await import("./render-covers");
    const file = packFile.parse({
      collections: [
        {
          code: "main",
          name: "Lanternfall",
          volumes: [
            { number: 11, title: "Lanternfall 11: The Longest Night", cover: "images/covers/main-11.svg" },
            { number: 12, cover: "images/covers/main-12.svg" },
          ],
        },
      ],
    });
    const [collection] = file.collections;
    const [titled, untitled] = collection!.volumes.map((volume) => coverSvg(collection!, volume));
    expect(titled).toContain("The Longest Night");
    expect(untitled).not.toContain('font-style="italic"');
    expect(untitled).toContain(">12</text>");
    expect(untitled).not.toContain("undefined");
  });
});
