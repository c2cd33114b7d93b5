import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { cn } from "~/lib/cn";
import { mistakeAnchor, volumeSlugFromKey } from "~/lib/mistakes";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import {
  type FieldDefinition,
  type FieldErrors,
  formBySlug,
  HONEYPOT_FIELD,
  REPORT_LIMITS,
  validateReport,
} from "~/lib/report-forms";
import { readStored, writeStored } from "~/lib/storage-keys";
import { getReportChoices, hasReport, submitReport, unitExists } from "~/models/reports.server";
import { notFound } from "~/server/not-found.server";
import { assertSameOrigin } from "~/server/origin.server";
import { takeRateLimit } from "~/server/rate-limit.server";
import { requireUser } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
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

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) => {
  const form = formBySlug(loaderData?.slug ?? "");
  return pageMeta(siteNameFrom(matches), { title: form?.title ?? "Feedback", description: form?.summary ?? "" });
};

type ActionResult = { errors: FieldErrors; values: Record<string, string> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  assertSameOrigin(request);
  const form = formBySlug(params.form ?? "");
  if (!form) notFound();
  const body = await request.formData();
  const raw = Object.fromEntries(form.fields.map((field) => [field.name, String(body.get(field.name) ?? "")]));

  // A filled honeypot is a bot: answer as if all went well, store nothing.
  if (String(body.get(HONEYPOT_FIELD) ?? "") !== "") {
    return redirectWithToast(context.env, "/feedback_hub", { title: "Report sent", description: "Thank you." });
  }
  const submissionId = String(body.get("submissionId") ?? "");
  if (!/^[0-9a-f-]{36}$/.test(submissionId)) {
    return data<ActionResult>({ errors: { form: "This form has expired. Please send it again." }, values: raw }, { status: 400 });
  }

  const { values, errors } = validateReport(form, raw);
  if (!values) return data<ActionResult>({ errors, values: raw }, { status: 400 });
  for (const field of form.fields.filter((candidate) => candidate.optionsFrom)) {
    if (!(await unitExists(context.db, values[field.name] ?? ""))) {
      return data<ActionResult>({ errors: { [field.name]: `Choose a ${field.label.toLowerCase()} from the list.` }, values: raw }, { status: 400 });
    }
  }

  const title = (values[form.titleFrom] ?? form.title).replace(/\s+/g, " ").slice(0, 140);
  const report = { id: submissionId, uid: user.uid, kind: form.kind, title, fields: values };
  // The same form sent twice is one report, and counts once against the limit.
  if (!(await hasReport(context.db, report))) {
    const allowed = await takeRateLimit(context.db, { uid: user.uid, action: "report" });
    if (!allowed.ok) {
      const message =
        allowed.limit === "minute"
          ? `You have sent ${REPORT_LIMITS.perMinute} reports in the last minute. Please wait a minute, then send this one; it is kept here.`
          : `You have sent ${REPORT_LIMITS.perDay} reports today, the daily limit. Your text is kept in this browser; please send it tomorrow.`;
      return data<ActionResult>({ errors: { form: message }, values: raw }, { status: 429 });
    }
    await submitReport(context.db, report);
  }
  return redirectWithToast(context.env, `/feedback_hub?sent=${form.kind}`, {
    title: "Report sent",
    description: "Thank you. You can follow it under My reports.",
  });
}

function browserDetails() {
  const { userAgent, language } = navigator;
  return `${userAgent} · ${language} · ${window.innerWidth}×${window.innerHeight} · ${new Date().toISOString().slice(0, 10)}`;
}

