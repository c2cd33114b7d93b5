import { type Gated, gated } from "~/lib/shield/gated";
import { readRevealers } from "~/lib/shield/knowledge";

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

/** Gated content from a row, its revealers as stored (read here, once, as the row leaves the database). */
export function gatedBy<T>(stored: string | null, content: T): Gated<T> {
  return gated(readRevealers(stored), content);
}
