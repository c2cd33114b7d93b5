/**
 * Validates a content pack and loads it into D1.
 *
 *   npm run content:import -- [pack] [--check] [--remote] [--persist-to DIR] [--dir FOLDER]
 *
 * The pack is content/<pack> (default: demo); --dir reads it from another folder.
 *
 * The whole pack is checked first (its files' shapes, every reference, the spoiler lint); any problem is
 * reported with its file and path and nothing is written. Otherwise exactly the differences from what D1
 * holds are written in one atomic batch, and the content version in KV (which keys the edge cache) is
 * updated, with the site's identity (its name, from the pack). Readers' reports are kept (pack/reported.ts):
 * a pack that leaves out a volume or episode they hang on is refused, and an entry published from one
 * whose words now name a secret too early is taken down and listed. With --check the pack is only checked: no database is opened.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  contentVersionOf,
  formatEntryWithdrawn,
  formatProblem,
  formatReportedUnitDropped,
  importPack,
  loadPack,
  publishSiteIdentity,
} from "../pack";
import { parseArgs, runCli, UsageError } from "./lib/cli";
import { CONTENT_VERSION_KEY } from "../app/server/edge-cache.server";
import { openPlatform } from "./lib/local-platform";

const usage = "Usage: npm run content:import -- [pack] [--check] [--remote] [--persist-to DIR] [--dir FOLDER]";

runCli(async () => {
  const { values, positionals } = parseArgs(
    process.argv.slice(2),
    {
      check: { type: "boolean" },
      remote: { type: "boolean" },
      "persist-to": { type: "string" },
      dir: { type: "string" },
    },
    usage,
  );
  const packName = positionals[0] ?? "demo";
  if (!/^[a-z0-9][a-z0-9-]*$/.test(packName)) throw new UsageError(`"${packName}" is not a pack name (content/<pack>)`);
  const directory = values.dir !== undefined ? resolve(values.dir) : resolve("content", packName);

  const check = values.check === true;
  const { rows, problems, warnings } = await loadPack(directory, packName);
  for (const warning of warnings) console.warn(`Warning: ${formatProblem(warning)}`);
  // The site serves a pack's covers and portraits from content/<pack>/images, copied by every build
  // (scripts/copy-media.ts): a folder's own images reach readers only from there.
  if (directory !== resolve("content", packName) && existsSync(join(directory, "images")))
    console.warn(
      `Warning: the site serves this pack's images from content/${packName}/images, copied by every build; ` +
        `copy ${join(directory, "images")} there and build again, or its covers and portraits will not load.`,
    );
  if (!rows) {
    const count = `${problems.length} problem${problems.length === 1 ? "" : "s"}`;
    throw new UsageError(
      `content/${packName} has ${count}${check ? "" : "; nothing was imported"}:\n${problems
        .map((problem) => `  ${formatProblem(problem)}`)
        .join("\n")}`,
    );
  }
  if (check) {
    console.log(`content/${packName} has no problems; nothing was written (--check).`);
    return;
  }

  const platform = await openPlatform({ remote: values.remote === true, persistTo: values["persist-to"] });
  try {
    const outcome = await importPack(platform.env.DB, rows);
    if (outcome.refused) {
      throw new UsageError(
        `content/${packName} leaves out what readers' reports are filed on; nothing was imported:\n${outcome.refused
          .map((unit) => `  ${formatReportedUnitDropped(unit)}`)
          .join("\n")}\n` +
          "Keep these in the pack, or first decide each of their reports in triage (/feedback_hub/triage): " +
          "declining one takes its entry down and keeps the reader's words with their report.",
      );
    }
    // After the rows are in: pages cached at the edge under the old version stop being served once
    // this reaches the edge (KV's own cache, at most 30 s). Written only when it changes.
    const version = contentVersionOf(rows);
    if ((await platform.env.REDIRECTS.get(CONTENT_VERSION_KEY)) !== version)
      await platform.env.REDIRECTS.put(CONTENT_VERSION_KEY, version);
    await publishSiteIdentity(platform.env.REDIRECTS, rows);
    const { changes, withdrawn } = outcome;
    if (!changes.length && !withdrawn.length) console.log(`content/${packName} is already up to date.`);
    else if (changes.length) {
      console.log(`Imported content/${packName}:`);
      for (const { table, added, updated, removed } of changes) {
        console.log(`  ${table}: ${added} added, ${updated} updated, ${removed} removed`);
      }
    }
    if (withdrawn.length) {
      console.log(
        `Taken down, as the pack's secrets now hold their words (their reports are back under review, for a moderator to decide again):`,
      );
      for (const entry of withdrawn) console.log(`  ${formatEntryWithdrawn(entry)}`);
    }
  } finally {
    await platform.dispose();
  }
});
