import { type FormEvent, useRef } from "react";
import { useActionData, useNavigation } from "react-router";
import { useBeforePaint } from "~/browser/before-paint";
import { focusInView, focusLost } from "~/browser/focus";
import { errorOf } from "~/lib/http/error-body";

/*
 * Where focus goes after a moderator's decision in a queue (triage's reports, its reported comments).
 * The form sent, the page is drawn again from the site, and the button that sent it was disabled while
 * it went (or went with its item), so focus would be on the page's body and Tab would start from the top.
 */

/** The decided item's place in its list: the list, and the headings' ids of the item and of those after it. */
interface Place {
  list: Element;
  from: string[];
  otherwise: string[];
  sent: boolean;
}

/**
 * For a queue's list (`<ol onSubmit={decidedIn(…)}>`, each item an `<li aria-labelledby>` naming its
 * heading): once a decision sent from one of its items went through, focus goes to the heading of the item
 * in that place (the decided one when it is still listed, else the first after it that is), and when none
 * is, to the first of the elements with the ids `otherwise` on the page (the line saying what the queue
 * holds now, or that it is empty). The toast says what was done. A refused decision keeps focus on what
 * to fix (`useFocusOnRefusal`), and focus the moderator moved meanwhile stays where they put it.
 */
export function useFocusAfterDecision() {
  const navigation = useNavigation();
  const answer = useActionData();
  const place = useRef<Place | null>(null);
  useBeforePaint(() => {
    const decided = place.current;
    if (!decided) return;
    if (navigation.state === "submitting") decided.sent = true;
    if (navigation.state !== "idle" || !decided.sent) return;
    place.current = null;
    if (errorOf(answer) || !focusLost()) return;
    const heading = decided.list.isConnected
      ? decided.from
          .map((id) => decided.list.querySelector<HTMLElement>(`:scope > li[aria-labelledby="${id}"] [id="${id}"]`))
          .find(Boolean)
      : null;
    const target =
      heading ?? decided.otherwise.map((id) => document.getElementById(id)).find((element) => element !== null);
    if (target) focusInView(target);
  });
  return (...otherwise: string[]) =>
    ({ target }: FormEvent<HTMLElement>) => {
      const item = (target as Element).closest("li[aria-labelledby]");
      const list = item?.parentElement;
      if (!item || !list) return;
      const items = [...list.children];
      const from = items.slice(items.indexOf(item)).flatMap((each) => each.getAttribute("aria-labelledby") ?? []);
      place.current = { list, from, otherwise, sent: false };
    };
}
