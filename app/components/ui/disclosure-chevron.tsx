/** The arrow of a summary whose own marker is hidden: it points down while its <details className="group"> is open. */
export function DisclosureChevron() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="m9 6 6 6-6 6" />
    </svg>
  );
}
