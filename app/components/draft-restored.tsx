import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * The line a form shows when it brought back the reader's unsent draft (`useReportDraft`), with
 * "Start over", which empties the form and forgets the draft.
 */
export function DraftRestored({ onStartOver, className }: { onStartOver: () => void; className?: string }) {
  return (
    <p role="status" className={cn("text-sm", className)}>
      Your unsent draft was restored.{" "}
      <Button variant="link" size="inline" onClick={onStartOver}>
        Start over
      </Button>
    </p>
  );
}
