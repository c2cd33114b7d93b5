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

/** A heading that may be in the decided one's place: its id, and the list whose item it names. */
interface Candidate {
  list: Element;
  id: string;
}

/** The decided item's place: the headings that may be in it, the nearest first, and what else takes focus. */
interface Place {
  from: Candidate[];
  otherwise: string[];
  sent: boolean;
}

/**
 * For a list of decisions' items (`<ol onSubmit={decidedIn(…)}>`, each item an `<li aria-labelledby>`
 * naming its heading): once a decision sent from one of its items went through, focus goes to the heading
 * of the item in that place (the decided one when it is still listed and shown, else the first after it
 * that is; for an item in a list within another's item, a thread's reply, then the item it is in and those
 * after that), and when none is, to the first of the elements with the ids `otherwise` on the page (the
 * line saying what the queue holds now, or that it is empty; a thread's heading). The toast says what was
 * done. A refused decision keeps focus on what to fix (`useFocusOnRefusal`), and focus the moderator moved
 * meanwhile stays where they put it. `drawn`: whether the page shows what the site answered yet (a thread's
 * comments, revealed by a request of their own after the page's data, say false while it is on its way).
 */
export function useFocusAfterDecision(drawn = true) {
  const navigation = useNavigation();
  const answer = useActionData();
  const place = useRef<Place | null>(null);
  useBeforePaint(() => {
    const decided = place.current;
    if (!decided) return;
    if (navigation.state === "submitting") decided.sent = true;
    if (navigation.state !== "idle" || !decided.sent || !drawn) return;
    place.current = null;
    if (errorOf(answer) || !focusLost()) return;
    const heading = decided.from
      .map(({ list, id }) =>
        list.isConnected ? list.querySelector<HTMLElement>(`:scope > li[aria-labelledby="${id}"] [id="${id}"]`) : null,
      )
      .find((candidate) => candidate && !candidate.closest("[hidden]"));
    const target =
      heading ?? decided.otherwise.map((id) => document.getElementById(id)).find((element) => element !== null);
    if (target) focusInView(target);
  });
  return (...otherwise: string[]) =>
    ({ target }: FormEvent<HTMLElement>) => {
      const from: Candidate[] = [];
      for (
        let item = (target as Element).closest("li[aria-labelledby]");
        item?.parentElement;
        item = item.parentElement.closest("li[aria-labelledby]")
      ) {
        const list = item.parentElement;
        const items = [...list.children];
        for (const each of items.slice(items.indexOf(item))) {
          const id = each.getAttribute("aria-labelledby");
          if (id) from.push({ list, id });
        }
      }
      if (from.length) place.current = { from, otherwise, sent: false };
    };
}
