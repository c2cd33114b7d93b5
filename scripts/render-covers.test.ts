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
