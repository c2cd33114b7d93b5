import { type ComponentProps, type ReactNode, useEffect, useRef } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { CHOICE_SET } from "~/components/ui/choice-set";
import { Button } from "~/components/ui/button";

/** How long typing pauses before what was typed applies. */
const TYPING_PAUSE_MS = 300;

/** What a query says, empty fields left out and in one order: a link's `?kind=x` and a form's `?q=&kind=x` say the same. */
function filtersOf(params: URLSearchParams | FormData) {
  return [...params]
    .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
    .join("&");
}

/** Shows `value` in a field; a choice the address names that is not one of a list's options shows the list's default. */
function showValue(field: HTMLInputElement | HTMLSelectElement, value: string) {
  if (field instanceof HTMLSelectElement) {
    const options = [...field.options];
    const option =
      options.find((candidate) => candidate.value === value) ??
      options.find((candidate) => candidate.defaultSelected) ??
      options[0];
    if (option && !option.selected) {
      option.selected = true;
      // A select that draws its choice itself (ui/wrapping-select.tsx) hears of it: no "change" comes.
      field.dispatchEvent(new Event(CHOICE_SET));
    }
  } else if (field.type === "checkbox" || field.type === "radio") {
    field.checked = value === field.value;
  } else if (field.value !== value) {
    field.value = value;
  }
}

const typedIn = (target: EventTarget) =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && !["checkbox", "radio"].includes(target.type));

/**
 * A list's filters as a GET form, the one way the site's lists are filtered: the address holds them and
 * they work without JavaScript (the button). With it, a choice applies at once, as one history entry,
 * and typing applies after a pause: words typed in an empty box as a new entry, more words in place of
 * it (one search is one entry); the button applies what is shown and adds no entry when that is the
 * address already. The fields always show the address: after Back, or a link to the list, each field
 * the reader is not typing in takes the value the address gives.
 */
export function FilterForm({
  children,
  submitLabel,
  keep = [],
  ...props
}: {
  children: ReactNode;
  submitLabel: string;
  /** Parameters of the address the filters leave as they are (which season is shown), carried along. */
  keep?: readonly string[];
} & Omit<ComponentProps<typeof Form>, "method" | "onChange" | "onSubmit">) {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const { search } = useLocation();
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The filters this form last applied: the address they make is the reader's own doing. */
  const applied = useRef<string | null>(null);
  useEffect(() => () => clearTimeout(typing.current), []);

  useEffect(() => {
    const params = new URLSearchParams(search);
    // The address changed by Back or a link: words still to be applied would replace where the reader went.
    const ours = applied.current === filtersOf(params);
    if (!ours) clearTimeout(typing.current);
    for (const field of Array.from(form.current?.elements ?? [])) {
      if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || !field.name) continue;
      if (field.type === "submit" || field.type === "hidden") continue;
      // The box the reader is typing in keeps their words while the address follows them.
      if (ours && typedIn(field) && field === document.activeElement) continue;
      showValue(field, params.get(field.name) ?? "");
    }
  }, [search]);

  // A list's options drawn again (recounted for what the reader has seen) take the chosen one with them
  // when it was an option of its own: each time the form is drawn, a list shows the address's choice
  // again, unless a choice of the reader's is on its way to the address.
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) return;
    const params = new URLSearchParams(search);
    for (const field of Array.from(form.current?.elements ?? []))
      if (field instanceof HTMLSelectElement && field.name) showValue(field, params.get(field.name) ?? "");
  });

  const apply = (replace: boolean) => {
    const target = form.current;
    if (!target) return;
    const filters = filtersOf(new FormData(target));
    applied.current = filters;
    const unchanged = filters === filtersOf(new URLSearchParams(search));
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
        const target = event.target;
        if (!typedIn(target)) return apply(false);
        // The first words typed in an empty box are a new entry (Back returns to the list unfiltered);
        // more words refine that search in place.
        const refining = new URLSearchParams(search).get((target as HTMLInputElement).name);
        typing.current = setTimeout(() => apply(Boolean(refining)), TYPING_PAUSE_MS);
      }}
      onSubmit={(event) => {
        clearTimeout(typing.current);
        // Sent already by another hand (offline, the offline notice opens what the worker kept): once is enough.
        if (event.defaultPrevented) return;
        event.preventDefault();
        apply(false);
      }}
    >
      {keep.map((name) => {
        const value = new URLSearchParams(search).get(name);
        return value === null ? null : <input key={name} type="hidden" name={name} value={value} />;
      })}
      {children}
      <Button type="submit">{submitLabel}</Button>
    </Form>
  );
}
