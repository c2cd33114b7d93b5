import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { cn } from "~/lib/cn";

export const Label = forwardRef<HTMLLabelElement, ComponentPropsWithoutRef<"label">>(function Label(
  { className, ...props },
  ref,
) {
  return <label ref={ref} className={cn("text-sm font-medium", className)} {...props} />;
});
