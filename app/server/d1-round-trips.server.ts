/**
 * Counts the D1 round trips a request makes, for the benchmark's "one D1 round trip per page view"
 * budget, and how long they took, so the benchmark can tell D1's share of a request's CPU time (locally
 * D1 runs in the same process as the Function; in production it runs elsewhere). Only switched on
 * outside production (COUNT_D1_ROUND_TRIPS, see load-context.ts); both travel in response headers so
 * the benchmark can read them from the outside.
 */

export const ROUND_TRIPS_HEADER = "X-D1-Round-Trips";
/** The time spent waiting for D1, as `d1;dur=<ms>` (the standard header browsers' tools show). */
export const TIMING_HEADER = "Server-Timing";

/**
 * The wrapper answers its count under this key. A registered symbol, not module state: the Pages
 * Function bundles load-context.ts apart from the server build, so each has its own copy of this module.
 */
const countKey = Symbol.for("d1-round-trips");
const timeKey = Symbol.for("d1-milliseconds");

/** Statement methods that each send one query to D1. */
const executions = new Set<PropertyKey>(["first", "all", "run", "raw"]);

/** The same database, counting every batch, exec and statement execution as one round trip. */
export function countRoundTrips(db: D1Database): D1Database {
  const counter = { roundTrips: 0, milliseconds: 0 };
  // D1's batch reads its statements' internals, so it is handed the real ones, not our wrappers.
  const originals = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

  // The Workers clock moves only while a request waits for I/O, so a round trip's time is its wait.
  // Round trips made at once are summed: the figure is D1's busy time, not the request's wall time.
  const counted = (call: () => unknown) => {
    counter.roundTrips++;
    const started = performance.now();
    const answer = call();
    const finished = () => {
      counter.milliseconds += performance.now() - started;
    };
    if (answer instanceof Promise) answer.then(finished, finished);
    return answer;
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
      if (property === timeKey) return counter.milliseconds;
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

/** The milliseconds spent waiting for D1 so far through a database from countRoundTrips; undefined for any other. */
export function d1Milliseconds(db: D1Database): number | undefined {
  const milliseconds: unknown = Reflect.get(db, timeKey);
  return typeof milliseconds === "number" ? milliseconds : undefined;
}

/** Adds the round-trip count and D1's time to a response's headers when the request's database is counted. */
export function setRoundTripsHeader(headers: Headers, db: D1Database) {
  const count = roundTrips(db);
  if (count !== undefined) headers.set(ROUND_TRIPS_HEADER, String(count));
  const milliseconds = d1Milliseconds(db);
  if (milliseconds !== undefined) headers.set(TIMING_HEADER, `d1;dur=${milliseconds.toFixed(2)}`);
}

/**
 * A Server-Timing entry's milliseconds from a response's headers ("d1": D1's wait; "cache": the edge
 * cache's, on a miss that was stored); null when the response does not say.
 */
export function serverTimingOf(headers: Headers, name: "d1" | "cache") {
  const match = new RegExp(`(?:^|,)\\s*${name};dur=([\\d.]+)`).exec(headers.get(TIMING_HEADER) ?? "");
  return match ? Number(match[1]) : null;
}
