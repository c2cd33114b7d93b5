import { Form, Link, useLocation, useNavigation } from "react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { outageMessages } from "~/browser/form-outage";
import { DraftRestored } from "~/components/draft-restored";
import { Button } from "~/components/ui/button";
import { displayPath } from "~/lib/http/display-path";
import { Field, FormError, Honeypot } from "~/components/ui/field";
import { WrappingSelect } from "~/components/ui/wrapping-select";
import { Textarea } from "~/components/ui/textarea";
import { checkComment, type CommentField, commentFields, COMMENT_LIMITS } from "~/lib/discussion/comment-form";
import { COMMENT_MAX_LENGTH, keptLength } from "~/lib/discussion/comment-text";
import { characterCount } from "~/lib/forms/text-length";
import { NEW_WRITER_LIMITS } from "~/lib/discussion/standing";
import { horizonChoices } from "~/lib/discussion/horizon";
import type { ReaderPlace, UnitLabel } from "~/lib/discussion/thread";
import { errorsAfterEdit, type FormErrors, firstInvalid, readFields, SIGNED_OUT_MESSAGE } from "~/lib/forms/form";
import { signInPath } from "~/lib/account/sign-in-path";
import { formErrorsOf } from "~/lib/http/error-body";
import { useReportDraft } from "~/browser/report-draft";
import { useFocusOnRefusal } from "~/browser/refusal-focus";
import { useShield } from "~/browser/spoiler-shield";
import { SignInToJoin } from "./sign-in-to-join";

/**
 * The form that posts a comment to a thread, or a reply under one comment (`parent`), for a signed-in
 * reader who has seen the thread's unit (CommentForm). The horizon is picked from what the reader has
 * seen themselves; the server checks it against their saved progress.
 * A draft is kept in this browser until it is posted; a refusal shows each message next to its field,
 * with the text still there. A session that ends with the form open (`signedOut`) leaves the text in
 * the box and says so beside it, with a link to sign in that keeps the draft for its writer.
 */
export interface PostFormProps {
  unit: UnitLabel;
  /** The reader's places as the series names them (`Thread.readerPlaces`), for the horizon's choices. */
  readerPlaces: readonly ReaderPlace[];
  /** The comment a reply answers; none for a new comment. */
  parent?: { id: number; horizon: UnitLabel } | null;
  /** The action's answer, when it answered this form. */
  answer: unknown;
  onCancel?: () => void;
  /** The reader's session ended while the form was open: nothing can be sent until they sign in again. */
  signedOut?: boolean;
}

/** Whether two paths name the same page, however each was written (`wn:1-5` or `wn%3A1-5`). */
const samePath = (a: string, b: string) => displayPath(a) === displayPath(b);

const OFFLINE = outageMessages.offline.typed;

