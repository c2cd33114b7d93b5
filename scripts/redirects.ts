/**
 * Manage redirects in KV REDIRECTS.
 *
 *   npm run redirects -- list
 *   npm run redirects -- add <from> <to> [--status 301|302|307|308]
 *   npm run redirects -- remove <from>
 *   npm run redirects -- import <file.csv>        (columns: from,to[,status]; a header row is optional)
 *
 * Local by default (the state `wrangler pages dev` uses); --remote for production;
 * --persist-to <dir> for another local state folder. The commands themselves are in
 * ./lib/redirect-commands.ts.
 */
import { runCli } from "./lib/cli";
import { parseRedirectCommand } from "./lib/redirect-commands";
import { openRedirectStore } from "./lib/redirect-store";

runCli(async () => {
  // Checked in full before the store is opened, so bad input never half-applies.
  const command = await parseRedirectCommand(process.argv.slice(2));
  const store = await openRedirectStore({ remote: command.remote, persistTo: command.persistTo });
  try {
    await command.run(store, (line) => console.log(line));
  } finally {
    await store.close();
  }
});
