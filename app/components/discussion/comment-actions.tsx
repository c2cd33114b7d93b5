import { Form, useLocation, useNavigation, useSearchParams } from "react-router";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { WrappingSelect } from "~/components/ui/wrapping-select";
import { Textarea } from "~/components/ui/textarea";
import { answerTo, type FormAnswer as Answer } from "~/lib/discussion/thread-forms";
import { commentReportKinds, REPORT_NOTE_MAX_LENGTH } from "~/lib/discussion/comment-report";
import { COMMENT_MAX_LENGTH, keptLength } from "~/lib/discussion/comment-text";
import { EDIT_MINUTES, stillEditable } from "~/lib/discussion/standing";
import { editHorizonChoices, horizonChoices } from "~/lib/discussion/horizon";
import type { CommentBody, ReaderPlace, UnitLabel } from "~/lib/discussion/thread";
import { writerTag } from "~/lib/discussion/writer";
import { characterCount } from "~/lib/forms/text-length";
import { formErrorsOf } from "~/lib/http/error-body";
import { knows, type Revealers } from "~/lib/shield/knowledge";
import { useShield } from "~/browser/spoiler-shield";
import { useOptionalUser } from "~/browser/user";
import { ProgressLink } from "~/components/progress-link";
import { useFocusOnRefusal } from "~/browser/refusal-focus";
import { CommentText } from "./comment-text";

/*
 * What a signed-in reader may do with one comment besides replying: edit or delete their own, report
 * another's; and a moderator's decisions. Every form says which it is (`form`), so a refusal comes back
 * to it with the reader's text and each message next to its field. Loaded only for signed-in readers
 * (lazy-writer-tools.tsx).
 */

/** A gate a comment is shown behind: a part of the story, and who has been through it (its `told_by`). */
export interface ShownBehind {
  place: UnitLabel;
  revealedBy: Revealers;
}

/**
 * A comment's text and what the signed-in reader may do with it: its writer edits it in place (for its
 * first minutes) or deletes it, another reader reports it (once: then it says so), a moderator decides.
 */
