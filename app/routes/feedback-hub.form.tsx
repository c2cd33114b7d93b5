import { useFocusOnRefusal } from "~/browser/refusal-focus";
import { cutText } from "~/lib/format";
import { Form, Link, useNavigation } from "react-router";
import { type FormEvent, Fragment, useEffect, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { DraftRestored } from "~/components/draft-restored";
import { ReportField } from "~/components/feedback/report-field";
import { SimilarEntries } from "~/components/feedback/similar-entries";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { FormError, Honeypot } from "~/components/ui/field";
import { formErrorsOf } from "~/lib/http/error-body";
import { keptLength } from "~/lib/discussion/comment-text";
import {
  errorsAfterEdit,
  type FormErrors,
  firstInvalid,
  HONEYPOT_FIELD,
  readFields,
  refuse,
  SIGNED_OUT_MESSAGE,
} from "~/lib/forms/form";
import { isUnitKey } from "~/lib/content/units";
import { timestampPastRuntimeMessage } from "~/lib/mistakes/rules";
import { originalLanguageFrom, pageMeta } from "~/lib/http/meta";
import { useOriginalLanguage } from "~/components/original-text";
import {
  fieldInSentence,
  fieldNames,
  formBySlug,
  REPORT_LIMITS,
  reportedUnitMedia,
  reportLengthErrors,
  validateReport,
} from "~/lib/forms/report-forms";
import { keepingTheForm } from "~/browser/form-outage";
import { useReportDraft } from "~/browser/report-draft";
import { getReportChoices, submitReport } from "~/models/report-filing.server";
import { notFound } from "~/server/not-found.server";
import { assertSameOrigin } from "~/server/origin.server";
import { keepingInputThroughOutage } from "~/server/outage.server";
import { limitedHit } from "~/models/rate-limits.server";
import { requireUser } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/feedback-hub.form";

/** The fields a link to a form may fill in. */
const prefillable = new Set(["volume", "episode", "chapter", "timestamp", "page"]);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const form = formBySlug(params.form ?? "");
  if (!form) notFound();
  const needsChoices = form.fields.some((field) => field.optionsFrom);
  const choices = needsChoices ? await getReportChoices(context.db) : { volumes: [], episodes: [], platforms: [] };
  const url = new URL(request.url);
  // Opened from a mistakes page (the volume or episode is already chosen) or a page's footer (which page):
  // a value the field could not hold is left out, as the form would refuse it.
  const prefill: Record<string, string> = {};
  for (const field of form.fields) {
    const value = prefillable.has(field.name) ? url.searchParams.get(field.name) : null;
    if (value && value.length <= field.max) prefill[field.name] = value;
  }
  return { slug: form.slug, choices, prefill, submissionId: crypto.randomUUID() };
}

/**
 * A report with a text past its field's limit is refused here, never sent; one that never reaches the
 * site, or that it fails to answer, keeps the page and every field as typed, with what failed above
 * the button (app/browser/form-outage.ts): the same submission id goes again, so sending it twice files
 * it once.
 */
export const clientAction = ({ request, params, serverAction }: Route.ClientActionArgs) => {
  const form = formBySlug(params.form ?? "");
  return keepingTheForm(
    request,
    serverAction,
    form ? fieldNames(form) : [],
    form ? (values) => reportLengthErrors(form, values) : undefined,
  );
};

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const form = formBySlug(loaderData?.slug ?? "", originalLanguageFrom(matches));
  return pageMeta({ matches, error }, { title: form?.title ?? "Feedback", description: form?.summary ?? "" });
};

