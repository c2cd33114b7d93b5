import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { cn } from "~/lib/cn";
import { useFieldControl } from "./field";

/**
 * A select that shows the whole text of its chosen option, over as many lines as it takes, where a
 * native select would cut a long option off at its edge (a volume's title on a phone). The native
 * select still takes the focus, the taps and the phone's own picker: it lies, transparent, over the
 * text it shows. `shown` is the chosen option's text.
 */
export const WrappingSelect = forwardRef<HTMLSelectElement, ComponentPropsWithoutRef<"select"> & { shown: string }>(
  function WrappingSelect({ shown, className, ...props }, ref) {
    const field = useFieldControl();
    return (
      <div
        className={cn(
          "relative rounded-md has-[select:disabled]:opacity-60 has-[select:focus-visible]:outline-2 has-[select:focus-visible]:outline-offset-2 has-[select:focus-visible]:outline-ring",
          className,
        )}
      >
        <div
          aria-hidden="true"
          className="flex min-h-11 items-center justify-between gap-2 rounded-md border border-border bg-background py-2 pl-3 pr-2"
        >
          <span className="min-w-0">{shown}</span>
          <svg
            viewBox="0 0 16 16"
            className="size-4 shrink-0 text-muted-foreground"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="m4 6 4 4 4-4" />
          </svg>
        </div>
        <select
          ref={ref}
          {...field}
          {...props}
          className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
      </div>
    );
  },
);
