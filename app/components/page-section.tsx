import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A titled part of a page; its heading names the region for assistive technology. */
export function PageSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn("space-y-3", className)}>
      <h2 id={id} className="text-section-title font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
