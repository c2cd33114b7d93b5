import { createContext, type ReactNode, useContext, useId, useMemo } from "react";
import { cn } from "~/lib/cn";
import { HONEYPOT_FIELD } from "~/lib/forms/form";
import { Label } from "./label";

/** The attributes that tie a control to its field's label, description and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  "aria-required"?: true;
}

const FieldControlContext = createContext<FieldControlProps | null>(null);

/** Inside a `Field`, the attributes its control takes; Input, Select and Textarea read them themselves. */
export function useFieldControl() {
  return useContext(FieldControlContext);
}

/** The look shared by every text-like control; an invalid one shows it by its border. */
export const controlClassName =
  "min-w-0 max-w-full rounded-md border border-border bg-background px-3 aria-invalid:border-destructive disabled:opacity-60";

export interface FieldProps {
  label: ReactNode;
  /** The control's id; the error and description take `<id>-error` and `<id>-description`. */
  id?: string;
  description?: ReactNode;
  error?: string | null;
  required?: boolean;
  className?: string;
  /** One control: Input, Select, Textarea, or anything that spreads `useFieldControl()`. */
  children: ReactNode;
}

/** A label, one control, its error message right below it, and an optional description. */
export function Field({ label, id, description, error, required, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  const descriptionId = `${controlId}-description`;
  const control = useMemo<FieldControlProps>(
    () => ({
      id: controlId,
      "aria-invalid": error ? true : undefined,
      "aria-describedby":
        [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(" ") || undefined,
      "aria-required": required || undefined,
    }),
    [controlId, error, errorId, description, descriptionId, required],
  );
  return (
    <div className={cn("grid gap-1", className)}>
      <Label htmlFor={controlId}>{label}</Label>
      <FieldControlContext.Provider value={control}>{children}</FieldControlContext.Provider>
      {error ? (
        // It may say back what the reader typed: a long word wraps rather than widen the page.
        <p id={errorId} className="text-sm font-medium text-destructive [overflow-wrap:anywhere]">
          {error}
        </p>
      ) : null}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
    </div>
  );
}

/** A message about the whole form, announced when it appears. */
export function FormError({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className={cn("rounded-md border border-destructive p-3 text-sm font-medium", className)}>
      {children}
    </p>
  );
}

/** The honeypot (app/lib/forms/form.ts): hidden from people and screen readers, filled in only by bots. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
