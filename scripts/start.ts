/**
 * The whole local stack in one command: build, migrate, seed, then serve with the Auth emulator.
 *
 *   npm start                              http://localhost:8788
 *   tsx scripts/start.ts --skip-build --port 8790 --persist-to .wrangler/e2e --fresh --auth-emulator-port 9199
 *                                          (what the e2e tests use, beside a running npm start)
 *
 * --pack NAME imports content/NAME instead of the demo (give it a --persist-to of its own: a state the
 * demo was imported into keeps the demo's discussion, whose keys another pack's units also go by).
 * --fresh empties the --persist-to state first, so nothing an earlier run wrote (a comment posted, a
 * report published) is there; --skip-prepare serves existing local state as it is; --no-auth-emulator leaves the emulator out
 * (for a second site on the same state); --auth-emulator-port runs the emulator on another port than
 * firebase.json's and points the site at it (with --no-auth-emulator: at another stack's emulator).
 * POSTHOG_KEY, POSTHOG_HOST, SITE_NAME and SITE_DESCRIPTION in the environment are passed to the site.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs, runCli, UsageError } from "./lib/cli";
import { prepareLocal, run, serveLocal } from "./lib/local-stack";

const usage =
  "Usage: tsx scripts/start.ts [--pack NAME] [--port N] [--persist-to DIR] [--auth-emulator-port N] [--skip-build] [--fresh] [--skip-prepare] [--no-auth-emulator]";

function portNumber(value: string | undefined, flag: string) {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new UsageError(`${flag} takes a port number, not "${value}"\n${usage}`);
  return port;
}

runCli(async () => {
  const { values, positionals } = parseArgs(
    process.argv.slice(2),
    {
      pack: { type: "string" },
      port: { type: "string" },
      "persist-to": { type: "string" },
      "auth-emulator-port": { type: "string" },
      "skip-build": { type: "boolean" },
      fresh: { type: "boolean" },
      "skip-prepare": { type: "boolean" },
      "no-auth-emulator": { type: "boolean" },
    },
    usage,
  );
  if (positionals.length) throw new UsageError(usage);
  const port = portNumber(values.port ?? process.env.PORT, "--port") ?? 8788;
  const persistTo = values["persist-to"];
  const pack = values.pack ?? "demo";
  if (!/^[a-z0-9][a-z0-9-]*$/.test(pack) || !existsSync(join("content", pack)))
    throw new UsageError(`--pack takes the name of a folder in content/, not "${pack}"\n${usage}`);

  if (values.fresh) {
    // Only a state of its own: never the one `npm start` keeps by default.
    if (!persistTo) throw new UsageError(`--fresh empties the --persist-to state: give one\n${usage}`);
    rmSync(persistTo, { recursive: true, force: true });
  }
  if (!values["skip-build"]) run("npm", ["run", "build"], "Building the site");
  if (!values["skip-prepare"]) await prepareLocal({ persistTo, pack });
  serveLocal({
    port,
    persistTo,
    authEmulator: !values["no-auth-emulator"],
    authEmulatorPort: portNumber(values["auth-emulator-port"], "--auth-emulator-port"),
  });
  await new Promise(() => {});
});
