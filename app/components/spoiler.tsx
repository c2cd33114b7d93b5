import { Link } from "react-router";
import { createContext, type ReactNode, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { Gated } from "~/lib/shield/gated";
import { isRevealed } from "~/lib/shield/shield";
import type { Revealers } from "~/lib/shield/knowledge";
import { askToSee, useShield } from "~/browser/spoiler-shield";
import { afterNextPaint } from "~/browser/when-idle";
import { type FailedFollowUp, useFailedFollowUps } from "~/browser/follow-up";
import { beyondWhatYouKnow } from "~/lib/shield/words";
import { useFocusKeptAround } from "~/browser/focus";

/**
 * What is blurred is neither read out (aria-hidden) nor reached by Tab or a click: `inert`, which React
 * 18 passes to the element as an attribute when given as a string (its types do not name it yet).
 */
const inert = { inert: "" } as Record<string, string>;

/**
 * What the reader asked to see with "Show it" on a Spoiler around this part of the page (its item's
 * revealers), or null: a list inside shows the items those reveal too ("This discussion" of an episode
 * shows the comments on that episode, never those that touch more).
 */
export const AskedToSee = createContext<Revealers | null>(null);

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
  const failures = useFailedFollowUps();
  // The failures noted when the reader last tapped "Show it" (null: not tapped): a failure of the page's
  // reveal noted after it means the question it asked failed, and the button is there again to ask once more.
  const [askedAmid, setAskedAmid] = useState<readonly FailedFollowUp[] | null>(null);
  const asked = askedAmid !== null;
  const askFailed = asked && failures.some((failure) => failure.reveal && !askedAmid.includes(failure));
  // What the button gives way to is read next: focus goes to what holds it, not back to the top.
  const kept = useFocusKeptAround("[data-spoiler]");
  const { content, revealedBy } = gated;
  // The placeholder answers at once ("…"); the page is drawn again for what was asked just after, off the
  // tap's frame. A tap after the question failed asks it again (askToSee).
  const ask = (event: { currentTarget: Element }) => {
    kept(event);
    setAskedAmid(failures);
    void afterNextPaint().then(() => askToSee([revealedBy]));
  };
  if (content !== null && asked)
    return <AskedToSee.Provider value={revealedBy}>{children(content)}</AskedToSee.Provider>;
  if (content !== null && isRevealed(shield, revealedBy)) return <>{children(content)}</>;

  const Wrapper = block ? "div" : "span";
  if (shield?.mode === "blur" && content !== null) {
    return (
      <Wrapper className={cn("relative", block ? "block" : "inline-block")} data-spoiler="blurred">
        <span aria-hidden="true" className="pointer-events-none select-none blur-sm" {...inert}>
          {children(content)}
        </span>
        <Button
          variant="link"
          size="inline"
          onClick={(event) => {
            kept(event);
            setAskedAmid(failures);
          }}
          className="absolute inset-0 justify-center text-xs"
        >
          Show spoiler
        </Button>
      </Wrapper>
    );
  }
  // Known (or asked for), and the page's revealed data is on its way: a quiet "…" in the placeholder's
  // own box, which keeps its size, so the item moves nothing until its content takes its place.
  // Once what the reader asked for failed to come, the placeholder says what it hides again, with its button.
  const waiting =
    (asked && !askFailed) || (shield !== null && shield.mode !== "hide") || isRevealed(shield, revealedBy);
  // Before the page is interactive, a browser that keeps progress (<html data-progress>) may well know
  // it: the placeholder is quiet there too, rather than saying it is beyond them and then showing it.
  const undecided = shield === null;
  return (
    <Wrapper
      data-spoiler={waiting ? "loading" : "hidden"}
      aria-busy={waiting || undefined}
      className={cn("spoiler", undecided && "spoiler-undecided", block && "spoiler-block")}
    >
      <span className="spoiler-words" aria-hidden={waiting || undefined}>
        {`${what} is ${beyondWhatYouKnow}. `}
        {/* The button's place is kept before the page is interactive, so the line does not rewrap when it
            appears. The "·" after it stays on its line: no line starts with the dot. */}
        <span className="whitespace-nowrap">
          <Button
            variant="link"
            size="inline"
            onClick={ask}
            disabled={!shield}
            className={shield ? undefined : "invisible"}
            aria-hidden={shield ? undefined : true}
          >
            Show it
          </Button>
          {shield?.hasProgress === false ? "\u00A0·" : null}
        </span>
        <SetYourProgress hasProgress={shield?.hasProgress ?? null} />
      </span>
      {waiting || undecided ? (
        <span aria-hidden={waiting ? undefined : true} className="spoiler-dots">
          …
        </span>
      ) : null}
    </Wrapper>
  );
}

/**
 * " · Set your progress", for a reader without progress, after what a Spoiler hides (the dot held to
 * the word before it, so no line starts with it). Its words move to the next line together, and
 * break only where a line is too narrow for them (a large text size on a phone). Before the page is
 * interactive its place is kept, invisible, in a browser that keeps no progress.
 */
function SetYourProgress({ hasProgress }: { hasProgress: boolean | null }) {
  if (hasProgress === null)
    return (
      <span className="spoiler-progress-place" aria-hidden="true">
        {"\u00A0· "}
        <span className="inline-block">Set your progress</span>
      </span>
    );
  if (hasProgress) return null;
  // The "·" before it is the button's (Spoiler), so that the line may break after it, never before.
  return (
    <>
      {" "}
      {/* A fingertip's hit area around the words, as "Show it" has, without making the line taller. */}
      <Link to="/reading_tracker" className="link-inline-block text-primary underline">
        Set your progress
      </Link>
    </>
  );
}
