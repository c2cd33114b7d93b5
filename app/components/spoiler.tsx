import { Link } from "react-router";
import { type ReactNode, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { isRevealed, useShield } from "~/lib/spoiler-shield";

/**
 * One gated item inside running text or a row (a title, a fact): its content once the reader's
 * progress has reached `revealAt` (or the shield is off); otherwise a short placeholder, or in blur
 * mode the content blurred, with a button to reveal it. The server and the first paint always render
 * the placeholder, so a spoiler never flashes, and without JavaScript it stays hidden. Lists of gated
 * items use ShieldedList instead, which folds runs of hidden items into one line.
 */
export function Spoiler({
  revealAt,
  children,
  what = "This",
  block = false,
}: {
  revealAt: number | null | undefined;
  children: ReactNode;
  what?: string;
  block?: boolean;
}) {
  const shield = useShield();
  const [asked, setAsked] = useState(false);
  if (asked || isRevealed(shield, revealAt)) return <>{children}</>;

  const Wrapper = block ? "div" : "span";
  if (shield?.mode === "blur") {
    return (
      <Wrapper className={cn("relative", block ? "block" : "inline-block")} data-spoiler="blurred">
        <span aria-hidden="true" className="pointer-events-none select-none blur-sm">
          {children}
        </span>
        <Button variant="link" size="inline" onClick={() => setAsked(true)} className="absolute inset-0 justify-center text-xs">
          Show spoiler
        </Button>
      </Wrapper>
    );
  }
  return (
    <Wrapper
      data-spoiler="hidden"
      className={cn("rounded border border-dashed border-border bg-muted px-2 py-0.5 text-sm text-muted-foreground", block ? "block p-3" : "inline-block")}
    >
      {what} is beyond your reading progress.{" "}
      {shield ? (
        <Button variant="link" size="inline" onClick={() => setAsked(true)}>
          Show it
        </Button>
      ) : null}
      {shield && !shield.hasProgress ? (
        <>
          {" "}
          ·{" "}
          <Link to="/reading_tracker" className="text-primary underline">
            Set your progress
          </Link>
        </>
      ) : null}
    </Wrapper>
  );
}
