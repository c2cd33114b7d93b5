import { reconcileProgress } from "~/lib/progress/changes";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { checkProgress } from "~/lib/progress/file";
import { readStored, writeStored } from "~/browser/storage";
import { readStoredProgress } from "~/browser/read-stored-progress";
import { storeProgress } from "~/browser/stored-progress";

/**
 * On a signed-in reader's first page in this browser session: merges the account's progress into
 * the browser's (furthest wins per medium), so the spoiler shield is right on every device at once,
 * and sends back anything this browser had that the account did not.
 */
export async function syncProgressOnSignIn(uid: string) {
  if (readStored("progressSynced", `:${uid}`)) return;
  const response = await fetch("/resources/progress", { credentials: "same-origin" });
  if (!response.ok) return;
  const body = (await response.json()) as { progress?: unknown };
  const saved = checkProgress(body.progress).progress;
  const { progress, storeLocally, sendToAccount } = reconcileProgress(readStoredProgress() ?? emptyProgress, saved);
  if (storeLocally) storeProgress(progress);
  if (sendToAccount) await saveProgressToAccount(progress);
  writeStored("progressSynced", "1", `:${uid}`);
}

/**
 * Sends progress to a signed-in reader's account, which merges it (furthest wins): the one way every
 * part of the site saves it (the tracker, "I have read up to here", the sign-in sync). A plain request,
 * so nothing on the page loads again; kept alive, so a save sent as the page goes away still arrives.
 * A failure leaves the account as it was and says so (false); the browser keeps the progress.
 */
export async function saveProgressToAccount(progress: Progress): Promise<boolean> {
  const form = new FormData();
  form.set("progress", JSON.stringify(progress));
  const response = await fetch("/resources/progress", {
    method: "POST",
    body: form,
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => null);
  return response?.ok ?? false;
}
