import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** Each tone is one class of the stylesheet's components (app/styles/app.css), as the badge itself is. */
const tones = {
  neutral: "badge-neutral",
  primary: "badge-primary",
  outline: "badge-outline",
  warning: "badge-warning",
};

/** A badge's look, for an element that is one itself (a link that is a badge, without a box inside it). */
export function badgeClassName(tone: keyof typeof tones | null = "neutral", wrap = false, className?: string) {
  return cn("badge", tones[tone ?? "neutral"], wrap && "badge-wrap", className);
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
