/**
 * The whole local stack in one command: build, migrate, seed, then serve with the Auth emulator.
 *
 *   npm start                              http://localhost:8788
 *   tsx scripts/start.ts --skip-build --port 8790 --persist-to .wrangler/e2e    (what the e2e tests use)
 *
 * --skip-prepare serves existing local state as it is; --no-auth-emulator leaves the emulator out
 * (for a second site on the same state). POSTHOG_KEY, POSTHOG_HOST and SITE_NAME in the
 * environment are passed to the site.
 */
import { parseArgs, runCli } from "./lib/cli";
import { prepareLocal, run, serveLocal } from "./lib/local-stack";

runCli(async () => {
  const { flags } = parseArgs(process.argv.slice(2), ["skip-build", "skip-prepare", "no-auth-emulator"]);
  const port = Number(flags.get("port") ?? process.env.PORT ?? 8788);
  const persistTo = typeof flags.get("persist-to") === "string" ? (flags.get("persist-to") as string) : undefined;

  if (!flags.get("skip-build")) run("npm", ["run", "build"], "Building the site");
  if (!flags.get("skip-prepare")) prepareLocal({ persistTo });
  serveLocal({ port, persistTo, authEmulator: !flags.get("no-auth-emulator") });
  await new Promise(() => {});
});
