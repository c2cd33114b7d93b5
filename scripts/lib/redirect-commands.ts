/**
 * What `npm run redirects` does, apart from opening KV: reading the command line, checking every
 * entry, and the work on the store. Everything is checked before the store is opened, so bad input
 * never half-applies.
 */
import { readFile } from "node:fs/promises";
import {
  describeProblems,
  followRedirects,
  MAX_REDIRECT_HOPS,
  normalizeSourcePath,
  type RedirectLookup,
  type RedirectEntry,
  redirectEntrySchema,
} from "../../app/lib/http/redirects";
import { parseArgs, UsageError } from "./cli";
import { type CsvRecord, CsvSyntaxError, parseCsv } from "./csv";

export const usage = `Usage: npm run redirects -- <list | add <from> <to> [--status N] | remove <from> | import <file.csv>> [--remote] [--persist-to DIR]`;

/** The part of the redirect store a command uses (scripts/lib/redirect-store.ts over KV). */
export interface RedirectStoreAccess {
  /** The origin of the site these redirects answer for (its SITE_URL); undefined where it is unset (a local run). */
  readonly siteOrigin: string | undefined;
  list(): Promise<RedirectEntry[]>;
  get(from: string): Promise<RedirectEntry | null>;
  put(entry: RedirectEntry): Promise<void>;
  remove(from: string): Promise<boolean>;
}

/** A checked command: which store it opens and what it does there, printing each line of its answer. */
export interface RedirectCommand {
  remote: boolean;
  persistTo: string | undefined;
  run(store: RedirectStoreAccess, print: (line: string) => void): Promise<void>;
}

function validate(raw: { from?: string; to?: string; status?: string | number }, where: string): RedirectEntry {
  const status = raw.status === undefined || raw.status === "" ? undefined : Number(raw.status);
  const parsed = redirectEntrySchema.safeParse({ from: raw.from, to: raw.to, status });
  if (!parsed.success) throw new UsageError(`${where}: ${describeProblems(parsed.error).join("; ")}`);
  return parsed.data;
}

