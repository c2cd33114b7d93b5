import { Badge } from "~/components/ui/badge";
import { reportStatusLabels } from "~/lib/forms/report-forms";
import type { ReportStatus } from "~/lib/vocabulary";

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
