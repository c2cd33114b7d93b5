import { useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_DataRouterContext as DataRouterContext } from "react-router";
import { importWithRecovery } from "~/browser/lazy-import";
import { Button, buttonClassName } from "~/components/ui/button";
import { loadToaster } from "~/components/ui/toast-store";
import { hasConsumed, isPlace, type Knowledge } from "~/lib/shield/knowledge";
import { unitPlace } from "~/lib/content/units";
import { useShield } from "~/browser/spoiler-shield";
import { useOptionalUser } from "~/browser/user";
import { focusLost } from "~/browser/focus";
import { afterNextPaint, whenIdle } from "~/browser/when-idle";
import type { MarkVerb } from "~/browser/read-up-to.client";
import { OutOn, useOut } from "~/components/out-on";

// Needed only once the reader clicks, so neither is part of the first load of the pages that show the button.
const readUpTo = () => importWithRecovery(() => import("~/browser/read-up-to.client"));
const progressSave = () => importWithRecovery(() => import("~/browser/progress-save"));

/**
 * Both fetched once the page is idle, with the toasts that confirm a click, so the first click answers
 * at once and works offline. A failure
 * here is left for the click to meet (and recover from): nothing reloads under a reader who is reading.
 */
let preloaded: Promise<unknown> | undefined;
function usePreloadedClick() {
  useEffect(() => {
    preloaded ??= new Promise((idle) => whenIdle(() => idle(null)))
      .then(() =>
        Promise.all([import("~/browser/read-up-to.client"), import("~/browser/progress-save"), loadToaster()]),
      )
      .catch(() => (preloaded = undefined));
  }, []);
}

/** The unit whose button had focus when pressed, and until when the cell in its place may take it. */
let refocus: { key: string; until: number } | null = null;
const REFOCUS_MS = 3000;

/*
 * Where progress is (the reader's place on the unit's line), the row says "Read up to here", never a bare
 * "Read" beside its link to where it can be read; a row before it, read on the way, has a quiet ✓ alone
 * (named for assistive technology), so the place stands out in a list of what the reader has been through;
 * a card (an episode, a volume, a manga chapter) or a heading says "✓ Watched" or "✓ Read" (sayPassed).
 */
const labels = {
  read: {
    label: "I have read up to here",
    doneLabel: "Read up to here",
    passedLabel: "Read",
  },
  watched: {
    label: "I have watched up to here",
    doneLabel: "Watched up to here",
    passedLabel: "Watched",
  },
  // An OVA, special or film is watched on its own: marking it says nothing of the episodes around it.
  watchedThis: { label: "I have watched this", doneLabel: "Watched", passedLabel: "Watched" },
} as const satisfies Record<MarkVerb, { label: string; doneLabel: string; passedLabel: string }>;

/**
 * "I have read up to here" beside a chapter, volume or episode: one click moves the reader's progress
 * there (never back), which reveals what it reached on every page. A toast confirms it, with an Undo
 * (read-up-to.client.ts, `markUpTo`, which the click loads). Where progress already is, the button turns into a quiet "✓ Read up to here" in the same cell
 * (on the units before it, read on the way, a ✓ alone), and
 * the page is scrolled by however much the clicked row moved, so nothing shifts under the reader's finger as
 * the rows above it change. Shown once the page is interactive, as it needs the stored progress.
 */