export function PostForm({ unit, readerPlaces, parent = null, answer, onCancel, signedOut = false }: PostFormProps) {
  const shield = useShield();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FormErrors<CommentField> | null>(null);
  const [submissionId, setSubmissionId] = useState("");
  const [length, setLength] = useState(0);
  const refused = answer as { values?: Partial<Record<CommentField, string>> } | undefined;
  const errors = clientErrors ?? formErrorsOf<CommentField>(answer);
  const values = refused?.values ?? {};
  const read = () => readFields(new FormData(formRef.current ?? undefined), commentFields);
  const draft = useReportDraft(formRef, `comment:${unit.key}:${parent?.id ?? "new"}`, {
    restore: !refused?.values,
    keep: {},
    read,
    // The horizon's choices come with the reader's shield, just after the page is first drawn.
    ready: shield !== null,
  });
  // Each form shown gets its own id, so sending it twice posts once (made here: the page is cached for
  // everyone); a refused one gets a new id. A posted form is drawn anew (the page keys it by location).
  useEffect(() => setSubmissionId(crypto.randomUUID()), [answer]);
  // The draft goes once the post has landed: the answer sends the reader on to the thread again. A
  // refusal stays, a request that never arrived leaves the draft for the reader to post again, and a
  // session that ended sends them to sign in, after which the draft is in the form again.
  const { pathname, search } = useLocation();
  const landed =
    navigation.state === "loading" &&
    samePath(navigation.location.pathname, pathname) &&
    submissionId !== "" &&
    navigation.formData?.get("submissionId") === submissionId;
  useEffect(() => {
    if (landed) draft.discard();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when this form's post lands
  }, [landed]);
  // A refusal (or a post that never reached the site) gives the text back: it is the draft again, and
  // the count says how long it is.
  useEffect(() => {
    const text = formRef.current?.querySelector("textarea")?.value ?? "";
    setLength(keptLength(text));
    if (refused?.values && !signedOut) draft.save();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when an answer or a restored draft is shown
  }, [answer, draft.restored]);

  // Refused by the site (a limit reached, a place it does not take), focus goes to what to fix or the
  // message saying why, not the page's body.
  useFocusOnRefusal(formRef, commentFields, answer);
  // A reply's form opens on the reader's tap on Reply: the text box takes the focus (on a phone, the
  // keyboard comes), as the tap asked to write. One opened again on a refusal leaves focus to its errors (above).
  useEffect(() => {
    if (parent && answer === undefined) formRef.current?.querySelector("textarea")?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the form opens
  }, []);

  const choices = shield ? horizonChoices(unit, shield.knowledge, parent?.horizon ?? null, readerPlaces) : [];
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "post";
  const fieldId = (name: string) => `${name}-${parent?.id ?? "new"}`;

  // Said while the device is offline; once it is back, the text waits to be posted with nothing to fix.
  const offline = clientErrors?.form === OFFLINE;
  useEffect(() => {
    if (!offline) return;
    const back = () => setClientErrors(null);
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [offline]);

  // Signed out with the form open, the text stays here and nothing more is stored in this browser (the
  // sign-out forgot every draft): it is kept for its writer only as they go to sign in again. An empty
  // form has nothing to keep, and gives way to the link to sign in.
  const saveDraft = () => {
    if (!signedOut) draft.save();
  };
  if (signedOut && length === 0 && !refused?.values?.text) return <SignInToJoin />;

  function check(event: FormEvent<HTMLFormElement>) {
    const found: FormErrors<CommentField> | null =
      checkComment(read()) ??
      (signedOut ? { form: SIGNED_OUT_MESSAGE } : navigator.onLine === false ? { form: OFFLINE } : null);
    setClientErrors(found);
    if (found) {
      event.preventDefault();
      const first = firstInvalid(commentFields, found);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }

  /** A field told off is checked again as the reader changes it: fixed, its error goes. */
  function recheck(target: EventTarget) {
    const { name } = target as Partial<HTMLInputElement>;
    if (!name || !errors[name as CommentField]) return;
    setClientErrors(errorsAfterEdit(errors, name, checkComment(read())));
  }

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={check}
      onInput={(event) => {
        saveDraft();
        recheck(event.target);
        if (event.target instanceof HTMLTextAreaElement) setLength(keptLength(event.target.value));
      }}
      onChange={(event) => {
        saveDraft();
        recheck(event.target);
      }}
      className="space-y-4"
      aria-label={parent ? "Reply" : "Post a comment"}
    >
      <input type="hidden" name="intent" value="post" />
      <input type="hidden" name="form" value={`post:${parent?.id ?? "new"}`} />
      <input type="hidden" name="submissionId" value={submissionId} />
      {parent ? <input type="hidden" name="parent" value={parent.id} /> : null}
      <Honeypot />
      {draft.restored ? (
        <DraftRestored
          className="text-muted-foreground"
          onStartOver={() => {
            formRef.current?.reset();
            draft.discard();
          }}
        />
      ) : null}
      <Field
        id={fieldId("text")}
        label={parent ? "Your reply" : "Your comment"}
        description={`Plain text; ${characterCount(length, COMMENT_MAX_LENGTH)}. Up to ${COMMENT_LIMITS.perMinute} a minute and ${COMMENT_LIMITS.perDay} a day (${NEW_WRITER_LIMITS.perMinute} a minute and ${NEW_WRITER_LIMITS.perDay} a day on your first day).`}
        error={errors.text}
        required
      >
        <Textarea name="text" rows={parent ? 3 : 4} defaultValue={values.text ?? ""} className="w-full" />
      </Field>
      <Field
        id={fieldId("horizon")}
        label="What it touches"
        description="Readers who have not got this far will not see it."
        error={errors.horizon}
        required
      >
        {/* Each choice read whole at any text size; it shows the one a restored draft or "Start over" sets. */}
        <WrappingSelect name="horizon" defaultValue={values.horizon ?? choices[0]?.key ?? unit.key}>
          {choices.length ? (
            choices.map((choice) => (
              <option key={choice.key} value={choice.key}>
                {choice.label}
              </option>
            ))
          ) : (
            <option value={parent?.horizon.key ?? unit.key}>Only {parent?.horizon.label ?? unit.label}</option>
          )}
        </WrappingSelect>
      </Field>
      {signedOut || errors.form === SIGNED_OUT_MESSAGE ? (
        <FormError>
          {SIGNED_OUT_MESSAGE}{" "}
          <Link
            to={signInPath(`${pathname}${search}`)}
            onClick={draft.keepForWriter}
            className="whitespace-nowrap text-primary underline"
          >
            Sign in
          </Link>
        </FormError>
      ) : (
        <FormError>{errors.form}</FormError>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={submitting}>
          {submitting ? "Posting…" : parent ? "Post reply" : "Post comment"}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
