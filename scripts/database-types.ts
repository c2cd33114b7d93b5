/** Writes app/models/database.ts from migrations/ (run after adding a migration): `npm run db:types`. */
import { answerHelp } from "./lib/cli";
import { writeFileSync } from "node:fs";
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from "./lib/database-types";

answerHelp("Usage: npm run db:types   (writes app/models/database.ts from migrations/)");

writeFileSync(DATABASE_TYPES_FILE, await generateDatabaseTypes());
console.log(`Wrote ${DATABASE_TYPES_FILE}`);
