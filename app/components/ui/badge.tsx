import { cva, type VariantProps } from "class-variance-authority";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

const badgeVariants = cva("inline-flex max-w-full items-center rounded-full border px-2 py-0.5 text-xs font-medium", {
  variants: {
    tone: {
      neutral: "border-border bg-muted text-muted-foreground",
      primary: "border-transparent bg-primary text-primary-foreground",
      outline: "border-border text-foreground",
      warning: "border-transparent bg-destructive text-destructive-foreground",
    },
  },
  defaultVariants: { tone: "neutral" },
});

/** A short label on one line; `wrap` lets a long one (an edition, a publisher's printing) break on a phone. */
export function Badge({
  tone,
  wrap = false,
  className,
  children,
}: VariantProps<typeof badgeVariants> & { wrap?: boolean; className?: string; children: ReactNode }) {
  return (
    <span className={cn(badgeVariants({ tone }), wrap ? "whitespace-normal" : "whitespace-nowrap", className)}>
      {children}
    </span>
  );
}
