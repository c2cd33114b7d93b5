import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Field } from "./field";
import { WrappingSelect } from "./wrapping-select";

const long = "The light novels to Lanternfall EX 2 · The Ash Warden's Apprentice Days";

function FormWithSelect({ draft }: { draft: number }) {
  return (
    <form aria-label="Post" data-draft={draft}>
      <Field label="What it touches">
        <WrappingSelect name="horizon" defaultValue="wn:1-5">
          <option value="wn:1-5">Only {"Arc 1 · Chapter 5"}</option>
          <option value="ln:ex-2">{long}</option>
        </WrappingSelect>
      </Field>
    </form>
  );
}

/** The text the reader sees in the box, over the transparent select. */
const shown = () => screen.getByLabelText("What it touches").previousElementSibling?.textContent;

describe("a select in a form, which shows its chosen option whole", () => {
  it("shows the option it is drawn with, and the one the reader picks", async () => {
    render(<FormWithSelect draft={0} />);
    expect(shown()).toBe("Only Arc 1 · Chapter 5");
    await userEvent.setup().selectOptions(screen.getByLabelText("What it touches"), long);
    expect(shown()).toBe(long);
  });

  it("shows the option a restored draft sets, once the form is drawn again, and the first again after a reset", async () => {
    const { rerender } = render(<FormWithSelect draft={0} />);
    const select = document.querySelector("select")!;
    // A draft restored as the page's code sets the field, and the form says so (drawn again).
    select.value = "ln:ex-2";
    rerender(<FormWithSelect draft={1} />);
    expect(shown()).toBe(long);
    // "Start over" resets the form behind React's back.
    act(() => select.form?.reset());
    await waitFor(() => expect(shown()).toBe("Only Arc 1 · Chapter 5"));
  });
});
