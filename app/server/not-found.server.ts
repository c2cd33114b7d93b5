import { data } from "react-router";
import type { MissingFilter } from "~/lib/missing-filter";

/**
 * Throw from a loader when the address names something that does not exist. When the page exists but
 * a filter in its address names nothing, `missing` says what and offers what there is.
 */
export function notFound(missing?: MissingFilter): never {
  throw data(missing ?? null, { status: 404 });
}
