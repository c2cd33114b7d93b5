import { useId, useState } from "react";
import { clearProgressApart, keepProgressApart, useProgressApartFrom } from "~/browser/progress-apart";
import { Button } from "~/components/ui/button";

/**
 * Asks a signed-in reader what becomes of progress another account saved in this browser (set aside
 * by the sign-in sync, ~/browser/progress-apart.ts): add it to theirs, keep it apart, or clear it from
 * this device. Nothing is added without the yes; meanwhile the page shows the reader's own progress.
 * It goes as soon as an answer is given here or in another tab. It opens the page's content (it is
 * drawn before each page, inside <main>), where no toast or notice covers it.
 */
export function ProgressApartPrompt({ uid }: { uid: string }) {
  const others = useProgressApartFrom(uid);
  const [adding, setAdding] = useState(false);
  const [failed, setFailed] = useState(false);
  const title = useId();
  if (!others.length) return null;
  const add = () => {
    setAdding(true);
    setFailed(false);
    import("~/browser/progress-save")
      .then((module) => module.addProgressApart(uid))
      .catch(() => setFailed(true))
      .finally(() => setAdding(false));
  };
  return (
    <section aria-labelledby={title} className="mb-6 rounded-lg border border-primary bg-background p-4 text-sm">
      <h2 id={title} className="font-semibold">
        This device holds reading progress saved by another account
      </h2>
      <p className="mt-1 text-muted-foreground">
        Add it to your progress, or keep it apart? Until you choose, the site shows your own progress only.
      </p>
      {failed ? (
        <p role="alert" className="mt-2">
          It could not be added: part of the site did not load. Check your connection and try again.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button disabled={adding} onClick={add}>
          {adding ? "Adding…" : "Add it to mine"}
        </Button>
        <Button variant="outline" disabled={adding} onClick={() => keepProgressApart(uid)}>
          Keep it apart
        </Button>
        <Button variant="outline" disabled={adding} onClick={() => clearProgressApart(uid)}>
          Clear it from this device
        </Button>
      </div>
    </section>
  );
}
