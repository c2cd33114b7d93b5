/**
 * The whole local stack in one command: build, migrate, seed, then serve with the Auth emulator.
 *
 *   npm start                              http://localhost:8788
 *   tsx scripts/start.ts --skip-build --port 8789 --persist-to .wrangler/e2e    (what the e2e tests use)
 */
import { parseArgs, runCli } from "./lib/cli";
import { prepareLocal, run, serveLocal } from "./lib/local-stack";

runCli(async () => {
  const { flags } = parseArgs(process.argv.slice(2), ["skip-build"]);
  const port = Number(flags.get("port") ?? process.env.PORT ?? 8788);
  const persistTo = typeof flags.get("persist-to") === "string" ? (flags.get("persist-to") as string) : undefined;

  if (!flags.get("skip-build")) run("npm", ["run", "build"], "Building the site");
  prepareLocal({ persistTo });
  serveLocal({ port, persistTo });
  await new Promise(() => {});
});
