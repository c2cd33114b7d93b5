import {
  type Compilable,
  type CompiledQuery,
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { errorPage } from "~/lib/http/status";
import type { Database } from "./database";

/**
 * Builds the models' SQL from the tables in ./database.ts (generated from migrations/), so the
 * compiler checks every table, column and row (decision 26). It never connects: `batch` hands what
 * it compiles to D1.
 */
export const query = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (builder) => new SqliteIntrospector(builder),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/** What a query gives back: its rows (none for a write without RETURNING). */
type RowsOf<Q> = Q extends Compilable<infer Row> ? Row[] : never;

/** What a batch of queries gives back: each query's rows, in order. */
export type BatchRows<Q extends readonly Compilable[]> = { -readonly [K in keyof Q]: RowsOf<Q[K]> };

/**
 * A query built once at import is compiled once per isolate, on its first use; one built per request
 * is compiled each time.
 */
const compiled = new WeakMap<Compilable, CompiledQuery>();

function compile(statement: Compilable) {
  let sql = compiled.get(statement);
  if (!sql) {
    sql = statement.compile();
    compiled.set(statement, sql);
  }
  return sql;
}

const SLOT = Symbol("slot");
type Slot = { readonly [SLOT]: string };

const isSlot = (value: unknown): value is Slot => typeof value === "object" && value !== null && SLOT in value;

/**
 * A value a request supplies to a query built once at import: the query is built and compiled with the
 * slot where the value goes, and `batch` (or `prepared`) puts the request's value in its place, so a
 * page's queries are not rebuilt and recompiled on every request. Only values can be slots (what
 * Kysely sends as a parameter); a request that changes a query's shape picks one of its built forms.
 */
export function slot<T>(name: string): T {
  return { [SLOT]: name } as unknown as T;
}

/** The values a request gives a query's slots, by name. */
export type SlotValues = Readonly<Record<string, unknown>>;

function fill(parameters: readonly unknown[], values: SlotValues | undefined) {
  if (!parameters.some(isSlot)) return parameters;
  return parameters.map((parameter) => {
    if (!isSlot(parameter)) return parameter;
    const name = parameter[SLOT];
    if (!values || !(name in values)) throw new Error(`No value for the query's slot "${name}"`);
    return values[name];
  });
}

/** A query as a D1 statement, its slots filled. */
function prepared(db: D1Database, statement: Compilable, values?: SlotValues) {
  const { sql, parameters } = compile(statement);
  return db.prepare(sql).bind(...fill(parameters, values));
}

/**
 * Runs a page's queries in one D1 round trip and gives each one's rows, typed by the query; `values`
 * fills the slots of queries built at import (`slot`). A
 * database failure becomes a 503 with a plain message (the general error page), never a stack trace.
 */
export async function batch<const Q extends readonly Compilable[]>(
  db: D1Database,
  queries: Q,
  values?: SlotValues,
): Promise<BatchRows<Q>> {
  const statements = queries.map((statement) => prepared(db, statement, values));
  try {
    const results = await db.batch(statements);
    return results.map((result) => result.results) as BatchRows<Q>;
  } catch (error) {
    console.error("D1 query failed", error);
    throw errorPage(503, { message: "The story database is not answering right now. Please try again in a moment." });
  }
}
