/** Migrations and seed data for `npm run dev` (Vite), which reads the same local state. */
import { answerHelp, runCli } from "./lib/cli";
import { prepareLocal } from "./lib/local-stack";

answerHelp(
  "Usage: tsx scripts/prepare-local.ts   (migrations, the demo pack, its redirects and discussion into local state, for npm run dev)",
);

runCli(async () => prepareLocal());
