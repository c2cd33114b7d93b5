import { Link, useSearchParams } from "react-router";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { ReportStatusBadge } from "~/components/report-status";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/http/meta";
import { formByKind, reportForms, reportFormsIn, reportPlace, reportStatusLabels } from "~/lib/forms/report-forms";
import { useOriginalLanguage } from "~/components/original-text";
import { forgetDraft } from "~/browser/report-draft";
import { useOptionalUser } from "~/browser/user";
import { getReaderReports } from "~/models/reports.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/feedback-hub._index";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { reports: await getReaderReports(context.db, user.uid), admin: user.admin };
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "Feedback hub",
      description: "Report bugs, content errors and mistranslations, suggest features, and follow your reports.",
    },
  );

export default function FeedbackHub({ loaderData }: Route.ComponentProps) {
  const { reports, admin } = loaderData;
  const [params] = useSearchParams();
  const sent = params.get("sent");
  // Opened from a page's footer: a form that asks which page starts with it.
  const page = params.get("page");
  const formPath = (form: (typeof forms)[number]) =>
    `/feedback_hub/${form.slug}${page && form.fields.some((field) => field.name === "page") ? `?${new URLSearchParams({ page })}` : ""}`;
  const uid = useOptionalUser()?.uid ?? null;
  const originalLanguage = useOriginalLanguage();
  const forms = reportFormsIn(originalLanguage);
  useEffect(() => {
    // The report is stored: its draft is no longer needed.
    if (sent && reportForms.some((form) => form.kind === sent)) forgetDraft(sent, uid);
  }, [sent, uid]);

  return (
    <>
      <PageHeader
        title="Feedback hub"
        lead="Tell us what is wrong or what could be better. Moderators read every report and note what they decided."
      >
        {admin ? (
          <Link to="/feedback_hub/triage" className="text-sm font-medium text-primary underline">
            Open triage
          </Link>
        ) : null}
      </PageHeader>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {forms.map((form) => (
          <li key={form.slug}>
            <Link
              to={formPath(form)}
              className="block h-full rounded-lg border border-border bg-card p-4 hover:border-primary"
            >
              <span className="font-semibold">{form.title}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{form.summary}</span>
            </Link>
          </li>
        ))}
      </ul>

      <section aria-labelledby="my-reports" className="mt-12 space-y-4">
        <h2 id="my-reports" className="text-2xl font-semibold tracking-tight">
          My reports
        </h2>
        {reports.length === 0 ? (
          <p className="text-muted-foreground">You have not sent a report yet.</p>
        ) : (
          <ol className="space-y-3">
            {reports.map((report) => (
              <li key={report.id} className="rounded-lg border border-border bg-card p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 font-medium [overflow-wrap:anywhere]">
                    <span className="text-sm text-muted-foreground">
                      {formByKind(report.kind, originalLanguage).title}:{" "}
                    </span>
                    {report.title}
                  </p>
                  <ReportStatusBadge status={report.status} />
                </div>
                <p className="mt-1 text-xs text-muted-foreground">
                  {[reportPlace(report), `Sent ${formatDate(report.createdAt.slice(0, 10))}`]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                {report.moderatorNote ? (
                  <p className="mt-2 rounded-md bg-muted p-3 text-sm">
                    <span className="font-medium">Moderator&apos;s note: </span>
                    {report.moderatorNote}
                  </p>
                ) : null}
                {report.publishedEntry ? (
                  <p className="mt-2 text-sm">Published as a translation note. Thank you!</p>
                ) : null}
                <details className="text-sm">
                  <summary className="cursor-pointer py-3 text-muted-foreground">History</summary>
                  <ol className="mt-2 space-y-1">
                    {report.history.map((entry, index) => (
                      <li key={index}>
                        {formatDate(entry.at.slice(0, 10))}: {reportStatusLabels[entry.status]}
                        {entry.note ? ` — ${entry.note}` : ""}
                      </li>
                    ))}
                  </ol>
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
