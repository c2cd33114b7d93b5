import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { cn } from "~/lib/cn";
import { controlClassName, useFieldControl } from "./field";

export const Input = forwardRef<HTMLInputElement, ComponentPropsWithoutRef<"input">>(function Input(
  { className, type = "text", ...props },
  ref,
) {
  const field = useFieldControl();
  return <input ref={ref} type={type} {...field} {...props} className={cn("h-11", controlClassName, className)} />;
});
