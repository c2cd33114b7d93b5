/**
 * Counts the D1 round trips a request makes, for the benchmark's "one D1 round trip per page view"
 * budget. Only switched on outside production (COUNT_D1_ROUND_TRIPS, see load-context.ts); the count
 * travels in a response header so the benchmark can read it from the outside.
 */

export const ROUND_TRIPS_HEADER = "X-D1-Round-Trips";

/**
 * The wrapper answers its count under this key. A registered symbol, not module state: the Pages
 * Function bundles load-context.ts apart from the server build, so each has its own copy of this module.
 */
const countKey = Symbol.for("d1-round-trips");

/** Statement methods that each send one query to D1. */
const executions = new Set<PropertyKey>(["first", "all", "run", "raw"]);

/** The same database, counting every batch, exec and statement execution as one round trip. */
export function countRoundTrips(db: D1Database): D1Database {
  const counter = { roundTrips: 0 };
  // D1's batch reads its statements' internals, so it is handed the real ones, not our wrappers.
  const originals = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

  const counted = (call: () => unknown) => {
    counter.roundTrips++;
    return call();
  };

  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapper = new Proxy(statement, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values));
        if (executions.has(property)) return (...args: unknown[]) => counted(() => Reflect.apply(value, target, args));
        return value.bind(target);
      },
    });
    originals.set(wrapper, statement);
    return wrapper;
  };

  return new Proxy(db, {
    get(target, property) {
      if (property === countKey) return counter.roundTrips;
      if (property === "prepare") return (query: string) => wrapStatement(target.prepare(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          counted(() => target.batch(statements.map((statement) => originals.get(statement) ?? statement)));
      }
      if (property === "exec") return (query: string) => counted(() => target.exec(query));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The round trips made so far through a database from countRoundTrips; undefined for any other. */
export function roundTrips(db: D1Database): number | undefined {
  const count: unknown = Reflect.get(db, countKey);
  return typeof count === "number" ? count : undefined;
}

/** Adds the round-trip count to a response's headers when the request's database is counted. */
export function setRoundTripsHeader(headers: Headers, db: D1Database) {
  const count = roundTrips(db);
  if (count !== undefined) headers.set(ROUND_TRIPS_HEADER, String(count));
}
