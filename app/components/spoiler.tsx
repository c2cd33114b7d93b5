import { Link } from "react-router";
import { type ReactNode, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { Gated } from "~/lib/gated";
import { askToSee, isRevealed, useShield } from "~/lib/spoiler-shield";
import { beyondWhatYouKnow } from "~/lib/shield-words";

/**
 * One gated item inside running text or a row (a title, a fact): its content once the reader knows
 * what reveals it (or the shield is off); otherwise a short placeholder, or in blur mode the content
 * blurred, with a button to reveal it. Responses carry gated content only for a requester who knows
 * it, so the server and the first paint render the placeholder, a spoiler never flashes, and without
 * JavaScript it stays hidden; while the page's revealed data is on its way, the placeholder waits.
 * Lists of gated items use ShieldedList instead, which folds runs of hidden items into one line.
 */
export function Spoiler<T>({
  gated,
  children,
  what = "This",
  block = false,
}: {
  gated: Gated<T>;
  children: (content: T) => ReactNode;
  what?: string;
  block?: boolean;
}) {
  const shield = useShield();
  const [asked, setAsked] = useState(false);
  const { content, revealedBy } = gated;
  const ask = () => {
    setAsked(true);
    askToSee(revealedBy);
  };
  if (content !== null && (asked || isRevealed(shield, revealedBy))) return <>{children(content)}</>;

  const Wrapper = block ? "div" : "span";
  if (shield?.mode === "blur" && content !== null) {
    return (
      <Wrapper className={cn("relative", block ? "block" : "inline-block")} data-spoiler="blurred">
        <span aria-hidden="true" className="pointer-events-none select-none blur-sm">
          {children(content)}
        </span>
        <Button variant="link" size="inline" onClick={() => setAsked(true)} className="absolute inset-0 justify-center text-xs">
          Show spoiler
        </Button>
      </Wrapper>
    );
  }
  if (asked || (shield && shield.mode !== "hide") || isRevealed(shield, revealedBy)) {
    // Known (or asked for), and the page's revealed data is on its way.
    return (
      <Wrapper data-spoiler="loading" aria-busy="true" className={cn("rounded bg-muted px-2 py-0.5 text-sm text-muted-foreground", block ? "block p-3" : "inline-block")}>
        …
      </Wrapper>
    );
  }
  return (
    <Wrapper
      data-spoiler="hidden"
      className={cn("rounded border border-dashed border-border bg-muted px-2 py-0.5 text-sm text-muted-foreground", block ? "block p-3" : "inline-block")}
    >
      {what} is {beyondWhatYouKnow(shield?.hasProgress ?? true)}.{" "}
      {shield ? (
        <Button variant="link" size="inline" onClick={ask}>
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
