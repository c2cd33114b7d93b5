import { cn } from "~/lib/cn";

/** The lantern mark, drawn inline so it needs no request. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn("size-8", className)}>
      <rect width="64" height="64" rx="14" className="fill-primary" />
      <path d="M26 14h12l2 6H24z" className="fill-primary-foreground" opacity=".85" />
      <path d="M22 22h20l-2 24a4 4 0 0 1-4 4h-8a4 4 0 0 1-4-4z" className="fill-primary-foreground" opacity=".95" />
      <path d="M32 28c3 4 4 7 4 10a4 4 0 0 1-8 0c0-3 1-6 4-10z" className="fill-primary" />
      <rect x="24" y="50" width="16" height="4" rx="2" className="fill-primary-foreground" opacity=".85" />
    </svg>
  );
}