export function CommentTools({
  unit,
  parentHorizon = null,
  place,
  within = [],
  readerPlaces,
  body,
  moderator,
  actionData,
}: {
  /** The thread's unit: what an edit's horizon may be raised from. */
  unit: UnitLabel;
  /** For a reply, the horizon of the comment it answers (an edit keeps it at least that); null for a comment. */
  parentHorizon?: UnitLabel | null;
  /** The comment's id, what it touches and who may read it (`revealedBy`: a report is taken from them alone). */
  place: { id: number; horizon: UnitLabel; revealedBy: Revealers };
  /**
   * The gates it is shown behind besides its own (`ShownBehind`): its thread's unit, and for a reply the
   * horizon of the comment it sits in. A report is taken only from a reader past all of them.
   */
  within?: readonly ShownBehind[];
  /** The reader's places as the series names them, for a report's "should have seen first" and an edit's horizon. */
  readerPlaces: readonly ReaderPlace[];
  body: CommentBody;
  moderator: boolean;
  actionData: unknown;
}) {
  const ownTag = useOwnWriterTag();
  const own = ownTag !== null && body.writer === ownTag;
  const editable = useStillEditable(body.postedAt);
  const editAnswer = answerTo(actionData, `edit:${place.id}`);
  const reportAnswer = answerTo(actionData, `report:${place.id}`);
  const deleteAnswer = answerTo(actionData, `delete:${place.id}`);
  const answered = editAnswer ? "edit" : reportAnswer ? "report" : null;
  const [open, setOpen] = useState<"edit" | "report" | null>(answered);
  // Closed by its Cancel or Close, a form gives the focus back to the button that opened it (which
  // comes back with it), not to the page's start.
  const reportButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState<"edit" | "report" | null>(null);
  useEffect(() => {
    if (!refocus) return;
    (refocus === "edit" ? editButton : reportButton).current?.focus();
    setRefocus(null);
  }, [refocus]);
  const close = (which: "edit" | "report") => () => {
    setOpen(null);
    setRefocus(which);
  };
  // A report sent and not refused is one this reader has made: the site takes one a comment.
  const [reported, setReported] = useState(false);
  const sendingReport = useSending("report", place.id);
  const reportSent = useRef(false);
  useEffect(() => {
    if (sendingReport) reportSent.current = true;
  }, [sendingReport]);
  // After each navigation: open on the form the action refused, closed once it went through.
  const { key } = useLocation();
  useEffect(() => {
    if (reportSent.current && !reportAnswer) setReported(true);
    reportSent.current = false;
    setOpen(answered);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- per navigation
  return (
    <>
      {open === "edit" && own ? (
        <EditForm
          id={place.id}
          text={body.text}
          horizons={{ unit, parentHorizon, current: { ...place.horizon, readBy: place.revealedBy }, readerPlaces }}
          version={body.editedAt ?? body.postedAt}
          answer={editAnswer}
          onDone={close("edit")}
        />
      ) : (
        <div className="mt-2">
          <CommentText text={body.text} />
        </div>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-x-3">
        {own && editable && open !== "edit" ? (
          <Button ref={editButton} variant="link" size="sm" onClick={() => setOpen("edit")}>
            Edit
          </Button>
        ) : null}
        {own ? <DeleteButton id={place.id} sent={deleteAnswer} /> : null}
        {!own && reported ? <span className="text-sm text-muted-foreground">Reported</span> : null}
        {!own && !reported && open !== "report" ? (
          <Button ref={reportButton} variant="link" size="sm" onClick={() => setOpen("report")}>
            Report
          </Button>
        ) : null}
      </div>
      {open === "report" && !own ? (
        <ReportForm
          id={place.id}
          gates={[...within, { place: place.horizon, revealedBy: place.revealedBy }]}
          readerPlaces={readerPlaces}
          answer={reportAnswer}
          onDone={close("report")}
        />
      ) : null}
      {moderator ? (
        <ModeratorActions id={place.id} hidden={false} answer={answerTo(actionData, `moderate:${place.id}`)} />
      ) : null}
    </>
  );
}

/** Each form's fields in the order it shows them: a refusal takes focus to the first it tells off. */
const editFields = ["text", "horizon"] as const;
const reportFields = ["kind", "needs", "note"] as const;
const moderatorFields = ["horizon", "reason"] as const;

/** The signed-in reader's writer tag (app/lib/discussion/writer.ts), worked out once a page for all its comments. */
let ownTagOf: { uid: string; tag: Promise<string> } | null = null;

function useOwnWriterTag() {
  const user = useOptionalUser();
  const [tag, setTag] = useState<string | null>(null);
  useEffect(() => {
    if (!user) return setTag(null);
    if (ownTagOf?.uid !== user.uid) ownTagOf = { uid: user.uid, tag: writerTag(user.uid) };
    let current = true;
    void ownTagOf.tag.then((value) => current && setTag(value));
    return () => {
      current = false;
    };
  }, [user]);
  return tag;
}

/** The thread's page the reader acts on, so the action brings them back to it. */
function PageField() {
  const [params] = useSearchParams();
  return <input type="hidden" name="page" value={params.get("page") ?? "1"} />;
}

/** The hidden fields every form on one comment sends. */
function CommentFormFields({ intent, form, id }: { intent: string; form: string; id: number }) {
  return (
    <>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <input type="hidden" name="form" value={form} />
      <input type="hidden" name="id" value={id} />
      <PageField />
    </>
  );
}

/** Whether a form of this page is being sent with this intent for this comment. */
function useSending(intent: string, id: number) {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("id") === String(id)
  );
}

/** Whether the comment is still the writer's to edit, worked out in the browser after the page is drawn. */
function useStillEditable(postedAt: string) {
  const [editable, setEditable] = useState(false);
  useEffect(() => {
    setEditable(stillEditable(postedAt));
    const left = Date.parse(postedAt) + EDIT_MINUTES * 60_000 - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setEditable(false), left);
    return () => clearTimeout(timer);
  }, [postedAt]);
  return editable;
}

/**
 * The writer's own comment, edited in place: its text in a box and what it touches, saved or given up.
 * What it touches may be raised, as a post's may, to what the writer has seen, never lowered.
 */
function EditForm({
  id,
  text,
  horizons,
  version,
  answer,
  onDone,
}: {
  id: number;
  text: string;
  /**
   * The thread's unit, the comment a reply answers, the comment's horizon now (with who reads it) and the
   * writer's places: the choices are those the action takes (`editHorizonChoices`).
   */
  horizons: {
    unit: UnitLabel;
    parentHorizon: UnitLabel | null;
    current: ReaderPlace;
    readerPlaces: readonly ReaderPlace[];
  };
  /** When the comment was last written, as this page shows it: an edit made elsewhere since is not overwritten. */
  version: string;
  answer: Answer;
  onDone: () => void;
}) {
  const shield = useShield();
  const errors = formErrorsOf<"text" | "horizon">(answer);
  const sending = useSending("edit", id);
  const initial = answer?.values?.text ?? text;
  const counted = useKeptLength(initial);
  const formRef = useRef<HTMLFormElement>(null);
  const { unit, parentHorizon, current, readerPlaces } = horizons;
  useFocusOnRefusal(formRef, editFields, answer);
  const choices = shield
    ? editHorizonChoices(unit, shield.knowledge, parentHorizon, current, readerPlaces)
    : [{ key: current.key, label: current.label }];
  // Opened by a tap on Edit, the box takes the focus (on a phone, the keyboard comes), the caret after
  // the text; opened again on a refusal, focus goes to its first error (useFocusOnRefusal).
  useEffect(() => {
    const box = formRef.current?.querySelector("textarea");
    if (answer !== undefined || !box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the form opens
  }, []);
  return (
    <Form ref={formRef} method="post" className="mt-2 space-y-3" aria-label="Edit your comment">
      <CommentFormFields intent="edit" form={`edit:${id}`} id={id} />
      <input type="hidden" name="version" value={version} />
      {/* What it touched as this page shows it: moved by a moderator since, the edit is told so. */}
      <input type="hidden" name="horizonWas" value={current.key} />
      <Field
        id={`edit-${id}`}
        label="Your comment"
        description={`Plain text; ${characterCount(counted.length, COMMENT_MAX_LENGTH)}. Editable for ${EDIT_MINUTES} minutes after posting.`}
        error={errors.text}
        required
      >
        <Textarea name="text" rows={4} defaultValue={initial} onInput={counted.onInput} className="w-full" />
      </Field>
      <Field
        id={`edit-horizon-${id}`}
        label="What it touches"
        // With nothing to raise it to, the field says so rather than offer a raise its list does not hold.
        description={`${
          choices.length > 1
            ? "You may raise it if your edit touches more, never lower it."
            : "It stays as it is: an edit never lowers it, and there is nothing further you have seen to raise it to."
        } Readers who have not got this far will not see it.`}
        error={errors.horizon}
        required
      >
        <WrappingSelect name="horizon" defaultValue={answer?.values?.horizon ?? current.key}>
          {choices.map((choice) => (
            <option key={choice.key} value={choice.key}>
              {choice.label}
            </option>
          ))}
        </WrappingSelect>
      </Field>
      <FormError>{errors.form}</FormError>
      <SendOrCancel label="Save" busyLabel="Saving…" sending={sending} onCancel={onDone} />
    </Form>
  );
}

/**
 * A text box's length as the reader changes it, counted as the site keeps the text (as the new comment's
 * form counts it): give `onInput` to the box and show `length` with `characterCount`.
 */
function useKeptLength(initial: string) {
  const [length, setLength] = useState(() => keptLength(initial));
  return {
    length,
    onInput: (event: FormEvent<HTMLTextAreaElement>) => setLength(keptLength(event.currentTarget.value)),
  };
}

/** A small form's own buttons: send it, or close it. */
function SendOrCancel({
  label,
  busyLabel,
  sending,
  onCancel,
}: {
  label: string;
  busyLabel: string;
  sending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" size="sm" disabled={sending}>
        {sending ? busyLabel : label}
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/**
 * Deletes the writer's comment once they confirm. A delete that did not go through (offline, the site
 * not reached, or refused) says so under the comment's buttons, which it stays beside: without a word,
 * the comment still there after "Its text goes for good" looks as though the tap was never seen.
 */
function DeleteButton({ id, sent }: { id: number; sent: Answer }) {
  const sending = useSending("delete", id);
  const error = formErrorsOf<never>(sent).form;
  return (
    <Form
      method="post"
      className="contents"
      onSubmit={(event) => {
        if (window.confirm("Delete this comment? Its text goes for good.")) return;
        // Taken back: nothing is sent, and the thread's list does not wait for an answer (decision 89).
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      <CommentFormFields intent="delete" form={`delete:${id}`} id={id} />
      <Button type="submit" variant="link" size="sm" disabled={sending}>
        Delete
      </Button>
      {error && !sending ? <FormError className="my-2 basis-full">{error}</FormError> : null}
    </Form>
  );
}

/**
 * A reader reports another's comment: it spoils (and what a reader should have seen first, from what
 * this reader has seen themselves), or it is abusive.
 */
function ReportForm({
  id,
  gates,
  readerPlaces,
  answer,
  onDone,
}: {
  id: number;
  /** What the comment is shown behind, its own horizon last. */
  gates: readonly ShownBehind[];
  readerPlaces: readonly ReaderPlace[];
  answer: Answer;
  onDone: () => void;
}) {
  const shield = useShield();
  const horizon = gates.at(-1)!.place;
  // Shown though the reader's progress does not reach it (asked to see, or the shield off): the site
  // takes a report only from those whose progress passes every gate it is shown behind (its thread, the
  // comment a reply sits in, its own horizon), and answers others as if it were not there.
  const beyond = shield && gates.find((gate) => !knows(shield.knowledge, gate.revealedBy));
  if (beyond) return <BeyondReport unreached={beyond.place} onDone={onDone} />;
  return <ReportFields id={id} horizon={horizon} readerPlaces={readerPlaces} answer={answer} onDone={onDone} />;
}

/**
 * Said in the report form's place to a reader whose progress does not reach `unreached`, the first part of the
 * story the comment is shown behind (its thread, the comment a reply sits in, or its own horizon).
 * Opened by a tap on Report (which it takes the place of), it takes the focus, so a screen reader reads
 * it at once and the keyboard goes on to its link and its Close.
 */
function BeyondReport({ unreached, onDone }: { unreached: UnitLabel; onDone: () => void }) {
  const notice = useRef<HTMLElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <section
      ref={notice}
      tabIndex={-1}
      aria-label="Report this comment"
      className="mt-2 space-y-3 rounded-md border border-border p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <p>You can report this comment once your progress reaches {unreached.label}.</p>
      <div className="flex flex-wrap items-center gap-x-4">
        <ProgressLink className="tap-line text-primary" />
        <Button variant="ghost" size="sm" onClick={onDone}>
          Close
        </Button>
      </div>
    </section>
  );
}

function ReportFields({
  id,
  horizon,
  readerPlaces,
  answer,
  onDone,
}: {
  id: number;
  horizon: UnitLabel;
  readerPlaces: readonly ReaderPlace[];
  answer: Answer;
  onDone: () => void;
}) {
  const shield = useShield();
  const errors = formErrorsOf<"kind" | "needs" | "note">(answer);
  const values = answer?.values ?? {};
  const sending = useSending("report", id);
  const note = useKeptLength(values.note ?? "");
  // Beyond what the comment says it touches: the reader's own furthest places past it.
  // Named only: the action takes a part of the story the reader has consumed themselves, whoever else tells it.
  const named = readerPlaces.map(({ key, label }) => ({ key, label }));
  const further = shield ? horizonChoices(horizon, shield.knowledge, null, named).slice(1) : [];
  // Opened by a tap on Report (which it takes the place of), its first field takes the focus; opened
  // again on a refusal, its first error does (useFocusOnRefusal).
  const form = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(form, reportFields, answer);
  useEffect(() => {
    if (!answer) form.current?.querySelector("select")?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, as it opens
  return (
    <Form
      ref={form}
      method="post"
      className="mt-2 space-y-3 rounded-md border border-border p-3"
      aria-label="Report this comment"
    >
      <CommentFormFields intent="report" form={`report:${id}`} id={id} />
      <Field id={`report-kind-${id}`} label="What is wrong" error={errors.kind} required>
        <WrappingSelect name="kind" defaultValue={values.kind ?? "spoiler"}>
          {Object.entries(commentReportKinds).map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </WrappingSelect>
      </Field>
      <Field
        id={`report-needs-${id}`}
        label="If it spoils: what should a reader have seen first?"
        description={`It says it touches ${horizon.label}.`}
        error={errors.needs}
      >
        <WrappingSelect name="needs" defaultValue={values.needs ?? ""}>
          <option value="">I am not sure</option>
          {further.map((choice) => (
            <option key={choice.key} value={choice.key}>
              {choice.label}
            </option>
          ))}
        </WrappingSelect>
      </Field>
      <Field
        id={`report-note-${id}`}
        label="A note to the moderators (optional)"
        description={`${characterCount(note.length, REPORT_NOTE_MAX_LENGTH)}. Only moderators see it.`}
        error={errors.note}
      >
        <Textarea name="note" rows={2} defaultValue={values.note ?? ""} onInput={note.onInput} className="w-full" />
      </Field>
      <FormError>{errors.form}</FormError>
      <SendOrCancel label="Send report" busyLabel="Sending…" sending={sending} onCancel={onDone} />
    </Form>
  );
}

/**
 * A moderator's decisions on one comment: hide or restore it, or move its horizon (a unit key), with a
 * reason its writer is shown.
 */
export function ModeratorActions({
  id,
  hidden,
  answer,
  suggested,
  extra,
}: {
  id: number;
  hidden: boolean;
  answer: Answer;
  /** A horizon to offer (a reader's report names one). */
  suggested?: string;
  /** More hidden fields (the queue of reported comments names the comment's thread). */
  extra?: ReactNode;
}) {
  const errors = formErrorsOf<"horizon" | "reason">(answer);
  const values = answer?.values ?? {};
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("id") === String(id);
  const form = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(form, moderatorFields, answer);
  return (
    <Form
      ref={form}
      method="post"
      className="mt-3 grid gap-2 rounded-md border border-dashed border-border p-3 sm:grid-cols-2"
      aria-label="Moderate this comment"
    >
      <CommentFormFields intent="" form={`moderate:${id}`} id={id} />
      {hidden ? null : (
        <Field id={`restamp-${id}`} label="Move its horizon to (a unit key)" error={errors.horizon}>
          <Input name="horizon" placeholder="wn:8-1" defaultValue={values.horizon ?? suggested ?? ""} />
        </Field>
      )}
      <Field id={`reason-${id}`} label="Reason, shown to its writer" error={errors.reason}>
        <Input name="reason" defaultValue={values.reason ?? ""} />
      </Field>
      <FormError className="sm:col-span-2">{errors.form}</FormError>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        {hidden ? (
          <Button type="submit" name="intent" value="restore" variant="outline" size="sm" disabled={sending}>
            Restore
          </Button>
        ) : (
          <>
            <Button type="submit" name="intent" value="restamp" variant="outline" size="sm" disabled={sending}>
              Move horizon
            </Button>
            <Button type="submit" name="intent" value="hide" variant="outline" size="sm" disabled={sending}>
              Hide
            </Button>
          </>
        )}
        {extra}
      </div>
    </Form>
  );
}
