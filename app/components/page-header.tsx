import type { ReactNode } from "react";

/** The heading block every page starts with; `subtitle`, a line that names what the heading names by its place. */
export function PageHeader({
  title,
  subtitle,
  lead,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="mb-8 space-y-3">
      <h1 className="text-page-title font-bold tracking-tight sm:text-4xl">{title}</h1>
      {subtitle ? <div className="text-xl font-medium">{subtitle}</div> : null}
      {lead ? <p className="max-w-3xl text-lg text-muted-foreground">{lead}</p> : null}
      {children}
    </header>
  );
}
