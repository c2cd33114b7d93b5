/**
 * Manage redirects in KV REDIRECTS.
 *
 *   npm run redirects -- list
 *   npm run redirects -- add <from> <to> [--status 301|302|307|308]
 *   npm run redirects -- remove <from>
 *   npm run redirects -- import <file.csv>        (columns: from,to[,status]; a header row is optional)
 *
 * Local by default (the state `wrangler pages dev` uses); --remote for production;
 * --persist-to <dir> for another local state folder.
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { describeProblems, type RedirectEntry, redirectEntrySchema } from "../app/lib/http/redirects";
import { parseArgs, runCli, UsageError } from "./lib/cli";
import { type CsvRecord, CsvSyntaxError, parseCsv } from "./lib/csv";
import { openRedirectStore, type RedirectStore } from "./lib/redirect-store";

const usage = `Usage: npm run redirects -- <list | add <from> <to> [--status N] | remove <from> | import <file.csv>> [--remote] [--persist-to DIR]`;

function validate(raw: { from?: string; to?: string; status?: string | number }, where: string): RedirectEntry {
  const status = raw.status === undefined || raw.status === "" ? undefined : Number(raw.status);
  const parsed = redirectEntrySchema.safeParse({ from: raw.from, to: raw.to, status });
  if (!parsed.success) throw new UsageError(`${where}: ${describeProblems(parsed.error).join("; ")}`);
  return parsed.data;
}

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

runCli(async () => {
  const { values, positionals } = parseArgs(
    process.argv.slice(2),
    { status: { type: "string" }, remote: { type: "boolean" }, "persist-to": { type: "string" } },
    usage,
  );
  const [command, ...args] = positionals;
  if (!command) throw new UsageError(usage);

  // Validate everything before opening the store, so bad input never half-applies.
  let work: (store: RedirectStore) => Promise<void>;
  switch (command) {
    case "list":
      work = async (store) => {
        const entries = await store.list();
        if (!entries.length) console.log("No redirects.");
        for (const entry of entries.sort((a, b) => a.from.localeCompare(b.from))) {
          console.log(`${entry.status} ${entry.from} -> ${entry.to}`);
        }
      };
      break;
    case "add": {
      if (args.length !== 2) throw new UsageError(`add takes <from> <to>\n${usage}`);
      const entry = validate({ from: args[0], to: args[1], status: values.status }, "add");
      work = async (store) => {
        await store.put(entry);
        console.log(`Added ${entry.status} ${entry.from} -> ${entry.to}`);
      };
      break;
    }
    case "remove": {
      if (args.length !== 1) throw new UsageError(`remove takes <from>\n${usage}`);
      const from = z.string().parse(validate({ from: args[0], to: "/" }, "remove").from);
      work = async (store) => {
        const existed = await store.remove(from);
        console.log(existed ? `Removed ${from}` : `No redirect from ${from}`);
      };
      break;
    }
    case "import": {
      if (args.length !== 1) throw new UsageError(`import takes <file.csv>\n${usage}`);
      const entries = await readCsvEntries(args[0]!);
      work = async (store) => {
        for (const entry of entries) await store.put(entry);
        console.log(`Imported ${entries.length} redirect${entries.length === 1 ? "" : "s"} from ${args[0]}`);
      };
      break;
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n${usage}`);
  }

  const store = await openRedirectStore({ remote: values.remote === true, persistTo: values["persist-to"] });
  try {
    await work(store);
  } finally {
    await store.close();
  }
});
