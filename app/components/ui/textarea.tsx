import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { cn } from "~/lib/cn";
import { controlClassName, useFieldControl } from "./field";

export const Textarea = forwardRef<HTMLTextAreaElement, ComponentPropsWithoutRef<"textarea">>(function Textarea(
  { className, ...props },
  ref,
) {
  const field = useFieldControl();
  return <textarea ref={ref} {...field} {...props} className={cn("py-2", controlClassName, className)} />;
});
