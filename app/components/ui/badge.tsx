import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

const tones = {
  neutral: "border-border bg-muted text-muted-foreground",
  primary: "border-transparent bg-primary text-primary-foreground",
  outline: "border-border text-foreground",
  warning: "border-transparent bg-destructive text-destructive-foreground",
};

/** A badge's look, for an element that is one itself (a link that is a badge, without a box inside it). */
export function badgeClassName(tone: keyof typeof tones | null = "neutral", wrap = false, className?: string) {
  return cn(
    "inline-flex max-w-full items-center rounded-full border px-2 py-0.5 text-xs font-medium",
    tones[tone ?? "neutral"],
    wrap ? "whitespace-normal" : "whitespace-nowrap",
    className,
  );
}

/** A short label on one line; `wrap` lets a long one (an edition, a publisher's printing) break on a phone. */
export function Badge({
  tone,
  wrap = false,
  className,
  children,
}: {
  tone?: keyof typeof tones | null;
  wrap?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return <span className={badgeClassName(tone, wrap, className)}>{children}</span>;
}
