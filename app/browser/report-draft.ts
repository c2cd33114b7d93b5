import { type RefObject, useEffect, useRef, useState } from "react";
import { useBeforePaint } from "./before-paint";
import { forgetStored, readStored, writeStored } from "./storage";
import { useOptionalUser } from "./user";

/**
 * Where a draft is kept: per account (`rc:draft:<uid>:bug`), so a draft written by one reader never
 * opens in another's form in a shared browser; a signed-out reader's under the form's kind alone.
 */
function draftSuffix(kind: string, uid: string | null) {
  return uid ? `:${uid}:${kind}` : `:${kind}`;
}

type DraftField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether a form's element is a field a reader fills in, which a draft keeps. */
const isDraftField = (element: unknown): element is DraftField =>
  (element instanceof HTMLInputElement && element.type !== "hidden") ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement;

/**
 * Whether the reader changed a field before the page could restore the draft (typed while the page was
 * still loading its code): their new words win over the older draft.
 */
function changedSinceLoad(element: DraftField) {
  if (element instanceof HTMLSelectElement) {
    // What the page drew it with: the option marked, or else the first.
    const drawn = [...element.options].find((option) => option.defaultSelected) ?? element.options[0];
    return element.value !== (drawn?.value ?? "");
  }
  return element.value !== element.defaultValue;
}

/** Forgets one form's draft (its report was sent). */
export function forgetDraft(kind: string, uid: string | null) {
  writeStored("reportDraft", null, draftSuffix(kind, uid));
}

/**
 * Drafts forgotten so far: a save still waiting when every draft is forgotten (the reader signed out
 * with a form open) is dropped, not written back after.
 */
let forgotten = 0;

/** Forgets every draft in this browser, of every form and account (on sign-out). */
export function forgetDrafts() {
  forgotten += 1;
  forgetStored("reportDraft");
}

/**
 * A report form's unsent draft, kept in this browser per kind of report and account: restored once on arrival
 * (`restore`; never over a field the address filled in, `keep`), or once the form is `ready` (a select
 * whose choices come with the reader's shield, just after the page's first drawing, has the option the
 * draft chose only then), saved 300 ms after the reader stops
 * typing (`save`) or at once when the form or the page goes away before then (the reader went elsewhere,
 * reloaded, closed the tab), dropped
 * when the reader starts over (`discard`) or the report is sent (the hub does, after the form has gone).
 */
export function useReportDraft(
  formRef: RefObject<HTMLFormElement | null>,
  kind: string,
  {
    restore,
    keep,
    read,
    ready = true,
  }: {
    restore: boolean;
    keep: Partial<Record<string, string>>;
    read: () => Record<string, string>;
    ready?: boolean;
  },
) {
  const uid = useOptionalUser()?.uid ?? null;
  const suffix = draftSuffix(kind, uid);
  /** Who wrote in this form: the reader signed in when it opened, or last while it was open. */
  const writer = useRef(uid);
  if (uid) writer.current = uid;
  const [restored, setRestored] = useState(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** What is typed and not stored yet, with the key it goes under (read as typed: the form is gone on unmount). */
  const unsaved = useRef<{ suffix: string; draft: string; forgotten: number } | null>(null);
  const storeUnsaved = () => {
    clearTimeout(saveTimer.current);
    if (unsaved.current?.forgotten === forgotten)
      writeStored("reportDraft", unsaved.current.draft, unsaved.current.suffix);
    unsaved.current = null;
  };

  const save = () => {
    clearTimeout(saveTimer.current);
    unsaved.current = { suffix, draft: JSON.stringify(read()), forgotten };
    saveTimer.current = setTimeout(storeUnsaved, 300);
  };

  // Before paint: a form the reader opens shows their draft at once, never empty for a moment. Words
  // typed in the form the server drew, before its code came, are kept over the draft's, and the two
  // together are the draft from then on.
  const arrived = useRef(false);
  useBeforePaint(() => {
    if (!ready || arrived.current) return;
    arrived.current = true;
    const typedBefore = [...(formRef.current?.elements ?? [])].some(
      (element) => isDraftField(element) && changedSinceLoad(element),
    );
    restoreDraft();
    if (typedBefore) save();
    // Only on arrival (once ready): a draft is restored once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  function restoreDraft() {
    if (!restore) return;
    const draft = readStored("reportDraft", suffix);
    if (!draft || !formRef.current) return;
    try {
      const saved = JSON.parse(draft) as Record<string, string>;
      let any = false;
      for (const [name, value] of Object.entries(saved)) {
        const element = formRef.current.elements.namedItem(name);
        if (value && isDraftField(element) && !keep[name] && !changedSinceLoad(element)) {
          element.value = value;
          any = true;
        }
      }
      setRestored(any);
    } catch {
      writeStored("reportDraft", null, suffix);
    }
  }
  // As the form goes away, a draft still waiting for the save's pause is stored at once: the page
  // moving on within the site, and the page itself going (a reload, the tab closed) or put away (a
  // phone's browser may end a hidden tab without a word), which no unmount follows.
  useEffect(() => {
    const storeIfHidden = () => {
      if (document.visibilityState === "hidden") storeUnsaved();
    };
    window.addEventListener("pagehide", storeUnsaved);
    document.addEventListener("visibilitychange", storeIfHidden);
    return () => {
      window.removeEventListener("pagehide", storeUnsaved);
      document.removeEventListener("visibilitychange", storeIfHidden);
      storeUnsaved();
    };
  }, []);

  return {
    restored,
    save,
    /**
     * Stores the draft at once under its writer's account, though their session has ended with the form
     * open (sign-out forgot every draft): when they sign in again as themselves, it is in the form again.
     */
    keepForWriter() {
      clearTimeout(saveTimer.current);
      unsaved.current = null;
      if (writer.current) writeStored("reportDraft", JSON.stringify(read()), draftSuffix(kind, writer.current));
    },
    discard() {
      clearTimeout(saveTimer.current);
      unsaved.current = null;
      writeStored("reportDraft", null, suffix);
      setRestored(false);
    },
  };
}
