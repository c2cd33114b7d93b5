import { type RefObject, useEffect } from "react";
import { focusLost } from "~/browser/focus";
import { firstInvalid } from "~/lib/forms/form";
import { formErrorsOf } from "~/lib/http/error-body";

/**
 * A form the site refused, drawn again with the refusal (`answer`): focus goes to its first field told
 * off, in the order `names` gives them, else to the message about the whole form, so the keyboard is
 * where the reader has something to fix and a screen reader reads why. Without this, focus is on the
 * page's body: the button that sent the form was disabled while it went, which takes focus off it.
 * Focus the reader has taken elsewhere while the answer came (writing in another form) stays there.
 */
export function useFocusOnRefusal(form: RefObject<HTMLFormElement | null>, names: readonly string[], answer: unknown) {
  useEffect(() => {
    const element = form.current;
    const errors = formErrorsOf<string>(answer);
    if (!element || !Object.values(errors).some(Boolean)) return;
    if (!focusLost() && !element.contains(document.activeElement)) return;
    const first = firstInvalid(names, errors);
    const field = first ? element.querySelector<HTMLElement>(`[name="${first}"]`) : null;
    if (field) return field.focus();
    const message = element.querySelector<HTMLElement>("[role=alert]");
    if (!message) return;
    message.setAttribute("tabindex", "-1");
    message.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once an answer is shown
  }, [answer]);
}
