import {
  Children,
  type ComponentPropsWithoutRef,
  forwardRef,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { useBeforePaint } from "~/browser/before-paint";
import { cn } from "~/lib/cn";
import { CHOICE_SET } from "./choice-set";
import { useFieldControl } from "./field";

/** An option's text as React holds it: "Only " and a unit's label are one text. */
function textOf(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  return "";
}

/** The text of the option a select is drawn with: the one of `value`, or else the first. */
function drawnLabel(children: ReactNode, value: unknown) {
  const options = Children.toArray(children).filter(
    (child): child is ReactElement<{ value?: unknown; children?: ReactNode }> =>
      isValidElement(child) && child.type === "option",
  );
  const drawn = options.find((option) => String(option.props.value) === String(value)) ?? options[0];
  return drawn ? textOf(drawn.props.children) : "";
}

/**
 * A select that shows the whole text of its chosen option, over as many lines as it takes, where a
 * native select would cut a long option off at its edge (a volume's title on a phone, a horizon at twice
 * the text size). The native select still takes the focus, the taps and the phone's own picker: it lies,
 * transparent, over the text it shows. `shown` is the chosen option's text, for a select the page holds
 * the value of. Without it (a form's select, which a restored draft or the form's reset sets behind
 * React's back), the select's own chosen option is shown: as drawn, as the reader picks, when its form
 * is reset, when a script that sets it tells it `CHOICE_SET` (a list's filters after Back), and each
 * time the form is drawn again (a restored draft says so, which draws it).
 */
export const WrappingSelect = forwardRef<HTMLSelectElement, ComponentPropsWithoutRef<"select"> & { shown?: string }>(
  function WrappingSelect({ shown, className, onChange, ...props }, ref) {
    const field = useFieldControl();
    const own = useRef<HTMLSelectElement | null>(null);
    const [read, setRead] = useState<string | null>(null);
    const follows = shown === undefined;
    const readChosen = useCallback(() => {
      const select = own.current;
      if (select) setRead(select.options[select.selectedIndex]?.text ?? "");
    }, []);
    // Every time it is drawn, before the paint: a value set without an event (a restored draft) shows at once.
    useBeforePaint(() => {
      if (follows) readChosen();
    });
    // A form's reset sets its fields just after its event; a script that sets the choice says so.
    useEffect(() => {
      const select = own.current;
      if (!follows || !select) return;
      const form = select.form;
      const reset = () => setTimeout(readChosen);
      form?.addEventListener("reset", reset);
      select.addEventListener(CHOICE_SET, readChosen);
      return () => {
        form?.removeEventListener("reset", reset);
        select.removeEventListener(CHOICE_SET, readChosen);
      };
    }, [follows, readChosen]);
    const setRefs = useCallback(
      (select: HTMLSelectElement | null) => {
        own.current = select;
        if (typeof ref === "function") ref(select);
        else if (ref) ref.current = select;
      },
      [ref],
    );
    return (
      <div
        className={cn(
          "relative rounded-md has-[select:disabled]:opacity-60 has-[select:focus-visible]:outline-2 has-[select:focus-visible]:outline-offset-2 has-[select:focus-visible]:outline-ring",
          className,
        )}
      >
        <div
          aria-hidden="true"
          className={cn(
            // Its padding grows with the text only to a share of the screen, as a card's (p-card): at twice the
            // text size on a 320 px phone, "Any affiliation" has a line for its longer word.
            "flex min-h-11 items-center justify-between gap-2 rounded-md border bg-background py-2 pl-[min(0.75rem,3.75vw)] pr-[min(0.5rem,2.5vw)]",
            // An invalid choice shows it by its border, as a field's control does.
            (props["aria-invalid"] ?? field?.["aria-invalid"]) ? "border-destructive" : "border-border",
          )}
        >
          <span className="min-w-0 [overflow-wrap:break-word]">
            {shown ?? read ?? drawnLabel(props.children, props.value ?? props.defaultValue)}
          </span>
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
          ref={setRefs}
          {...field}
          {...props}
          onChange={(event) => {
            onChange?.(event);
            if (follows) readChosen();
          }}
          className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
      </div>
    );
  },
);