export function ReadUpToHere({
  unit,
  name,
  verb = "read",
  seenElsewhere,
  sayPassed = false,
  released,
}: {
  unit: { key: string; position: number };
  /**
   * What the unit is called by its place ("Chapter 26", "Lanternfall 4", "Episode 13.5"), never its title,
   * which may be gated: the button says which row it marks to a screen reader going from button to button.
   */
  name: string;
  verb?: keyof typeof labels;
  /**
   * What the quiet label says where the reader has seen the unit off its own line (a season's episode
   * watched in a recut), or null where they have not: the row is marked as seen, as if reached.
   */
  seenElsewhere?: (knowledge: Knowledge) => string | null;
  /**
   * A unit passed on the way says so beside its ✓ ("✓ Watched"): for a card whose control stands on a
   * line of its own on a phone, where a ✓ alone would read as a stray mark under the title.
   */
  sayPassed?: boolean;
  /**
   * When the unit first came out (or comes out): one not out yet by the reader's day cannot be read, so
   * the cell says when it comes ("Out Mar 2027") instead (decision 77). Absent or null: out.
   */
  released?: string | null;
}) {
  const { label, doneLabel, passedLabel } = labels[verb];
  const shield = useShield();
  const user = useOptionalUser();
  const box = useRef<HTMLSpanElement>(null);
  // The app's router, read once (not a hook that draws every row again as pages come and go): another
  // page opened closes the toast, and a signed-in reader's step reaches the account then.
  const router = useContext(DataRouterContext)?.router;
  // The first click waits for the code above; a second click meanwhile must not take the step twice.
  const marking = useRef(false);
  const [failed, setFailed] = useState(false);
  // The click is answered at once, in its own frame: the row says "✓ Read up to here" while the rest of
  // the page is drawn again for the new progress just after. Only until the shield has moved (an Undo
  // may then take it back).
  const [markedWith, setMarkedWith] = useState<typeof shield | undefined>(undefined);
  // Read already when the reader has consumed this very unit (in its own medium: reading the web
  // novel further does not mark an anime episode as watched).
  const reached = shield ? markedWith === shield || hasConsumed(shield.knowledge, unit.key) : false;
  // "Up to here" belongs to the reader's place alone (and to the row just clicked, which is about to be
  // it); a checklist's unit, on no line, is simply done.
  const here =
    shield !== null && (markedWith === shield || isPlace(shield.knowledge, unit.key) || unitPlace(unit.key) === null);
  const seenAs = shield && !reached ? (seenElsewhere?.(shield.knowledge) ?? null) : null;
  const done = reached || seenAs !== null;
  const out = useOut(released);
  usePreloadedClick();
  // Pressed from the keyboard (or clicked), the button gives way to its "✓ Read up to here", which takes
  // the focus the disabled button lost: Tab goes on from the row, and a screen reader says it is done.
  // The row may be drawn anew as the page takes the new progress (a title it now shows), so the cell that
  // comes in its place takes the focus too, while it has nowhere else to be.
  const doneBox = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!done || refocus?.key !== unit.key || Date.now() > refocus.until) return;
    if (focusLost() || box.current?.contains(document.activeElement)) doneBox.current?.focus({ preventScroll: true });
  }, [done, unit.key]);

  async function markRead() {
    if (marking.current) return;
    marking.current = true;
    setFailed(false);
    setMarkedWith(shield);
    // A signed-in reader's account is saved when the toast closes, perhaps as the page goes: the code is here by then.
    const loaded = await Promise.all([readUpTo(), progressSave(), afterNextPaint()])
      .catch(() => null)
      .finally(() => (marking.current = false));
    if (!loaded) {
      // Its code could not be had (offline before the page fetched it): the row says the tap did nothing,
      // and the button stays for another.
      setMarkedWith(undefined);
      setFailed(true);
      return;
    }
    const [{ markUpTo }, save] = loaded;
    const leaving =
      router &&
      ((listener: () => void) => {
        const from = router.state.location.pathname;
        return router.subscribe((state) => {
          if (state.location.pathname !== from) listener();
        });
      });
    markUpTo(unit, { verb, user, row: box, leaving }, save);
  }

  // Before the page is interactive (the server cannot know the reader's progress) the cell is kept,
  // empty, so nothing beside it moves when the button appears: one invisible box the button's size (no
  // accessible name, as it is hidden), where a list of a hundred rows renders nothing more.
  // Both carry .read-up-to-here, by which a list places them (app/styles/app.css).
  if (!shield) return <span className={buttonClassName("outline", "xs", "read-up-to-here invisible")}>{label}</span>;
  if (!out)
    return (
      <span className="read-up-to-here inline-flex items-center px-2 py-1 text-xs text-muted-foreground">
        <OutOn date={released} />
      </span>
    );
  // Both labels share one cell, so the control keeps its size whichever it shows.
  return (
    <span ref={box} className="read-up-to-here inline-grid">
      <Button
        variant="outline"
        size="xs"
        onClick={(event) => {
          refocus =
            document.activeElement === event.currentTarget ? { key: unit.key, until: Date.now() + REFOCUS_MS } : null;
          void markRead();
        }}
        className={done ? "invisible col-start-1 row-start-1" : "col-start-1 row-start-1"}
        disabled={done}
        aria-hidden={done || undefined}
        aria-label={`${label}: ${name}`}
      >
        {label}
      </Button>
      {done ? (
        <span
          ref={doneBox}
          tabIndex={-1}
          className="col-start-1 row-start-1 inline-flex items-center px-2 py-1 text-xs text-muted-foreground"
        >
          {here || seenAs !== null ? (
            <>
              <span aria-hidden="true">✓&nbsp;</span>
              {seenAs ?? doneLabel}
            </>
          ) : sayPassed ? (
            <>
              <span aria-hidden="true">✓&nbsp;</span>
              {passedLabel}
              <span className="sr-only">{`: ${name}`}</span>
            </>
          ) : (
            <>
              <span aria-hidden="true">✓</span>
              <span className="sr-only">{`${passedLabel}: ${name}`}</span>
            </>
          )}
        </span>
      ) : null}
      {failed && !done ? (
        <span role="alert" className="col-start-1 row-start-2 max-w-48 text-xs">
          Not marked: check your connection, then try again.
        </span>
      ) : null}
    </span>
  );
}
