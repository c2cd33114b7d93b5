import { errorPage } from "~/lib/http-status";

/**
 * Runs a page's statements in one D1 round trip. A database failure becomes a 503 with a plain
 * message (the general error page), never a stack trace.
 */
export async function batch<T extends unknown[]>(
  db: D1Database,
  statements: D1PreparedStatement[],
): Promise<{ [K in keyof T]: T[K][] }> {
  try {
    const results = await db.batch(statements);
    return results.map((result) => result.results) as { [K in keyof T]: T[K][] };
  } catch (error) {
    console.error("D1 query failed", error);
    throw errorPage(503, { message: "The story database is not answering right now. Please try again in a moment." });
  }
}

/** Columns stored as JSON text. */
export function parseJsonList(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
