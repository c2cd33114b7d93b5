/**
 * Content packs in workerd tests: resolved and written into D1 exactly as `npm run content:import`
 * does it (pack/sync.ts), from the packs vitest.config.ts hands workerd as bindings.
 */
import { env } from "cloudflare:workers";
import { clearSiteIdentityMemo } from "~/server/site-identity.server";
import {
  formatReportedUnitDropped,
  importPack,
  parsePack,
  publishSiteIdentity,
  resolvePack,
  scalePack,
  type TableChange,
} from "../../pack";
import type { PackRows } from "../../pack/rows";

/** tests/fixtures/packs/tiny (every test file starts with it imported) and content/demo. */
export type TestPackName = "tiny" | "demo";

export interface TestPackOptions {
  /** Changes a copy of the pack's files (parsed JSON, by file name) before it is read. */
  edit?: (files: Record<string, any>) => void;
  /** The pack told this many times over (pack/scale). */
  scale?: number;
}

const bindingOf = { tiny: () => env.TEST_PACK, demo: () => env.DEMO_PACK } satisfies Record<TestPackName, unknown>;

type Resolved = ReturnType<typeof resolvePack>;

/**
 * Packs resolved without edits, by name and scale: test files share one module instance (isolate:
 * false), and resolving the demo told ten times over takes seconds. Each caller gets its own copy.
 */
const resolvedUnedited = new Map<string, Resolved>();

/** A pack resolved the way the import resolves it: its rows, and its problems (none for a valid pack). */
export function resolveTestPack(name: TestPackName, { edit, scale = 1 }: TestPackOptions = {}): Resolved {
  const memo = edit ? undefined : `${name}×${scale}`;
  const known = memo === undefined ? undefined : resolvedUnedited.get(memo);
  if (known) return structuredClone(known);
  const files = edit ? structuredClone(bindingOf[name]()) : bindingOf[name]();
  edit?.(files);
  const parsed = parsePack((file) => ({ json: files[file] }));
  if (!parsed.pack) throw new Error(`The ${name} pack does not parse: ${JSON.stringify(parsed.problems.slice(0, 3))}`);
  const resolved = resolvePack(scale === 1 ? parsed.pack : scalePack(parsed.pack, scale), name);
  if (memo !== undefined) resolvedUnedited.set(memo, structuredClone(resolved));
  return resolved;
}

/** The rows of a valid pack; a pack with problems fails the test, naming the first ones. */
export function testPackRows(name: TestPackName, options: TestPackOptions = {}): PackRows {
  const { rows, problems } = resolveTestPack(name, options);
  if (problems.length) throw new Error(`The ${name} pack is invalid: ${JSON.stringify(problems.slice(0, 3))}`);
  return rows;
}

/** Writes rows into this test file's D1 as the import does (pack/import.ts): exactly the differences, in one batch. */
export async function importRows(rows: PackRows): Promise<TableChange[]> {
  const outcome = await importPack(env.DB, rows);
  if (outcome.refused)
    throw new Error(`The import was refused: ${outcome.refused.map(formatReportedUnitDropped).join("; ")}`);
  await publishSiteIdentity(env.REDIRECTS, rows);
  // Test files share one module instance (isolate: false): the name another file's pack published, which
  // the site remembers for a few seconds, is forgotten, as a new isolate would not have it.
  clearSiteIdentityMemo();
  return outcome.changes;
}

/** Resolves a valid pack and imports it in place of what D1 holds; the rows it imported. */
export async function importTestPack(name: TestPackName, options: TestPackOptions = {}): Promise<PackRows> {
  const rows = testPackRows(name, options);
  await importRows(rows);
  return rows;
}
