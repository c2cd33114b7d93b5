import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { cn } from "~/lib/cn";

/*
 * Sizes own the box (height, padding, alignment) and variants the colours, so a caller's extra classes
 * (width, margin) never fight the component's: there is no class-merging library in the first load.
 * Each is one class of the stylesheet's components (app/styles/app.css), so a list of buttons stays
 * short in the HTML.
 */
const variants = {
  default: "button-primary",
  outline: "button-outline",
  ghost: "button-ghost",
  destructive: "button-destructive",
  link: "button-link",
  /** One choice of a tab list on a muted track; the selected one stands out. */
  tab: "button-tab",
};

/*
 * Every size a reader taps takes at least a 44 px band: the small ones keep their look, their margins
 * fill the band and their hit area (`tap-area`) covers it, so two rows of them never share a tap.
 */
const sizes = {
  default: "button-md",
  sm: "button-sm",
  xs: "button-xs",
  icon: "button-icon",
  /** A full-width row of a menu. */
  menu: "button-menu",
  /** Inside running text, as a link looks. */
  inline: "button-inline",
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
  return cn("button", variants[variant ?? "default"], sizes[size ?? "default"], className);
}

/** A button. `type` defaults to "button": only a form's real submit button says "submit". */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant, size, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClassName(variant, size, className)} {...props} />;
});
