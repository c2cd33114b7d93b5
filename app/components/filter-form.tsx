import { type ComponentProps, type ReactNode, useEffect, useRef } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";

/** How long typing pauses before what was typed applies. */
const TYPING_PAUSE_MS = 300;

/** The address a GET form's fields make, as the browser writes it. */
function searchOf(form: HTMLFormElement) {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
  return params.toString();
}

const typedIn = (target: EventTarget) =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && !["checkbox", "radio"].includes(target.type));

/**
 * A list's filters as a GET form, the one way the site's lists are filtered: the address holds them and
 * they work without JavaScript (the button). With it, a choice applies at once, as one history entry,
 * and typing applies after a pause, in place of the entry (one search is one entry); the button
 * applies what is shown and adds no entry when that is the address already. The fields always show
 * the address: after Back, or a link to the list, each field the reader is not typing in takes the
 * value the address gives.
 */
export function FilterForm({
  children,
  submitLabel,
  ...props
}: { children: ReactNode; submitLabel: string } & Omit<
  ComponentProps<typeof Form>,
  "method" | "onChange" | "onSubmit"
>) {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const { search } = useLocation();
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);

  useEffect(() => {
    const params = new URLSearchParams(search);
    for (const field of Array.from(form.current?.elements ?? [])) {
      if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || !field.name) continue;
      if (field.type === "submit" || field.type === "hidden" || (typedIn(field) && field === document.activeElement))
        continue;
      const value = params.get(field.name) ?? "";
      if (field.value !== value) field.value = value;
    }
  }, [search]);

  const apply = (replace: boolean) => {
    const target = form.current;
    if (!target) return;
    const unchanged = searchOf(target) === new URLSearchParams(search).toString();
    void submit(target, { replace: replace || unchanged, preventScrollReset: true });
  };

  return (
    <Form
      ref={form}
      method="get"
      preventScrollReset
      {...props}
      onChange={(event) => {
        clearTimeout(typing.current);
        if (typedIn(event.target)) typing.current = setTimeout(() => apply(true), TYPING_PAUSE_MS);
        else apply(false);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(typing.current);
        apply(false);
      }}
    >
      {children}
      <Button type="submit">{submitLabel}</Button>
    </Form>
  );
}