export default function ReportForm() {
  const { slug, choices, prefill, submissionId } = useLoaderData<typeof loader>();
  const form = formBySlug(slug)!;
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [restored, setRestored] = useState(false);
  const [browser, setBrowser] = useState("");
  const errors = clientErrors ?? actionData?.errors ?? {};
  const values = actionData?.values ?? prefill;
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
        if (value && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) && !prefill[name]) {
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
    const data = new FormData(formRef.current ?? undefined);
    return Object.fromEntries(form.fields.map((field) => [field.name, String(data.get(field.name) ?? "")]));
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
      const first = form.fields.find((field) => found[field.name]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
    }
  }

  const submitting = navigation.state === "submitting";
  return (
    <div className="max-w-2xl">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/feedback_hub" className="text-primary underline">Feedback hub</Link> / <span aria-current="page">{form.title}</span>
      </nav>
      <PageHeader title={form.title} lead={form.summary} />
      {restored ? (
        <p role="status" className="mb-4 rounded-md border border-border bg-card p-3 text-sm">
          Your unsent draft was restored.{" "}
          <button
            type="button"
            className="text-primary underline"
            onClick={() => {
              formRef.current?.reset();
              writeStored("reportDraft", null, draftSuffix);
              setRestored(false);
            }}
          >
            Start over
          </button>
        </p>
      ) : null}
      <Form ref={formRef} method="post" noValidate onSubmit={check} onInput={saveDraft} onChange={saveDraft} className="space-y-5">
        <input type="hidden" name="submissionId" value={submissionId} />
        {/* The honeypot: hidden from people and screen readers, filled in only by bots. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Website <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {form.fields.map((field) => (
          <FormField
            key={field.name}
            field={field}
            value={field.kind === "browser" ? browser : (values[field.name] ?? "")}
            error={errors[field.name]}
            options={field.optionsFrom ? choices[field.optionsFrom] : field.options}
          />
        ))}
        {form.kind === "ln_mistl" || form.kind === "anime_mistl" ? <SimilarEntries kind={form.kind} formRef={formRef} /> : null}
        {errors.form ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm font-medium">
            {errors.form}
          </p>
        ) : null}
        <button type="submit" disabled={submitting} className="h-11 rounded-md bg-primary px-6 font-medium text-primary-foreground disabled:opacity-60">
          {submitting ? "Sending…" : "Send report"}
        </button>
      </Form>
    </div>
  );
}

function FormField({ field, value, error, options }: { field: FieldDefinition; value: string; error?: string; options?: Array<{ value: string; label: string }> }) {
  const id = `field-${field.name}`;
  const describedBy = [error ? `${id}-error` : null, field.help ? `${id}-help` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: field.name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    "aria-required": field.required || undefined,
    className: cn("w-full rounded-md border bg-background px-3", error ? "border-destructive" : "border-border"),
  };
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {field.label}
        {field.required ? <span aria-hidden="true"> *</span> : <span className="font-normal text-muted-foreground"> (optional)</span>}
      </label>
      {field.kind === "textarea" ? (
        <textarea {...common} defaultValue={value} rows={4} maxLength={field.max} placeholder={field.placeholder} className={cn(common.className, "py-2")} />
      ) : field.kind === "select" ? (
        <select {...common} defaultValue={value} className={cn(common.className, "h-11")}>
          <option value="">Choose…</option>
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.kind === "browser" ? (
        <input {...common} value={value} readOnly className={cn(common.className, "h-11 text-sm text-muted-foreground")} />
      ) : (
        <input {...common} type="text" defaultValue={value} maxLength={field.max} placeholder={field.placeholder} className={cn(common.className, "h-11")} />
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {field.help ? (
        <p id={`${id}-help`} className="text-sm text-muted-foreground">
          {field.help}
        </p>
      ) : null}
    </div>
  );
}

interface SimilarEntry {
  id: string;
  where: string;
  official: string;
  suggested: string;
  unit: string;
}

/** While the reader types the official text, existing entries that look alike, so nothing is reported twice. */
function SimilarEntries({ kind, formRef }: { kind: "ln_mistl" | "anime_mistl"; formRef: React.RefObject<HTMLFormElement | null> }) {
  const fetcher = useFetcher<{ entries: SimilarEntry[] }>();
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
        const unit = String(values.get(kind === "ln_mistl" ? "volume" : "episode") ?? "");
        fetcher.load(`/resources/similar-mistakes?${new URLSearchParams({ kind: kind === "ln_mistl" ? "ln" : "anime", unit, q: query })}`);
      }, 300);
    };
    element.addEventListener("input", onInput);
    return () => {
      element.removeEventListener("input", onInput);
      clearTimeout(timer.current);
    };
  }, [fetcher, formRef, kind]);

  const entries = fetcher.data?.entries ?? [];
  if (!entries.length) return null;
  return (
    <aside aria-live="polite" aria-labelledby="similar-title" className="rounded-lg border border-primary/50 bg-accent p-4">
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
                  : `/translation_meta/anime_mistls#${mistakeAnchor(entry.id)}`
              }
              target="_blank"
              className="text-primary underline"
            >
              {entry.where}
            </Link>
            : “{entry.official}” → “{entry.suggested}”
          </li>
        ))}
      </ul>
    </aside>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
