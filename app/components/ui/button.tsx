import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { cn } from "~/lib/cn";

/**
 * Sizes own the box (height, padding, alignment) and variants the colours, so a caller's extra classes
 * (width, margin) never fight the component's: there is no class-merging library in the first load.
 * Plain maps rather than a variants library: lighter on every page.
 */
const base =
  "inline-flex items-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60";

const variants = {
  default: "bg-primary text-primary-foreground hover:bg-primary/90",
  outline: "border border-border bg-background hover:border-primary",
  ghost: "hover:bg-muted hover:text-foreground",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
  link: "text-primary underline",
  /** One choice of a tab list on a muted track; the selected one stands out. */
  tab: "text-muted-foreground aria-selected:bg-background aria-selected:text-foreground aria-selected:shadow",
};

/*
 * Every size a reader taps takes at least a 44 px band: the small ones keep their look, their margins
 * fill the band and their hit area (`tap-area`) covers it, so two rows of them never share a tap.
 */
const sizes = {
  default: "h-11 justify-center px-5",
  sm: "tap-area my-1 min-h-9 justify-center px-3 py-1.5 text-sm",
  xs: "tap-area my-[9px] justify-center px-2 py-1 text-xs",
  icon: "size-11 justify-center",
  /** A full-width row of a menu. */
  menu: "min-h-11 w-full justify-start px-3 py-2 text-left text-sm",
  /** Inside running text, as a link looks. */
  inline: "tap-area",
};

export type ButtonProps = ComponentPropsWithoutRef<"button"> & {
  variant?: keyof typeof variants | null;
  size?: keyof typeof sizes | null;
};

/** A button's look, for an element that stands in for one (a box the button's size before it can be used). */
export function buttonClassName(
  variant?: keyof typeof variants | null,
  size?: keyof typeof sizes | null,
  className?: string,
) {
  return cn(base, variants[variant ?? "default"], sizes[size ?? "default"], className);
}

/** A button. `type` defaults to "button": only a form's real submit button says "submit". */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant, size, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClassName(variant, size, className)} {...props} />;
});
