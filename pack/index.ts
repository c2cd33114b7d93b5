/**
 * The content-pack pipeline: what the import command, the pack generator and the tests use. A pack
 * folder (content/<pack>/*.json) is read and its files' shapes checked (./schema/), its references
 * resolved onto the story timeline and turned into table rows with their spoiler gates, its texts
 * linted against the story's secrets, and the rows synced into D1 (./sync).
 *
 * The running site never imports this folder: it reads the rows from D1. This folder may use the
 * pure rules of app/lib (unit keys, labels, the vocabulary, the row types).
 */
export type { RevealIn } from "./schema/fields";
export { type ContentPack, type PackFileName, packFields, packFiles } from "./schema/files";
export { formatProblem, type PackFileSource, parsePack, type PackProblem } from "./resolve/parse";
export { resolvePack } from "./resolve/resolve";
export { loadPack, parsePackFolder } from "./folder";
export { scalePack } from "./scale/scale";
export {
  applySync,
  contentTables,
  contentVersionOf,
  planSync,
  readContentRows,
  type Statement,
  type StoredRow,
  type TableChange,
  type TableRows,
} from "./sync";
export { publishSiteIdentity } from "./publish";
export { importPack, type ImportOutcome } from "./import";
export {
  type EntryWithdrawn,
  formatEntryWithdrawn,
  formatReportedUnitDropped,
  type ReportedUnitDropped,
  WITHDRAWN_NOTE,
} from "./reported";
