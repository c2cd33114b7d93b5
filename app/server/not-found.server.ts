import { errorPage } from "~/lib/http/status";
import type { MissingFilter } from "~/lib/http/missing-filter";

/**
 * Throw from a loader when the address names something that does not exist. When the page exists but
 * a filter in its address names nothing, `missing` says what and offers what there is.
 */
export function notFound(missing?: MissingFilter): never {
  throw errorPage(404, missing ?? null);
}
