import { Form, Link, useFetcher, useNavigation } from "react-router";
import { type FormEvent, Fragment, useEffect, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Spoiler } from "~/components/spoiler";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { type FormErrors, firstInvalid, readFields, refuse } from "~/lib/form";
import { isUnitKey } from "~/lib/content/units";
import { REVEAL_PARAMETER } from "~/lib/knowledge";
import type { SimilarMistake } from "~/lib/mistake-entries";
import { cleanQuery } from "~/lib/search-query";
import { animeMistakePath, mistakeAnchor, volumeSlugFromKey } from "~/lib/mistakes";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import {
  type FieldDefinition,
  fieldNames,
  formBySlug,
  HONEYPOT_FIELD,
  REPORT_LIMITS,
  validateReport,
} from "~/lib/report-forms";
import { revealParameter, useShield } from "~/lib/spoiler-shield";
import { readStored, writeStored } from "~/lib/storage-keys";
import { getReportChoices, submitReport } from "~/models/report-filing.server";
import { notFound } from "~/server/not-found.server";
import { assertSameOrigin } from "~/server/origin.server";
import { keepingInputThroughOutage } from "~/server/outage.server";
import { limitedHit } from "~/models/rate-limits.server";
import { requireUser } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/feedback-hub.form";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const form = formBySlug(params.form ?? "");
  if (!form) notFound();
  const needsChoices = form.fields.some((field) => field.optionsFrom);
  const choices = needsChoices ? await getReportChoices(context.db) : { volumes: [], episodes: [] };
  const url = new URL(request.url);
  // Opened from a mistakes page: the volume or episode is already chosen.
  const prefill: Record<string, string> = {};
  for (const name of ["volume", "episode", "chapter", "timestamp", "page"]) {
    const value = url.searchParams.get(name);
    if (value && value.length <= 100) prefill[name] = value;
  }
  return { slug: form.slug, choices, prefill, submissionId: crypto.randomUUID() };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const form = formBySlug(loaderData?.slug ?? "");
  return pageMeta(siteNameFrom(matches), { title: form?.title ?? "Feedback", description: form?.summary ?? "" });
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
  // The volume or episode a report names must be one of that medium (accepting it publishes it there).
  const unitField = form.fields.find((candidate) => candidate.optionsFrom);
  const unit = unitField
    ? {
        key: values[unitField.name] ?? "",
        medium: unitField.optionsFrom === "volumes" ? ("light_novels" as const) : ("anime" as const),
      }
    : null;
  const unitRefusal = () => {
    const label = unitField?.label.toLowerCase() ?? "";
    return refuse(
      { [unitField?.name ?? "form"]: `Choose ${/^[aeiou]/.test(label) ? "an" : "a"} ${label} from the list.` },
      raw,
    );
  };
  if (unit && !isUnitKey(unit.key, unit.medium)) return unitRefusal();

  const title = (values[form.titleFrom] ?? form.title).replace(/\s+/g, " ").slice(0, 140);
  // The same form sent twice is one report, and counts once against the limit.
  const outcome = await submitReport(
    context.db,
    { submissionId, uid: user.uid, kind: form.kind, title, fields: values, unit },
    (onlyIf) => limitedHit({ uid: user.uid, action: "report" }, new Date(), onlyIf),
  );
  if (!outcome.stored && outcome.problem === "unit") return unitRefusal();
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
  const form = formBySlug(slug)!;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FormErrors | null>(null);
  const [restored, setRestored] = useState(false);
  const [browser, setBrowser] = useState("");
  const errors = clientErrors ?? actionData?.errors ?? {};
  const values: Partial<Record<string, string>> = actionData?.values ?? prefill;
  const draftSuffix = `:${form.kind}`;
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    setBrowser(browserDetails());
    if (actionData) return;
    const draft = readStored("reportDraft", draftSuffix);
    if (!draft || !formRef.current) return;
    try {
      const saved = JSON.parse(draft) as Record<string, string>;
      let any = false;
      for (const [name, value] of Object.entries(saved)) {
        const element = formRef.current.elements.namedItem(name);
        if (
          value &&
          (element instanceof HTMLInputElement ||
            element instanceof HTMLTextAreaElement ||
            element instanceof HTMLSelectElement) &&
          !prefill[name]
        ) {
          element.value = value;
          any = true;
        }
      }
      setRestored(any);
    } catch {
      writeStored("reportDraft", null, draftSuffix);
    }
    // Only on arrival: a draft is restored once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => () => clearTimeout(saveTimer.current), []);

  function currentValues() {
    return readFields(new FormData(formRef.current ?? undefined), fieldNames(form));
  }

  function saveDraft() {
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => writeStored("reportDraft", JSON.stringify(currentValues()), draftSuffix), 300);
  }

  function check(event: FormEvent<HTMLFormElement>) {
    const { errors: found } = validateReport(form, currentValues());
    setClientErrors(found);
    if (found) {
      event.preventDefault();
      const first = firstInvalid(fieldNames(form), found);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }

  const submitting = navigation.state === "submitting";
  return (
    <div className="max-w-2xl">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/feedback_hub" className="text-primary underline">
          Feedback hub
        </Link>{" "}
        / <span aria-current="page">{form.title}</span>
      </nav>
      <PageHeader title={form.title} lead={form.summary} />
      {restored ? (
        <p role="status" className="mb-4 rounded-md border border-border bg-card p-3 text-sm">
          Your unsent draft was restored.{" "}
          <Button
            variant="link"
            size="inline"
            onClick={() => {
              formRef.current?.reset();
              writeStored("reportDraft", null, draftSuffix);
              setRestored(false);
            }}
          >
            Start over
          </Button>
        </p>
      ) : null}
      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={check}
        onInput={saveDraft}
        onChange={saveDraft}
        className="space-y-5"
      >
        <input type="hidden" name="submissionId" value={submissionId} />
        {/* The honeypot: hidden from people and screen readers, filled in only by bots. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Website <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {form.fields.map((field) => (
          <Fragment key={field.name}>
            <ReportField
              field={field}
              value={field.kind === "browser" ? browser : (values[field.name] ?? "")}
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

/** One field of a report form, drawn from its definition. */
function ReportField({
  field,
  value,
  error,
  options,
}: {
  field: FieldDefinition;
  value: string;
  error?: string;
  options?: Array<{ value: string; label: string }>;
}) {
  const label = (
    <>
      {field.label}
      {field.required ? (
        <span aria-hidden="true"> *</span>
      ) : (
        <span className="font-normal text-muted-foreground"> (optional)</span>
      )}
    </>
  );
  return (
    <Field id={`field-${field.name}`} label={label} description={field.help} error={error} required={field.required}>
      {field.kind === "textarea" ? (
        <Textarea
          name={field.name}
          defaultValue={value}
          rows={4}
          maxLength={field.max}
          placeholder={field.placeholder}
        />
      ) : field.kind === "select" ? (
        <Select name={field.name} defaultValue={value}>
          <option value="">Choose…</option>
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      ) : field.kind === "browser" ? (
        <Input name={field.name} value={value} readOnly className="text-sm text-muted-foreground" />
      ) : (
        <Input name={field.name} defaultValue={value} maxLength={field.max} placeholder={field.placeholder} />
      )}
    </Field>
  );
}

/**
 * While the reader types the official text, existing entries that look alike, so nothing is reported
 * twice. The question says what the reader knows (`reveal`), and the answer carries the lines of only
 * those entries; the others say where they are, behind the shield like anywhere else. A reader who
 * asks to see one is asked for again with what that reveals.
 */
function SimilarEntries({
  kind,
  formRef,
}: {
  kind: "ln_mistl" | "anime_mistl";
  formRef: React.RefObject<HTMLFormElement | null>;
}) {
  const fetcher = useFetcher<{ entries: SimilarMistake[] }>();
  const shield = useShield();
  const [typed, setTyped] = useState<{ unit: string; query: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const onInput = (event: Event) => {
      const target = event.target as HTMLInputElement;
      if (!["official", "volume", "episode"].includes(target.name)) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const values = new FormData(element);
        const query = String(values.get("official") ?? "").trim();
        if (query.length < 3) return;
        // Only what the server reads (cleanQuery), so a long text never makes an address it refuses.
        setTyped({
          unit: String(values.get(kind === "ln_mistl" ? "volume" : "episode") ?? ""),
          query: cleanQuery(query),
        });
      }, 300);
    };
    element.addEventListener("input", onInput);
    return () => {
      element.removeEventListener("input", onInput);
      clearTimeout(timer.current);
    };
  }, [formRef, kind]);

  const reveal = shield ? revealParameter(shield) : "";
  const { load } = fetcher;
  useEffect(() => {
    if (!typed) return;
    const params = new URLSearchParams({
      kind: kind === "ln_mistl" ? "ln" : "anime",
      unit: typed.unit,
      q: typed.query,
    });
    // Readers who know nothing share one cached answer with every crawler.
    if (reveal) params.set(REVEAL_PARAMETER, reveal);
    void load(`/resources/similar-mistakes?${params}`);
  }, [load, kind, typed, reveal]);

  const entries = fetcher.data?.entries ?? [];
  if (!entries.length) return null;
  return (
    <aside
      aria-live="polite"
      aria-labelledby="similar-title"
      className="rounded-lg border border-primary/50 bg-accent p-4"
    >
      <h2 id="similar-title" className="font-semibold">
        Already reported? These entries look similar
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {entries.map((entry) => (
          <li key={entry.id}>
            <Link
              to={
                kind === "ln_mistl"
                  ? `/translation_meta/ln_mistls/${volumeSlugFromKey(entry.unit)}#${mistakeAnchor(entry.id)}`
                  : animeMistakePath(entry.id, entry.unit)
              }
              target="_blank"
              className="text-primary underline"
            >
              {entry.where}
            </Link>
            :{" "}
            <Spoiler gated={entry} what="Its text">
              {({ official, suggested }) => (
                <>
                  “{official}” → “{suggested}”
                </>
              )}
            </Spoiler>
          </li>
        ))}
      </ul>
    </aside>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