/** Every entry of a CSV file (from,to[,status]; a header row is optional), or a usage error naming each bad line. */
async function readCsvEntries(file: string) {
  const text = await readFile(file, "utf8").catch(() => {
    throw new UsageError(`Cannot read ${file}`);
  });
  let records: CsvRecord[];
  try {
    records = parseCsv(text).filter(({ fields }) => fields.some((field) => field.trim() !== ""));
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new UsageError(`Nothing was imported. Fix this first:\n  ${file}:${error.line}: ${error.message}`);
    throw error;
  }
  const rows = records[0]?.fields[0]?.trim().toLowerCase() === "from" ? records.slice(1) : records;
  const problems: string[] = [];
  const entries: RedirectEntry[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of rows) {
    const where = `${file}:${line}`;
    try {
      if (fields.length < 2 || fields.length > 3)
        throw new UsageError(`${where}: expected from,to[,status] (got ${fields.length} fields)`);
      const entry = validate({ from: fields[0]?.trim(), to: fields[1]?.trim(), status: fields[2]?.trim() }, where);
      const earlier = seen.get(entry.from);
      if (earlier !== undefined)
        throw new UsageError(`${where}: ${entry.from} is already redirected on line ${earlier}`);
      seen.set(entry.from, line);
      entries.push(entry);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (problems.length)
    throw new UsageError(`Nothing was imported. Fix these first:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  return entries;
}

/**
 * Refuses entries that, with the redirects the store holds (`targetOf`, the new entries included), send a
 * browser round in a loop (`/a` to `/b` and `/b` to `/a`) or through more redirects than it follows: it
 * gives up with "too many redirects". Each chain is named by the paths it goes through.
 */
async function refuseLoops(
  entries: readonly RedirectEntry[],
  targetOf: RedirectLookup,
  siteOrigin: string | undefined,
  what: string,
) {
  const loops: string[] = [];
  const tooLong: string[] = [];
  for (const entry of entries) {
    const followed = await followRedirects(entry.from, targetOf, siteOrigin);
    if (followed.loops) loops.push(`  ${followed.through.join(" -> ")}`);
    if (followed.tooLong) tooLong.push(`  ${followed.through.join(" -> ")} -> …`);
  }
  const problems = [
    ...(loops.length ? [`a browser would be sent round in a loop, so nothing was written:`, ...loops] : []),
    ...(tooLong.length
      ? [`a browser gives up after ${MAX_REDIRECT_HOPS} redirects in a row, so nothing was written:`, ...tooLong]
      : []),
  ];
  if (problems.length)
    throw new UsageError(
      `${what}: ${problems.join("\n")}\nPoint each at the page where it ends, or remove the redirect that leads back.`,
    );
}

/** Reads a redirects command line; a usage error when the command or any entry is wrong. */
export async function parseRedirectCommand(argv: string[]): Promise<RedirectCommand> {
  const { values, positionals } = parseArgs(
    argv,
    { status: { type: "string" }, remote: { type: "boolean" }, "persist-to": { type: "string" } },
    usage,
  );
  const [command, ...args] = positionals;
  if (!command) throw new UsageError(usage);
  const where = { remote: values.remote === true, persistTo: values["persist-to"] };

  switch (command) {
    case "list":
      return {
        ...where,
        async run(store, print) {
          const entries = await store.list();
          if (!entries.length) print("No redirects.");
          for (const entry of entries.sort((a, b) => a.from.localeCompare(b.from))) {
            // Stored as written before sources were kept as the browser sends them: no request finds it.
            const unreachable = normalizeSourcePath(entry.from) !== entry.from;
            print(
              `${entry.status} ${entry.from} -> ${entry.to}` +
                (unreachable
                  ? `  (never followed: remove it and add it again, as ${normalizeSourcePath(entry.from)})`
                  : ""),
            );
          }
        },
      };
    case "add": {
      if (args.length !== 2) throw new UsageError(`add takes <from> <to>\n${usage}`);
      const entry = validate({ from: args[0], to: args[1], status: values.status }, "add");
      return {
        ...where,
        async run(store, print) {
          // Only the new entry's own chain, one look-up a redirect: no listing of the whole namespace.
          const targetOf = async (from: string) => (from === entry.from ? entry.to : (await store.get(from))?.to);
          await refuseLoops([entry], targetOf, store.siteOrigin, "add");
          await store.put(entry);
          print(`Added ${entry.status} ${entry.from} -> ${entry.to}`);
        },
      };
    }
    case "remove": {
      if (args.length !== 1) throw new UsageError(`remove takes <from>\n${usage}`);
      // A source stored as written by an older version of the tool (`list` marks it) goes as written,
      // even where it would not be taken today (dot segments, a query).
      const written = args[0]!;
      const valid = redirectEntrySchema.safeParse({ from: written, to: "/" });
      return {
        ...where,
        async run(store, print) {
          const from = valid.success ? valid.data.from : null;
          if (from !== null && (await store.remove(from))) print(`Removed ${from}`);
          else if (written !== from && (await store.remove(written))) print(`Removed ${written}`);
          else if (from === null) throw new UsageError(`remove: ${describeProblems(valid.error!).join("; ")}`);
          else print(`No redirect from ${from}`);
        },
      };
    }
    case "import": {
      if (args.length !== 1) throw new UsageError(`import takes <file.csv>\n${usage}`);
      const file = args[0]!;
      const entries = await readCsvEntries(file);
      return {
        ...where,
        async run(store, print) {
          // The whole file is checked together with everything the store holds: one listing.
          const targets = new Map((await store.list()).map((stored) => [stored.from, stored.to] as const));
          for (const entry of entries) targets.set(entry.from, entry.to);
          await refuseLoops(entries, (from) => targets.get(from), store.siteOrigin, file);
          for (const entry of entries) await store.put(entry);
          print(`Imported ${entries.length} redirect${entries.length === 1 ? "" : "s"} from ${file}`);
        },
      };
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n${usage}`);
  }
}
