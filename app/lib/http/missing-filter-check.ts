/**
 * The shape of a filter that names nothing (see missing-filter.ts), apart from the helpers that build
 * one: the error boundary every page carries reads only this, so the label helpers stay off every page.
 */
export interface MissingFilter {
  /** What the address asked for: "Arc 99", "Page 9". */
  missing: string;
  /** What the links offer instead: "The arcs there are". */
  instead: string;
  choices: { label: string; href: string }[];
}

export function isMissingFilter(value: unknown): value is MissingFilter {
  return (
    typeof value === "object" &&
    value !== null &&
    "missing" in value &&
    typeof value.missing === "string" &&
    "choices" in value &&
    Array.isArray(value.choices)
  );
}
