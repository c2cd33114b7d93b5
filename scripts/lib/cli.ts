/** Small helpers every command-line tool here shares. */

export class UsageError extends Error {}

/** Splits argv into positional words and --flags (a flag takes the next word unless it is boolean). */
export function parseArgs(argv: string[], booleanFlags: string[] = []) {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (word.startsWith("--")) {
      const [name, inline] = word.slice(2).split("=", 2) as [string, string | undefined];
      if (inline !== undefined) flags.set(name, inline);
      else if (booleanFlags.includes(name)) flags.set(name, true);
      else {
        const value = argv[index + 1];
        if (value === undefined) throw new UsageError(`--${name} needs a value`);
        flags.set(name, value);
        index++;
      }
    } else positional.push(word);
  }
  return { positional, flags };
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
