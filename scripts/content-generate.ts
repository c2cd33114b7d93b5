/**
 * Writes a content pack N times the size of another, to try the site with more story than the demo has.
 *
 *   npx tsx scripts/content-generate.ts --scale N [--from content/demo] [--out content/demo-xN]
 *
 * The story is told N times over. Cycle 1 is the pack exactly as it is; each later cycle k is a copy
 * numbered on from the one before (arcs, light novel volumes per collection, anime seasons), with
 * slugs and mistake ids suffixed -k, titles (volumes' chapter titles too) and names suffixed " (cycle k)", dates moved past the previous
 * cycle and every reference pointing into its own cycle. Mistake entries keep their quoted lines as they
 * are. Copies share the original images, which are copied along. Each cycle tells the series' secrets
 * again: each is listed once per cycle under its id, revealed at that cycle's copy of its chapter.
 * Nothing is random: the same pack and N always give byte-identical files.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type ContentPack,
  formatProblem,
  type PackFileName,
  packFields,
  type PackProblem,
  parsePackFolder,
  resolvePack,
  scalePack,
} from "../pack";
import { parseArgs, runCli, UsageError } from "./lib/cli";

const usage = "Usage: npx tsx scripts/content-generate.ts --scale N [--from content/demo] [--out content/demo-xN]";

const describeProblems = (what: string, problems: PackProblem[]) =>
  `${what} has ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n${problems.map((problem) => `  ${formatProblem(problem)}`).join("\n")}`;

/** Reads and checks a pack folder; any problem stops the run before anything is written. */
export function readPack(directory: string): ContentPack {
  const { pack, problems } = parsePackFolder(directory);
  if (!pack) throw new UsageError(describeProblems(directory, problems));
  return pack;
}

export async function writePack(pack: ContentPack, directory: string) {
  await mkdir(directory, { recursive: true });
  for (const [part, file] of Object.entries(packFields) as [keyof ContentPack, PackFileName][]) {
    await writeFile(join(directory, file), `${JSON.stringify(pack[part], null, 2)}\n`);
  }
}

/** The pack `scale` times over; a scale the pack cannot take (dates past 9999, no ISBNs left) is a usage error. */
function scaleOrRefuse(pack: ContentPack, scale: number) {
  try {
    return scalePack(pack, scale);
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
}

/** Reads `from`, writes it `scale` times over to `out` with its images, and returns what was written. */
export async function generatePack({ from, out, scale }: { from: string; out: string; scale: number }) {
  if (resolve(from) === resolve(out)) throw new UsageError("--out must be a different folder from --from.");
  const scaled = scaleOrRefuse(readPack(from), scale);
  // The import checks the same things; catching them here means a broken pack is never written.
  const { problems } = resolvePack(scaled, basename(out));
  if (problems.length) throw new Error(describeProblems(`The scaled pack for ${out}`, problems));
  await writePack(scaled, out);
  if (existsSync(join(from, "images"))) await cp(join(from, "images"), join(out, "images"), { recursive: true });
  return scaled;
}

function parseScale(value: string | undefined) {
  if (typeof value !== "string" || !/^[1-9]\d*$/.test(value))
    throw new UsageError(`--scale takes a whole number of at least 1\n${usage}`);
  return Number(value);
}

/** What to generate, from the command line; a usage error for anything else. */
export function parseGenerateArgs(argv: string[]) {
  const { values, positionals } = parseArgs(
    argv,
    { scale: { type: "string" }, from: { type: "string" }, out: { type: "string" } },
    usage,
  );
  if (positionals.length) throw new UsageError(usage);
  const scale = parseScale(values.scale);
  const from = (values.from ?? "content/demo").replace(/\/+$/, "");
  return { from, out: values.out ?? `${from}-x${scale}`, scale };
}

async function main() {
  const { from, out, scale } = parseGenerateArgs(process.argv.slice(2));
  const pack = await generatePack({ from, out, scale });
  const chapters = pack.webNovel.arcs.reduce((total, arc) => total + arc.chapters.length, 0);
  console.log(
    `Wrote ${out}: ${pack.webNovel.arcs.length} arcs, ${chapters} chapters, ${pack.characters.characters.length} characters (${from} × ${scale}).`,
  );
}

// Only as a command: the test imports this file for its parts.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) runCli(main);
