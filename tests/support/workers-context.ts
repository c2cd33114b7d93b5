import type { AppLoadContext, UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { env } from "cloudflare:workers";
import { getLoadContext } from "../../load-context";
import type { Bindings } from "../../app/server/env.server";
import { sealedCopy, type Shielded } from "../../app/lib/shield/gated";

const origin = "https://companion.test";

/** The test's bindings (local D1 and KV), with some replaced. */
export function bindingsWith(overrides: Partial<Bindings> = {}): Bindings {
  return { ...(env as Bindings), ...overrides };
}

/** The same load context the Pages Function builds, over the test's local D1 and KV. */
export function createLoadContext(request: Request, overrides: Partial<Bindings> = {}): AppLoadContext {
  return getLoadContext({ request, context: { cloudflare: { env: bindingsWith(overrides) } } });
}

/** What React Router hands a loader or an action. */
interface RouteArgs<Params> {
  request: Request;
  url: URL;
  params: Params;
  pattern: string;
  context: AppLoadContext;
}

/** Any route module's loader or action, whatever its URL parameters. */
export type DataFunction = (args: RouteArgs<never>) => unknown;

/** The URL parameters a route's loader or action takes. */
export type ParamsOf<F extends DataFunction> = Parameters<F>[0]["params"];

/**
 * A loader's data as the browser gets it: a `data(value, init)` result is its value, and a shielded
 * page's data its sealed copy (what the response carries).
 */
export type LoaderData<F extends DataFunction> =
  Awaited<ReturnType<F>> extends infer Result
    ? SealedCopy<Result extends DataWithResponseInit<infer Value> ? Value : Result>
    : never;

type SealedCopy<T> = T extends Shielded<infer D> ? D : T;

export interface RequestOptions<Params = Record<string, string>> extends RequestInit {
  params?: Params;
  bindings?: Partial<Bindings>;
}

/** Calls a loader or action with a request for `path` on the test site, as the Pages Function would. */
function call<F extends DataFunction>(
  handler: F,
  path: string,
  { params, bindings, ...init }: RequestOptions<ParamsOf<F>> = {},
) {
  const request = new Request(`${origin}${path}`, init);
  const url = new URL(request.url);
  const args = {
    request,
    url,
    params: params ?? {},
    pattern: url.pathname,
    context: createLoadContext(request, bindings),
  };
  return handler(args as Parameters<F>[0]);
}

/** Runs a loader for a path, returning its data (or throwing what it threw). */
export async function load<F extends DataFunction>(
  loader: F,
  path: string,
  params?: ParamsOf<F>,
): Promise<LoaderData<F>> {
  return unwrap(await call(loader, path, { params })) as LoaderData<F>;
}

/** What a request answered: the status, the headers and the data (null for a Response, such as a redirect). */
export interface Outcome<F extends DataFunction> {
  status: number;
  headers: Headers;
  data: Exclude<LoaderData<F>, Response> | null;
}

/**
 * Runs a loader or action for a request and describes what it returned or threw. A thrown `data()`
 * (a 4xx or 503 page) has its own payload, so check `status` before reading `data`.
 */
export async function respond<F extends DataFunction>(
  handler: F,
  path: string,
  options: RequestOptions<ParamsOf<F>> = {},
): Promise<Outcome<F>> {
  const result = await settle(handler, path, options);
  const data = result instanceof Response ? null : (unwrap(result) as Exclude<LoaderData<F>, Response>);
  return { status: statusOf(result), headers: headersOf(result), data };
}

/** Runs a loader or action and returns what it returned or threw: data, a `data()` result or a Response. */
export async function settle<F extends DataFunction>(
  handler: F,
  path: string,
  options: RequestOptions<ParamsOf<F>> = {},
): Promise<unknown> {
  try {
    return await call(handler, path, options);
  } catch (thrown) {
    return thrown;
  }
}

/** The status a loader answers a path with: 200 for data, or the status of what it returned or threw. */
export async function status<F extends DataFunction>(loader: F, path: string, params?: ParamsOf<F>) {
  return statusOf(await settle(loader, path, { params }));
}

/** The HTTP status of a handler's outcome (a Response, a `data()` result with a status, or plain data). */
export function statusOf(outcome: unknown) {
  if (outcome instanceof Response) return outcome.status;
  if (isDataWithInit(outcome)) return outcome.init?.status ?? 200;
  return outcome instanceof Error ? 500 : 200;
}

/** The headers of a handler's `data()` outcome or Response. */
export function headersOf(outcome: unknown) {
  if (outcome instanceof Response) return outcome.headers;
  return new Headers(isDataWithInit(outcome) ? outcome.init?.headers : undefined);
}

/** A loader's data as the browser gets it: a `data(value, init)` result is its value. */
export function unwrap<Result>(result: Result): Unwrapped<Result> {
  const value = isDataWithInit(result) ? result.data : result;
  return (isShielded(value) ? sealedCopy(value) : value) as Unwrapped<Result>;
}

/** A loader's result as the browser reads it: a `data()` result's value, a shielded page's data opened. */
type Unwrapped<Result> = SealedCopy<Result extends DataWithResponseInit<infer Value> ? Value : Result>;

/** A shielded page's data as sent (app/lib/shield/gated.ts: `Shielded`), read as the browser reads it. */
function isShielded(value: unknown): value is Shielded<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { sealed?: unknown }).sealed === "string";
}

function isDataWithInit(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** The value, or a failed test saying what was missing. */
export function present<T>(value: T | null | undefined, what = "value"): T {
  if (value === null || value === undefined) throw new Error(`Expected a ${what}, got ${String(value)}`);
  return value;
}

/** Narrows a page's data to one of its kinds (a loader that serves several kinds of page). */
export function pageOfKind<T extends { kind: string }, K extends T["kind"]>(page: T, kind: K): Extract<T, { kind: K }> {
  if (page.kind !== kind) throw new Error(`Expected a ${kind} page, got ${page.kind}`);
  return page as Extract<T, { kind: K }>;
}

/** A binding whose `method` always fails with `error`; everything else is the real binding's. */
export function failing<T extends object>(binding: T, method: keyof T, error: Error): T {
  const broken: T = Object.create(binding, { [method]: { value: () => Promise.reject(error) } });
  return broken;
}