/** A submission id as the loader makes it (crypto.randomUUID): an RFC 9562 UUID, lower-case. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const isUuid = (value: string) => uuidPattern.test(value);

export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = formBySlug(params.form ?? "");
  if (!form) notFound();
  const body = await request.formData();
  const raw = readFields(body, fieldNames(form));
  // Read before anything that needs D1 or the token keys, so an outage gives the reader's text back.
  return keepingInputThroughOutage(raw, () => sendReport(request, context, form, body, raw));
}

async function sendReport(
  request: Request,
  context: Route.ActionArgs["context"],
  form: NonNullable<ReturnType<typeof formBySlug>>,
  body: FormData,
  raw: Record<string, string>,
) {
  const user = await requireUser(request, context);

  // The one answer to a sent report: a bot that filled the honeypot gets it too, so it cannot tell.
  const sent = () =>
    redirectWithToast(context.env, `/feedback_hub?sent=${form.kind}`, {
      title: "Report sent",
      description: "Thank you. You can follow it under My reports.",
    });
  // A filled honeypot is a bot: answer exactly as a real send, store nothing.
  if (String(body.get(HONEYPOT_FIELD) ?? "") !== "") return sent();
  const submissionId = String(body.get("submissionId") ?? "");
  if (!isUuid(submissionId)) {
    return refuse({ form: "This form has expired. Please send it again." }, raw);
  }

  const { values, errors } = validateReport(form, raw);
  if (!values) return refuse(errors, raw);
  // The volume, or episode or special, a report names must be one of those media (accepting it publishes it there).
  const unitField = form.fields.find(
    (candidate) => candidate.optionsFrom === "volumes" || candidate.optionsFrom === "episodes",
  );
  // The platform an anime report names must be one the series lists, or "Other".
  const platformField = form.fields.find((candidate) => candidate.optionsFrom === "platforms");
  const unit = unitField
    ? {
        key: values[unitField.name] ?? "",
        medium: unitField.optionsFrom === "volumes" ? ("light_novels" as const) : ("anime" as const),
      }
    : null;
  const unitRefusal = () => {
    const label = unitField ? fieldInSentence(unitField) : "";
    return refuse(
      { [unitField?.name ?? "form"]: `Choose ${/^[aeiou]/.test(label) ? "an" : "a"} ${label} from the list.` },
      raw,
    );
  };
  const unitMedia = reportedUnitMedia[unit?.medium === "light_novels" ? "volumes" : "episodes"];
  if (unit && !unitMedia.some((medium) => isUnitKey(unit.key, medium))) return unitRefusal();

  const title = cutText((values[form.titleFrom] ?? form.title).replace(/\s+/g, " "), 140);
  // The same form sent twice is one report, and counts once against the limit.
  const outcome = await submitReport(
    context.db,
    {
      submissionId,
      uid: user.uid,
      kind: form.kind,
      title,
      fields: values,
      unit,
      platform: platformField ? (values[platformField.name] ?? "") : null,
      // Where in its episode an anime report points (its form alone has the field): within the episode's runtime.
      timestamp: values.timestamp || null,
    },
    (onlyIf) => limitedHit({ client: user.uid, action: "report" }, new Date(), onlyIf),
  );
  if (!outcome.stored && outcome.problem === "unit") return unitRefusal();
  if (!outcome.stored && outcome.problem === "platform")
    return refuse({ [platformField?.name ?? "form"]: "Choose a platform from the list." }, raw);
  if (!outcome.stored && outcome.problem === "timestamp")
    return refuse({ timestamp: timestampPastRuntimeMessage(outcome.episode.label, outcome.episode.runtime) }, raw);
  if (!outcome.stored && outcome.problem === "signedOut") return refuse({ form: SIGNED_OUT_MESSAGE }, raw, 401);
  if (!outcome.stored && outcome.problem === "resent")
    return refuse(
      {
        form: "This form was already sent with other words: that report is under My reports in the feedback hub. To send these words too, open the form again; they are kept in this browser.",
      },
      raw,
      409,
    );
  if (!outcome.stored) {
    const message =
      outcome.limit === "minute"
        ? `You have sent ${REPORT_LIMITS.perMinute} reports in the last minute. Please wait a minute, then send this one; it is kept here.`
        : `You have sent ${REPORT_LIMITS.perDay} reports today, the daily limit. Your text is kept in this browser; please send it tomorrow.`;
    return refuse({ form: message }, raw, 429);
  }
  return sent();
}

function browserDetails() {
  const { userAgent, language } = navigator;
  return `${userAgent} · ${language} · ${window.innerWidth}×${window.innerHeight} · ${new Date().toISOString().slice(0, 10)}`;
}

export default function ReportForm({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, choices, prefill, submissionId } = loaderData;
  // Worded for the series: "The Korean text, if you know it".
  const form = formBySlug(slug, useOriginalLanguage())!;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FormErrors | null>(null);
  const [browser, setBrowser] = useState("");
  const errors = clientErrors ?? formErrorsOf<string>(actionData);
  const values: Partial<Record<string, string>> = actionData?.values ?? prefill;
  const currentValues = () => readFields(new FormData(formRef.current ?? undefined), fieldNames(form));
  // A reader coming back to a form sent with errors has the server's copy; otherwise their draft returns.
  const draft = useReportDraft(formRef, form.kind, { restore: !actionData, keep: prefill, read: currentValues });
  // Each text's length as its field counts it, from what the form holds (typed, given back or restored).
  const lengthsOf = (texts: Partial<Record<string, string>>) =>
    Object.fromEntries(fieldNames(form).map((name) => [name, keptLength(texts[name] ?? "")]));
  const [lengths, setLengths] = useState(() => lengthsOf(values));
  const count = () => setLengths(lengthsOf(currentValues()));

  useEffect(() => setBrowser(browserDetails()), []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- when an answer or a restored draft is shown
  useEffect(count, [actionData, draft.restored]);

  // A refusal from the site (a time past the episode's end, a place not in the book) takes the reader
  // to its first field told off, as the form's own check does: on a phone, the Send button they tapped
  // is a screen or more below it, where nothing would change.
  useFocusOnRefusal(formRef, fieldNames(form), actionData);

  function check(event: FormEvent<HTMLFormElement>) {
    const { errors: found } = validateReport(form, currentValues());
    setClientErrors(found);
    if (found) {
      event.preventDefault();
      const first = firstInvalid(fieldNames(form), found);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }

  /** A field told off is checked again as the reader changes it: fixed, its error goes. */
  function recheck(target: EventTarget) {
    const { name } = target as Partial<HTMLInputElement>;
    if (!name || !errors[name]) return;
    setClientErrors(errorsAfterEdit(errors, name, validateReport(form, currentValues()).errors));
  }

  const submitting = navigation.state === "submitting";
  return (
    <div className="max-w-2xl">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/feedback_hub" className="tap-line text-primary underline">
          Feedback hub
        </Link>{" "}
        / <span aria-current="page">{form.title}</span>
      </nav>
      <PageHeader title={form.title} lead={form.summary} />
      {draft.restored ? (
        <DraftRestored
          className="mb-4 rounded-md border border-border bg-card p-3"
          onStartOver={() => {
            formRef.current?.reset();
            draft.discard();
            count();
          }}
        />
      ) : null}
      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={check}
        onInput={(event) => {
          draft.save();
          recheck(event.target);
          count();
        }}
        onChange={(event) => {
          draft.save();
          recheck(event.target);
        }}
        className="space-y-5"
      >
        <input type="hidden" name="submissionId" value={submissionId} />
        <Honeypot />
        {form.fields.map((field) => (
          <Fragment key={field.name}>
            <ReportField
              field={field}
              value={field.kind === "browser" ? browser : (values[field.name] ?? "")}
              length={lengths[field.name] ?? 0}
              error={errors[field.name]}
              options={field.optionsFrom ? choices[field.optionsFrom] : field.options}
            />
            {/* Right under the text being typed, where the reader is looking (on a phone, the rest of the form is off screen). */}
            {field.name === "official" && (form.kind === "ln_mistl" || form.kind === "anime_mistl") ? (
              <SimilarEntries kind={form.kind} formRef={formRef} />
            ) : null}
          </Fragment>
        ))}
        <FormError>{errors.form}</FormError>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Sending…" : "Send report"}
        </Button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
