import { data } from "react-router";

/** Throw from a loader when the address names something that does not exist. */
export function notFound(): never {
  throw data(null, { status: 404 });
}
