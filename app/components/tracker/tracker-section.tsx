import type { ReactNode } from "react";

/** One titled part of the reading tracker; its title names the region for assistive technology. */
export function TrackerSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}
