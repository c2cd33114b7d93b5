import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { cn } from "~/lib/cn";
import { controlClassName, useFieldControl } from "./field";

/** The native select, styled once: it works without JavaScript and on every phone's own picker. */
export const Select = forwardRef<HTMLSelectElement, ComponentPropsWithoutRef<"select">>(function Select(
  { className, ...props },
  ref,
) {
  const field = useFieldControl();
  // min-w-0 and max-w-full let a long option shrink the control to its column instead of widening the page.
  return (
    <select ref={ref} {...field} {...props} className={cn("h-11 min-w-0 max-w-full", controlClassName, className)} />
  );
});

/** One option per entry of a label table: the key is the value sent, the label the text shown. */
export function LabelOptions({ labels }: { labels: Readonly<Record<string, string>> }) {
  return Object.entries(labels).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}
