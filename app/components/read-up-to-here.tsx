import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { emptyProgress, readUpTo } from "~/lib/progress";
import { useShield } from "~/lib/spoiler-shield";
import { readStoredProgress, storeProgress } from "~/lib/stored-progress";
import { useOptionalUser } from "~/lib/user";

/**
 * "I have read up to here" beside a chapter, volume or episode: one click moves the reader's progress
 * there (never back), which reveals what it reached on every page; a signed-in reader's account is
 * saved too. Shown once the page is interactive, as it needs the browser's stored progress.
 */
export function ReadUpToHere({ unit, label = "I have read up to here" }: { unit: { key: string; position: number }; label?: string }) {
  const shield = useShield();
  const user = useOptionalUser();
  const save = useFetcher();
  // Nothing to offer before the page is interactive, or where the reader's progress already is.
  if (!shield || shield.position >= unit.position) return null;

  function markRead() {
    const progress = readUpTo(readStoredProgress() ?? emptyProgress, unit);
    storeProgress(progress);
    if (user) save.submit({ progress: JSON.stringify(progress) }, { method: "post", action: "/resources/progress" });
  }

  return (
    <Button variant="outline" size="xs" onClick={markRead}>
      {label}
    </Button>
  );
}
