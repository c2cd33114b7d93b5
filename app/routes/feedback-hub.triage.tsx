import { Form, Link, useNavigation } from "react-router";
import { useRef } from "react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { keepingTheForm } from "~/browser/form-outage";
import { useFocusAfterDecision } from "~/browser/decision-focus";
import { useFocusOnRefusal } from "~/browser/refusal-focus";
import { PageHeader } from "~/components/page-header";
import { useOriginalLanguage } from "~/components/original-text";
import { Pagination } from "~/components/pagination";
import { ReportStatusBadge } from "~/components/report-status";
import { Button } from "~/components/ui/button";
import { FilterForm } from "~/components/filter-form";
import { Field, FormError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { LabelOptions, Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { oneOf } from "~/lib/http/params";
import { formErrorsOf } from "~/lib/http/error-body";
import { checkWith, readFields, type Refusal, refuse } from "~/lib/forms/form";
import { lengthProblem } from "~/lib/forms/text-length";
import { cleanCommentText } from "~/lib/discussion/comment-text";
import { formatDate } from "~/lib/format";
import { mistakeCategoryLabels, mistakeSeverityLabels } from "~/lib/mistakes/rules";
import { pageMeta } from "~/lib/http/meta";
import { fieldShown, formByKind, reportForms, reportPlace, reportStatusLabels } from "~/lib/forms/report-forms";
import { mistakeCategories, mistakeSeverities, reportStatuses } from "~/lib/vocabulary";
import { countOf, nouns } from "~/lib/words";
import { decideReport, type ReportPublicationProblem } from "~/models/report-decisions.server";
import { getTriageReports, triagePageCount, type TriageQuery } from "~/models/report-triage.server";
import type { Report } from "~/models/reports.server";
import { pageAfterChange, requestedPage, requireExistingPage } from "~/server/paging.server";
import { assertSameOrigin } from "~/server/origin.server";
import { requireModerator } from "~/server/session.server";
import { siteIdentity } from "~/server/site-identity.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/feedback-hub.triage";

const kinds = reportForms.map((form) => form.kind);

/** Which reports the address lists: their kind and status (either absent: any). */
const triageFilters = (params: URLSearchParams) => ({
  kind: oneOf(kinds, params.get("kind")),
  status: oneOf(reportStatuses, params.get("status")),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireModerator(request, context);
  const url = new URL(request.url);
  const params = url.searchParams;
  const filters: TriageQuery = {
    ...triageFilters(params),
    order: params.get("order") === "oldest" ? "oldest" : "newest",
    page: requestedPage(url),
  };
  const reports = await getTriageReports(context.db, filters);
  requireExistingPage(url, { page: filters.page, pageCount: reports.pageCount });
  return { filters, ...reports };
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta({ matches, error }, { title: "Triage", description: "Moderators' view of every report." });

const decisionFields = ["reportId", "from", "status", "duplicateOf", "category", "severity", "note"] as const;
type DecisionField = (typeof decisionFields)[number];

/** How long a note to the reporter may be: a longer one is refused with its length, the text kept, never cut. */
const MODERATOR_NOTE_MAX = 2000;

/** A decision's fields in the order its form shows them. */
const shownDecisionFields: DecisionField[] = ["status", "duplicateOf", "category", "severity", "note"];

const decisionSchema = z.object({
  reportId: z
    .string({ error: "That decision is incomplete." })
    .min(1, "That decision is incomplete.")
    .max(64, "That decision is incomplete."),
  from: z.enum(reportStatuses, { error: "That decision is incomplete." }),
  status: z.enum(reportStatuses, { error: "Choose a status." }),
  // Kept as a reader's text is (a line break sent as CRLF counted once, nothing invisible), then counted.
  note: z
    .string()
    .overwrite(cleanCommentText)
    .check((check) => {
      const tooLong = lengthProblem(check.value, MODERATOR_NOTE_MAX);
      if (tooLong) check.issues.push({ code: "custom", input: check.value, message: tooLong });
    })
    .default(""),
  duplicateOf: z.string().trim().max(64, "At most 64 characters, please.").default(""),
  category: z
    .enum(mistakeCategories, {
      error: "Choose a category.",
    })
    .default("mistranslation"),
  severity: z
    .enum(mistakeSeverities, {
      error: "Choose a severity.",
    })
    .default("minor"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const moderator = await requireModerator(request, context);
  assertSameOrigin(request);
  const body = await request.formData();
  // Fields a form does not show (category and severity once published) take their defaults.
  const raw = readFields(body, decisionFields);
  const input = Object.fromEntries(decisionFields.filter((name) => body.has(name)).map((name) => [name, raw[name]]));
  const { values: decision, errors } = checkWith(decisionSchema, input, shownDecisionFields);
  if (!decision) return refuse(errors, raw);
  if (decision.status === "duplicate" && !decision.duplicateOf) {
    return refuse<DecisionField>({ duplicateOf: "Name the report this one duplicates." }, raw);
  }
  const result = await decideReport(context.db, {
    ...decision,
    duplicateOf: decision.duplicateOf || null,
    moderatorName: moderator.name ?? "a moderator",
  });
  if (!result.decided && result.reason === "unknown")
    return refuse<DecisionField>({ form: "That report no longer exists." }, raw, 404);
  if (!result.decided && result.reason === "no-original")
    return refuse<DecisionField>(
      { duplicateOf: "Name another report by its id, as the list shows it: no other report has this one." },
      raw,
    );
  if (!result.decided && result.reason === "original-is-duplicate")
    return refuse<DecisionField>(
      { duplicateOf: "That report is a duplicate itself: name the report it duplicates instead." },
      raw,
    );
  if (!result.decided && result.reason === "unpublishable") {
    // The field named as the form beside it names it: "The Korean text" for a Korean series.
    const { originalLanguage } = await siteIdentity(context);
    return refuse<DecisionField>({ form: unpublishableMessage(result.problem, originalLanguage) }, raw, 422);
  }
  if (!result.decided) {
    const now = reportStatusLabels[result.status].toLowerCase();
    return refuse<DecisionField>(
      {
        form: `Not saved: this report was changed while you were deciding and is now ${now}. Reload the page to see it, then decide again.`,
      },
      raw,
      409,
    );
  }
  // Back to the page decided on, filters kept; the last page there is when the decision emptied it.
  const url = new URL(request.url);
  const back = pageAfterChange(url, await triagePageCount(context.db, triageFilters(url.searchParams)));
  return redirectWithToast(context.env, back, {
    title: `Marked ${reportStatusLabels[decision.status].toLowerCase()}`,
    description: result.published ? "It is published on the translation notes pages." : undefined,
  });
}

/**
 * A decision that never reaches the site, or that it fails to answer, keeps the page and the form as
 * the moderator left it, with what failed beside its button (app/browser/form-outage.ts).
 */
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  keepingTheForm(request, serverAction, decisionFields);

/**
 * Why an accepted report is not published, for the moderator beside the form: the field, what in it is
 * wrong and what to do. The report stays as it was; the reader's words are theirs, so the way on is a
 * note asking them to send it again.
 */
function unpublishableMessage(problem: ReportPublicationProblem, originalLanguage: string) {
  const field = formByKind(problem.kind, originalLanguage).fields.find((candidate) => candidate.name === problem.field);
  const label = field?.label ?? problem.field;
  const way = "Decline it with a note asking the reader to send it again without that.";
  if (problem.problem === "location") {
    const shape =
      problem.field === "timestamp"
        ? "a time such as 12:34"
        : "a page (p. 112), a percentage (43%) or a Kindle location (loc. 1234)";
    return `Not published: its “${label}” reads “${problem.written}”, which is not ${shape}, and the entry would show it to every ${problem.kind === "ln_mistl" ? "reader of the volume" : "viewer of the episode, OVA, special or film"}. ${way}`;
  }
  const readers =
    "crossed" in problem
      ? `readers of ${problem.beforeLabel ?? problem.before} who came from ${problem.crossed.from} into ${problem.crossed.into} and skipped ${problem.crossed.skipped.join(", ")}`
      : problem.beforeLabel
        ? `readers of ${problem.beforeLabel}`
        : "every reader";
  return `Not published: its “${label}” names the secret “${problem.secret}” (“${problem.words}”), which ${readers} may not know yet, and the entry would show it to them. ${way}`;
}

export default function Triage({ loaderData, actionData }: Route.ComponentProps) {
  const { reports, counts, filters, matches, pageCount } = loaderData;
  const decidedIn = useFocusAfterDecision();
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/feedback_hub" className="tap-line text-primary underline">
          Feedback hub
        </Link>{" "}
        / <span aria-current="page">Triage</span>
      </nav>
      <PageHeader title="Triage" lead="Every report, page by page. The reporter sees the status and your note.">
        <Link to="/feedback_hub/triage/comments" className="text-sm font-medium text-primary underline">
          Reported comments
        </Link>
      </PageHeader>
      <FilterForm
        submitLabel="Show"
        className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-border bg-card p-4"
      >
        <Field label="Kind">
          <Select name="kind" defaultValue={filters.kind ?? ""}>
            <option value="">All kinds</option>
            {reportForms.map((form) => (
              <option key={form.kind} value={form.kind}>
                {form.title}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Status">
          <Select name="status" defaultValue={filters.status ?? ""}>
            <option value="">All statuses</option>
            {reportStatuses.map((status) => (
              <option key={status} value={status}>
                {reportStatusLabels[status]} ({counts.find((count) => count.status === status)?.count ?? 0})
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Order">
          <Select name="order" defaultValue={filters.order}>
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </Select>
        </Field>
      </FilterForm>
      {/* One line, whether or not any report is left: a decision that empties the list is said as it happens. */}
      <p id="triage-status" className="mb-4 text-sm text-muted-foreground" role="status">
        {reports.length === 0
          ? "No report matches."
          : `${countOf(matches, nouns.reportMatches)}; page ${Math.min(filters.page, pageCount)} of ${pageCount}.`}
      </p>
      {/* A decision that went through leaves focus on the report now in its place, or on the line above. */}
      <ol className="space-y-4" onSubmit={decidedIn("triage-status")}>
        {reports.map((report) => (
          <TriageItem
            key={report.id}
            report={report}
            refusal={actionData?.values.reportId === report.id ? actionData : undefined}
          />
        ))}
      </ol>
      <Pagination page={filters.page} pageCount={pageCount} />
    </>
  );
}

/** One report and the decision form for it; a refused decision shows its messages here, with the input kept. */
function TriageItem({ report, refusal }: { report: Report; refusal?: Refusal<DecisionField> }) {
  const navigation = useNavigation();
  const errors = formErrorsOf<DecisionField>(refusal);
  const values = refusal?.values ?? {};
  const field = (name: DecisionField) => `decision-${report.id}-${name}`;
  // Its fields as the reader saw them: "The Korean text" for a Korean series.
  const form = formByKind(report.kind, useOriginalLanguage());
  const mistranslation = report.kind === "ln_mistl" || report.kind === "anime_mistl";
  // A refused decision takes focus to its first field told off, or to why (a decision made meanwhile in
  // another tab), not the page's body: the button that sent it was disabled while it went.
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, shownDecisionFields, refusal);
  return (
    <li className="rounded-lg border border-border bg-card p-4" aria-labelledby={`report-${report.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`report-${report.id}`} className="min-w-0 font-semibold [overflow-wrap:anywhere]">
          <span className="text-sm font-normal text-muted-foreground">{form.title}: </span>
          {report.title}
        </h2>
        <ReportStatusBadge status={report.status} />
      </div>
      <p className="text-xs text-muted-foreground">
        {[reportPlace(report), report.id, `sent ${formatDate(report.createdAt.slice(0, 10))} by ${report.uid}`]
          .filter(Boolean)
          .join(" · ")}
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
        {form.fields.map((field) =>
          report.fields[field.name] ? (
            <div key={field.name} className="contents">
              <dt className="text-muted-foreground">{field.label}</dt>
              <dd className="min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere]">
                {fieldShown(field, report.fields[field.name]!, report.unitLabel)}
              </dd>
            </div>
          ) : null,
        )}
      </dl>
      <Form ref={formRef} method="post" className="mt-4 grid gap-3 border-t border-border pt-4 sm:grid-cols-2">
        <input type="hidden" name="reportId" value={report.id} />
        <input type="hidden" name="from" value={report.status} />
        <Field id={field("status")} label="Status" error={errors.status}>
          <Select name="status" defaultValue={values.status ?? report.status}>
            <LabelOptions labels={reportStatusLabels} />
          </Select>
        </Field>
        <Field id={field("duplicateOf")} label="Duplicate of (report id)" error={errors.duplicateOf}>
          <Input name="duplicateOf" defaultValue={values.duplicateOf ?? report.duplicateOf ?? ""} />
        </Field>
        {mistranslation && !report.publishedEntry ? (
          <>
            <Field id={field("category")} label="Category, if accepted" error={errors.category}>
              <Select name="category" defaultValue={values.category ?? "mistranslation"}>
                <LabelOptions labels={mistakeCategoryLabels} />
              </Select>
            </Field>
            <Field id={field("severity")} label="Severity, if accepted" error={errors.severity}>
              <Select name="severity" defaultValue={values.severity ?? "minor"}>
                <LabelOptions labels={mistakeSeverityLabels} />
              </Select>
            </Field>
          </>
        ) : null}
        <Field id={field("note")} label="Note to the reporter" error={errors.note} className="sm:col-span-2">
          <Textarea name="note" defaultValue={values.note ?? report.moderatorNote ?? ""} rows={2} />
        </Field>
        <FormError className="sm:col-span-2">{errors.form}</FormError>
        <Button type="submit" disabled={navigation.state === "submitting"} className="sm:w-fit">
          Save decision
        </Button>
      </Form>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
