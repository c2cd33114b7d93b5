/** How often an open tab asks whether a new build has been deployed. */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/** The id of the deployed build, or null when it cannot be told (offline, missing file). */
export async function fetchLatestBuildId(): Promise<string | null> {
  try {
    const response = await fetch(`/builds/latest.json?${Date.now()}`, { cache: "no-store" });
    if (!response.ok) return null;
    // Checked by hand: this runs on every page, where a schema library would cost first-load bytes.
    const latest: unknown = await response.json();
    const id = latest && typeof latest === "object" && "id" in latest ? latest.id : null;
    return typeof id === "string" && id ? id : null;
  } catch {
    return null;
  }
}

/**
 * Checks on an interval and whenever the tab becomes visible again; calls onNewVersion once when the
 * deployed build differs from the running one. Returns a function that stops it.
 */
export function watchForNewVersion(runningId: string, onNewVersion: (id: string) => void) {
  let notified = false;
  const check = async () => {
    if (notified) return;
    const latest = await fetchLatestBuildId();
    if (latest && latest !== runningId && !notified) {
      notified = true;
      onNewVersion(latest);
    }
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") void check();
  };
  const timer = setInterval(check, VERSION_CHECK_INTERVAL_MS);
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
