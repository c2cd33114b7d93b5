import type { ReactNode } from "react";

/**
 * One titled part of the reading tracker; its title names the region for assistive technology. `id`: an
 * address for it (the installed app's "Up next" shortcut opens /reading_tracker#up-next).
 */
export function TrackerSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section id={id} aria-label={title} className="scroll-mt-4 space-y-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}
