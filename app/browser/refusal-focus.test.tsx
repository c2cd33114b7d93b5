import { render, screen } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it } from "vitest";
import { useFocusOnRefusal } from "./refusal-focus";

const refusal = { error: { message: "Check the form.", fields: { text: "Write at least two characters." } } };

/** A refused form beside another the reader may be writing in. */
function Page({ answer }: { answer: unknown }) {
  const form = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(form, ["text"], answer);
  return (
    <>
      <form ref={form} aria-label="Refused">
        <textarea name="text" aria-label="Refused text" />
        <button type="submit">Post</button>
      </form>
      <textarea aria-label="Another comment" />
    </>
  );
}

describe("a refusal's focus", () => {
  it("goes to the field told off when focus was lost to the page's body", () => {
    const { rerender } = render(<Page answer={undefined} />);
    (document.activeElement as HTMLElement | null)?.blur();
    rerender(<Page answer={refusal} />);
    expect(screen.getByLabelText("Refused text")).toHaveFocus();
  });

  it("goes to the field told off from the form's own button", () => {
    const { rerender } = render(<Page answer={undefined} />);
    screen.getByRole("button", { name: "Post" }).focus();
    rerender(<Page answer={refusal} />);
    expect(screen.getByLabelText("Refused text")).toHaveFocus();
  });

  it("leaves a reader who moved on to write elsewhere where they are, the answer arriving late", () => {
    const { rerender } = render(<Page answer={undefined} />);
    screen.getByLabelText("Another comment").focus();
    rerender(<Page answer={refusal} />);
    expect(screen.getByLabelText("Another comment")).toHaveFocus();
  });
});
