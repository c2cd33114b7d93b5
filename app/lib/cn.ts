import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. Components avoid conflicting utilities instead of resolving them at run time,
 * which keeps a class-merging library out of the first-load JavaScript.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
