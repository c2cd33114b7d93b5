import { emptyProgress, mergeProgress, type Progress, sameProgress } from "~/lib/progress";
import { announceShieldChange } from "~/lib/spoiler-shield";
import { readStored, writeStored } from "~/lib/storage-keys";

/**
 * On a signed-in reader's first page in this browser session: merges the account's progress into
 * the browser's (furthest wins per medium), so the spoiler shield is right on every device at once,
 * and sends back anything this browser had that the account did not.
 */
export async function syncProgressOnSignIn(uid: string) {
  if (readStored("progressSynced", `:${uid}`)) return;
  const response = await fetch("/resources/progress", { credentials: "same-origin" });
  if (!response.ok) return;
  const { progress: saved } = (await response.json()) as { progress: Progress | null };
  const { parseProgressFile } = await import("~/lib/progress-file");
  const local = parseProgressFile(readStored("progress") ?? "").progress ?? emptyProgress;
  const merged = saved ? mergeProgress(local, saved) : local;
  if (!sameProgress(merged, local)) {
    writeStored("progress", JSON.stringify(merged));
    announceShieldChange();
  }
  if (!saved || !sameProgress(merged, saved)) {
    if (!sameProgress(merged, emptyProgress)) {
      const body = new FormData();
      body.set("progress", JSON.stringify(merged));
      await fetch("/resources/progress", { method: "POST", body, credentials: "same-origin" }).catch(() => {});
    }
  }
  writeStored("progressSynced", "1", `:${uid}`);
}
