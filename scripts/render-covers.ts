/**
 * Writes a generated SVG cover for every light novel volume of a content pack that names one:
 *
 *   npx tsx scripts/render-covers.ts [pack]        (default: demo)
 *
 * Each cover is distinct and deterministic: the collection picks the palette, the volume number the
 * sky's hue, the scene (how many lanterns, where the moon and the water line sit) and the subtitle.
 * Stand-ins for a demo series; a real pack ships the publisher's covers instead.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { parseArgs, runCli } from "./lib/cli";
import { volumeName, volumeNumberName } from "../app/lib/content/labels";

const usage = "Usage: tsx scripts/render-covers.ts [pack]";

/**
 * Only the fields a cover needs; the importer validates the whole pack. A volume announced by its number
 * has no title yet (decision 75), and its cover prints none.
 */
export const packFile = z.object({
  collections: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      volumes: z.array(
        z.object({
          number: z.number(),
          label: z.string().optional(),
          title: z.string().optional(),
          cover: z.string().optional(),
        }),
      ),
    }),
  ),
});

/** Background hue per collection (degrees), and a label for its line on the cover. */
const palettes: Record<string, { hue: number; line: string }> = {
  main: { hue: 230, line: "MAIN SERIES" },
  ex: { hue: 165, line: "EX" },
  ssc: { hue: 300, line: "SHORT STORIES" },
};

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The title after "Collection N:", split into at most two lines of about 20 characters. */
function subtitleLines(title: string) {
  const subtitle = title.includes(":") ? title.slice(title.indexOf(":") + 1).trim() : title;
  const lines: string[] = [];
  for (const word of subtitle.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 20) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 2 ? [lines[0]!, `${lines.slice(1).join(" ").slice(0, 18)}…`] : lines;
}

function lantern(x: number, y: number, scale: number, glow: string) {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
<circle cx="0" cy="6" r="30" fill="${glow}" opacity="0.22"/>
<path d="M-12 -18h24M-6 -26h12v8h-12z" stroke="${glow}" stroke-width="3" fill="none"/>
<rect x="-14" y="-18" width="28" height="44" rx="6" fill="${glow}"/>
<rect x="-6" y="-8" width="12" height="24" rx="3" fill="#fff7e0" opacity="0.8"/>
</g>`;
}

export function coverSvg(
  collection: { code: string; name: string },
  volume: { number: number; label?: string | undefined; title?: string | undefined },
) {
  const palette = palettes[collection.code] ?? { hue: 30, line: collection.name.toUpperCase() };
  const n = volume.number;
  const hue = (palette.hue + n * 23) % 360;
  const sky = `hsl(${hue} 45% 16%)`;
  const horizon = `hsl(${(hue + 40) % 360} 50% 32%)`;
  const glow = `hsl(${((n * 11) % 35) + 20} 90% 64%)`;
  const water = 170 + (n % 4) * 8;
  const moonX = 40 + ((n * 37) % 120);
  const count = 1 + (n % 3);
  const lanterns = Array.from({ length: count }, (_, index) => {
    const x = count === 1 ? 100 : 50 + (index * 100) / (count - 1);
    const y = 104 + ((n + index * 2) % 3) * 12;
    return lantern(x, y, count === 1 ? 1.3 : 0.9, glow);
  }).join("\n");
  const ripples = Array.from({ length: 4 }, (_, index) => {
    const y = water + 10 + index * 9;
    return `<path d="M${10 + index * 6} ${y} q 20 -5 40 0 t 40 0 t 40 0 t 40 0" stroke="${glow}" stroke-width="1.5" fill="none" opacity="${0.5 - index * 0.1}"/>`;
  }).join("\n");
  // A volume without a title yet prints its series and number alone: nothing stands in for a title.
  const lines = volume.title === undefined ? [] : subtitleLines(volume.title);
  // The number the cover prints is the one the series gives the volume ("7.5"), as every page names it.
  const label = `${volumeName(collection.name, volume)} cover`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="300" viewBox="0 0 200 300" role="img" aria-label="${escapeXml(label)}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${horizon}"/></linearGradient></defs>
<rect width="200" height="300" fill="url(#sky)"/>
<circle cx="${moonX}" cy="${34 + (n % 5) * 6}" r="14" fill="#fdf3d8" opacity="0.85"/>
<rect y="${water}" width="200" height="${300 - water}" fill="${sky}" opacity="0.85"/>
${ripples}
${lanterns}
<rect x="0" y="206" width="200" height="94" fill="#000" opacity="0.35"/>
<text x="100" y="226" fill="#ffffff" font-family="Georgia, serif" font-size="17" letter-spacing="2" text-anchor="middle">LANTERNFALL</text>
<text x="100" y="240" fill="${glow}" font-family="Georgia, serif" font-size="9" letter-spacing="2" text-anchor="middle">${escapeXml(palette.line)}</text>
${lines.map((line, index) => `<text x="100" y="${257 + index * 14}" fill="#ffffff" font-family="Georgia, serif" font-size="12" font-style="italic" text-anchor="middle">${escapeXml(line)}</text>`).join("\n")}
<text x="184" y="24" fill="#ffffff" font-family="Georgia, serif" font-size="22" font-weight="bold" text-anchor="end">${escapeXml(volumeNumberName(volume))}</text>
</svg>
`;
}

async function main() {
  const { positionals } = parseArgs(process.argv.slice(2), {}, usage);
  const pack = positionals[0] ?? "demo";
  const directory = join("content", pack);
  const file = packFile.parse(JSON.parse(await readFile(join(directory, "light-novels.json"), "utf8")));
  let written = 0;
  for (const collection of file.collections) {
    for (const volume of collection.volumes) {
      if (!volume.cover) continue;
      await writeFile(join(directory, volume.cover), coverSvg(collection, volume));
      written += 1;
    }
  }
  console.log(`Wrote ${written} covers in ${directory}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) runCli(main);
