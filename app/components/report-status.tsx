import { Badge } from "~/components/ui/badge";
import { type ReportStatus, reportStatusLabels } from "~/lib/report-forms";

const tones = {
  open: "outline",
  under_review: "neutral",
  accepted: "primary",
  declined: "warning",
  duplicate: "neutral",
  done: "primary",
} as const;

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return <Badge tone={tones[status]}>{reportStatusLabels[status]}</Badge>;
}
