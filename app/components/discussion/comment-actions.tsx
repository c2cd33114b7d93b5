import { Form, useNavigation, useSearchParams } from "react-router";
import { type ReactNode, useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { commentReportKinds, REPORT_NOTE_MAX_LENGTH } from "~/lib/discussion/comment-report";
import { COMMENT_MAX_LENGTH } from "~/lib/discussion/comment-text";
import { EDIT_MINUTES, stillEditable } from "~/lib/discussion/standing";
import { horizonChoices, type UnitLabel } from "~/lib/discussion/thread";
import { formErrorsOf } from "~/lib/http/error-body";
import { useShield } from "~/browser/spoiler-shield";

/*
 * What a reader may do with one comment besides replying: edit or delete their own, report another's;
 * and a moderator's decisions. Every form says which it is (`form`), so a refusal comes back to it with
 * the reader's text and each message next to its field.
 */

type Answer = { values?: Record<string, string | undefined> } | undefined;

/** The action's answer when it answered the form `key` ("edit:12", "post:new" …), else undefined. */
export function answerTo(actionData: unknown, key: string): Answer {
  const answer = actionData as Answer;
  return answer?.values?.form === key ? answer : undefined;
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
export function useStillEditable(postedAt: string) {
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

/** The writer's own comment, edited in place: its text in a box, saved or given up. */
export function EditForm({
  id,
  text,
  version,
  answer,
  onDone,
}: {
  id: number;
  text: string;
  /** When the comment was last written, as this page shows it: an edit made elsewhere since is not overwritten. */
  version: string;
  answer: Answer;
  onDone: () => void;
}) {
  const errors = formErrorsOf<"text">(answer);
  const sending = useSending("edit", id);
  return (
    <Form method="post" className="mt-2 space-y-3" aria-label="Edit your comment">
      <CommentFormFields intent="edit" form={`edit:${id}`} id={id} />
      <input type="hidden" name="version" value={version} />
      <Field
        id={`edit-${id}`}
        label="Your comment"
        description={`Plain text, up to ${COMMENT_MAX_LENGTH.toLocaleString("en")} characters. Editable for ${EDIT_MINUTES} minutes after posting.`}
        error={errors.text}
        required
      >
        <Textarea name="text" rows={4} defaultValue={answer?.values?.text ?? text} className="w-full" />
      </Field>
      <FormError>{errors.form}</FormError>
      <SendOrCancel label="Save" busyLabel="Saving…" sending={sending} onCancel={onDone} />
    </Form>
  );
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

export function DeleteButton({ id }: { id: number }) {
  const sending = useSending("delete", id);
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm("Delete this comment? Its text goes for good.")) event.preventDefault();
      }}
    >
      <CommentFormFields intent="delete" form={`delete:${id}`} id={id} />
      <Button type="submit" variant="link" size="sm" disabled={sending}>
        Delete
      </Button>
    </Form>
  );
}

/**
 * A reader reports another's comment: it spoils (and what a reader should have seen first, from what
 * this reader has seen themselves), or it is abusive.
 */
export function ReportForm({
  id,
  horizon,
  answer,
  onDone,
}: {
  id: number;
  horizon: UnitLabel;
  answer: Answer;
  onDone: () => void;
}) {
  const shield = useShield();
  const errors = formErrorsOf<"kind" | "needs" | "note">(answer);
  const values = answer?.values ?? {};
  const sending = useSending("report", id);
  // Beyond what the comment says it touches: the reader's own furthest places past it.
  const further = shield ? horizonChoices(horizon, shield.knowledge, null).slice(1) : [];
  return (
    <Form method="post" className="mt-2 space-y-3 rounded-md border border-border p-3" aria-label="Report this comment">
      <CommentFormFields intent="report" form={`report:${id}`} id={id} />
      <Field id={`report-kind-${id}`} label="What is wrong" error={errors.kind} required>
        <Select name="kind" defaultValue={values.kind ?? "spoiler"} className="w-full">
          {Object.entries(commentReportKinds).map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={`report-needs-${id}`}
        label="If it spoils: what should a reader have seen first?"
        description={`It says it touches ${horizon.label}.`}
        error={errors.needs}
      >
        <Select name="needs" defaultValue={values.needs ?? ""} className="w-full">
          <option value="">I am not sure</option>
          {further.map((choice) => (
            <option key={choice.key} value={choice.key}>
              {choice.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={`report-note-${id}`}
        label="A note to the moderators (optional)"
        description={`Up to ${REPORT_NOTE_MAX_LENGTH} characters. Only moderators see it.`}
        error={errors.note}
      >
        <Textarea name="note" rows={2} defaultValue={values.note ?? ""} className="w-full" />
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
  return (
    <Form
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
