/** Migrations and seed data for `npm run dev` (Vite), which reads the same local state. */
import { runCli } from "./lib/cli";
import { prepareLocal } from "./lib/local-stack";

runCli(async () => prepareLocal());
