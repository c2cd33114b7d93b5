/** DESIGN §6: after a chunk fails to load, reload at most once per path in this window. */
export const RELOAD_GUARD_MS = 10_000;

/** Whether a chunk failure on this path may reload the page, given when it last did. */
export function mayReload(lastReloadAt: number | null, now: number) {
  return (
    lastReloadAt === null ||
    !Number.isFinite(lastReloadAt) ||
    now - lastReloadAt >= RELOAD_GUARD_MS ||
    now < lastReloadAt
  );
}
