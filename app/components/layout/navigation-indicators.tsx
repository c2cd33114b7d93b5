import { useEffect, useState } from "react";
import { Logo } from "~/components/logo";

/** A navigation that takes longer than this shows the slim bar… */
const BAR_DELAY_MS = 150;
/** …and past this, the full-screen loading background. */
const SLOW_DELAY_MS = 1500;

type Stage = "idle" | "bar" | "slow";

/**
 * The slim bar and the loading background of a client navigation, loaded when the first one starts
 * (see NavigationProgress).
 */
export function NavigationIndicators({ busy }: { busy: boolean }) {
  const [stage, setStage] = useState<Stage>("idle");

  useEffect(() => {
    if (!busy) {
      setStage("idle");
      return;
    }
    const bar = setTimeout(() => setStage("bar"), BAR_DELAY_MS);
    const slow = setTimeout(() => setStage("slow"), SLOW_DELAY_MS);
    return () => {
      clearTimeout(bar);
      clearTimeout(slow);
    };
  }, [busy]);

  return (
    <>
      <div
        role="progressbar"
        aria-label="Loading the next page"
        aria-hidden={stage === "idle"}
        className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden"
      >
        {stage !== "idle" ? <div className="h-full w-1/3 animate-progress bg-primary" /> : null}
      </div>
      {stage === "slow" ? <LoadingBackground /> : null}
    </>
  );
}

/**
 * The loading background: the logo and an indeterminate loading bar over the page, below the header, so
 * a reader who tires of waiting can still go elsewhere (the header and its menus stay above it), and below
 * the notice that says what became of the wait.
 */
export function LoadingBackground() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-0 top-[var(--header-height,3.5rem)] bottom-0 z-30 flex flex-col items-center justify-center gap-6 bg-background/95 animate-fade-in"
    >
      <Logo className="size-16" />
      <div className="h-1 w-48 overflow-hidden rounded-full bg-muted">
        <div className="h-full w-1/3 animate-progress rounded-full bg-primary" />
      </div>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
