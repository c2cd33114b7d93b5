/** Small helpers every command-line tool here shares. */
import { type ParseArgsConfig, parseArgs as parseNodeArgs } from "node:util";

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * Reads argv with Node's own parser: `--name value` or `--name=value` for string options, bare
 * `--name` for booleans, the rest as positional words. An unknown flag or a missing value is a usage
 * error naming it, followed by the tool's usage when given; `--help` or `-h` prints the usage and exits.
 */
export function parseArgs<const T extends Options>(argv: string[], options: T, usage?: string) {
  if (usage) answerHelp(usage, argv);
  try {
    return parseNodeArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_")) {
      // Our own wording where we had one (a flag followed by another flag counts as missing its
      // value: no value here starts with a dash); Node's otherwise.
      const missing = /^Option '(--[\w-]+)(?: <value>)?' argument (?:missing|is ambiguous)/.exec(
        (error as Error).message,
      );
      const message = missing ? `${missing[1]} needs a value` : (error as Error).message;
      throw new UsageError(usage ? `${message}\n${usage}` : message);
    }
    throw error;
  }
}

/** Asked how to use the tool (`--help`, `-h`): its usage, and nothing done. Every tool calls it first. */
export function answerHelp(usage: string, argv = process.argv.slice(2)) {
  if (!argv.includes("--help") && !argv.includes("-h")) return;
  console.log(usage);
  process.exit(0);
}

/** Runs a CLI's main function: usage and validation problems exit 1 with the message, no stack. */
export function runCli(main: () => Promise<void>) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof UsageError) console.error(error.message);
      else console.error(error);
      process.exit(1);
    },
  );
}
