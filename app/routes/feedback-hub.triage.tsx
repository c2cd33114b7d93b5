import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Form, Link, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { ReportStatusBadge } from "~/components/report-status";
import { formatDate } from "~/lib/format";
import { type MistakeCategory, mistakeCategoryLabels, type MistakeSeverity, mistakeSeverityLabels } from "~/lib/mistakes";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import { formByKind, type ReportKind, reportForms, type ReportStatus, reportStatuses, reportStatusLabels } from "~/lib/report-forms";
import { decideReport, getTriageReports, type Report } from "~/models/reports.server";
import { assertSameOrigin } from "~/server/origin.server";
import { requireModerator } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";

const kinds = reportForms.map((form) => form.kind);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireModerator(request, context);
  const params = new URL(request.url).searchParams;
  const kind = kinds.includes(params.get("kind") as ReportKind) ? (params.get("kind") as ReportKind) : null;
  const status = reportStatuses.includes(params.get("status") as ReportStatus) ? (params.get("status") as ReportStatus) : null;
  return { filters: { kind, status }, ...(await getTriageReports(context.db, { kind, status })) };
}

export const meta: MetaFunction = ({ matches }) => pageMeta(siteNameFrom(matches), { title: "Triage", description: "Moderators' view of every report." });

const decisionSchema = z.object({
  reportId: z.string().min(1).max(64),
  status: z.enum(reportStatuses),
  note: z.string().trim().max(2000).default(""),
  duplicateOf: z.string().trim().max(64).default(""),
  category: z.enum(Object.keys(mistakeCategoryLabels) as [MistakeCategory, ...MistakeCategory[]]).default("mistranslation"),
  severity: z.enum(Object.keys(mistakeSeverityLabels) as [MistakeSeverity, ...MistakeSeverity[]]).default("minor"),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const moderator = await requireModerator(request, context);
  assertSameOrigin(request);
  const parsed = decisionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "That decision is incomplete." }, { status: 400 });
  const decision = parsed.data;
  if (decision.status === "duplicate" && !decision.duplicateOf) {
    return data({ error: "Name the report this one duplicates." }, { status: 400 });
  }
  const result = await decideReport(context.db, {
    ...decision,
    duplicateOf: decision.duplicateOf || null,
    moderatorName: moderator.name ?? "a moderator",
  });
  if (!result) return data({ error: "That report no longer exists." }, { status: 404 });
  return redirectWithToast(context.env, new URL(request.url).pathname + new URL(request.url).search, {
    title: `Marked ${reportStatusLabels[decision.status].toLowerCase()}`,
    description: result.published ? "It is published on the translation notes pages." : undefined,
  });
}

export default function Triage() {
  const { reports, counts, filters } = useLoaderData<typeof loader>();
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/feedback_hub" className="text-primary underline">Feedback hub</Link> / <span aria-current="page">Triage</span>
      </nav>
      <PageHeader title="Triage" lead="Every report, newest first. The reporter sees the status and your note." />
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-border bg-card p-4">
        <label className="grid gap-1 text-sm font-medium">
          Kind
          <select name="kind" defaultValue={filters.kind ?? ""} className="h-10 rounded-md border border-border bg-background px-2">
            <option value="">All kinds</option>
            {reportForms.map((form) => (
              <option key={form.kind} value={form.kind}>{form.title}</option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium">
          Status
          <select name="status" defaultValue={filters.status ?? ""} className="h-10 rounded-md border border-border bg-background px-2">
            <option value="">All statuses</option>
            {reportStatuses.map((status) => (
              <option key={status} value={status}>
                {reportStatusLabels[status]} ({counts.find((count) => count.status === status)?.count ?? 0})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="h-10 rounded-md bg-primary px-4 font-medium text-primary-foreground">Show</button>
      </Form>
      {reports.length === 0 ? <p className="text-muted-foreground">No report matches.</p> : null}
      <ol className="space-y-4">
        {reports.map((report) => (
          <TriageItem key={report.id} report={report} />
        ))}
      </ol>
    </>
  );
}

function TriageItem({ report }: { report: Report }) {
  const navigation = useNavigation();
  const form = formByKind(report.kind);
  const mistranslation = report.kind === "ln_mistl" || report.kind === "anime_mistl";
  return (
    <li className="rounded-lg border border-border bg-card p-4" aria-labelledby={`report-${report.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`report-${report.id}`} className="font-semibold">
          <span className="text-sm font-normal text-muted-foreground">{form.title}: </span>
          {report.title}
        </h2>
        <ReportStatusBadge status={report.status} />
      </div>
      <p className="text-xs text-muted-foreground">
        {report.id} · sent {formatDate(report.createdAt.slice(0, 10))} by {report.uid}
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
        {form.fields.map((field) =>
          report.fields[field.name] ? (
            <div key={field.name} className="contents">
              <dt className="text-muted-foreground">{field.label}</dt>
              <dd className="whitespace-pre-wrap break-words">{report.fields[field.name]}</dd>
            </div>
          ) : null,
        )}
      </dl>
      <Form method="post" className="mt-4 grid gap-3 border-t border-border pt-4 sm:grid-cols-2">
        <input type="hidden" name="reportId" value={report.id} />
        <label className="grid gap-1 text-sm font-medium">
          Status
          <select name="status" defaultValue={report.status} className="h-10 rounded-md border border-border bg-background px-2">
            {reportStatuses.map((status) => (
              <option key={status} value={status}>{reportStatusLabels[status]}</option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium">
          Duplicate of (report id)
          <input name="duplicateOf" defaultValue={report.duplicateOf ?? ""} className="h-10 rounded-md border border-border bg-background px-2" />
        </label>
        {mistranslation && !report.publishedEntry ? (
          <>
            <label className="grid gap-1 text-sm font-medium">
              Category, if accepted
              <select name="category" defaultValue="mistranslation" className="h-10 rounded-md border border-border bg-background px-2">
                {Object.entries(mistakeCategoryLabels).map(([value, label]) => (
                  <option key={value} value={value}>{label}</option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-medium">
              Severity, if accepted
              <select name="severity" defaultValue="minor" className="h-10 rounded-md border border-border bg-background px-2">
                {Object.entries(mistakeSeverityLabels).map(([value, label]) => (
                  <option key={value} value={value}>{label}</option>
                ))}
              </select>
            </label>
          </>
        ) : null}
        <label className="grid gap-1 text-sm font-medium sm:col-span-2">
          Note to the reporter
          <textarea name="note" defaultValue={report.moderatorNote ?? ""} rows={2} maxLength={2000} className="rounded-md border border-border bg-background px-2 py-1" />
        </label>
        <button type="submit" disabled={navigation.state === "submitting"} className="h-10 rounded-md bg-primary px-4 font-medium text-primary-foreground sm:w-fit">
          Save decision
        </button>
      </Form>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
