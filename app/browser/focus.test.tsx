import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useFocusKeptAround } from "./focus";

/** A spoiler's shape: a button that gives way to what it hid, inside the paragraph that holds it. */
function Hidden() {
  const [shown, setShown] = useState(false);
  const kept = useFocusKeptAround("[data-spoiler]");
  return (
    <p data-testid="holder">
      Before{" "}
      {shown ? (
        "the secret"
      ) : (
        <span data-spoiler>
          <button
            type="button"
            onClick={(event) => {
              kept(event);
              setShown(true);
            }}
          >
            Show it
          </button>
        </span>
      )}
    </p>
  );
}

/** Where the holder is drawn (its top, in px from the viewport's) and the sticky header's height. */
function laidOut(top: number, header: string) {
  document.documentElement.style.scrollPaddingTop = header;
  const scrolled = vi.fn();
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top, bottom: top + 40 } as DOMRect);
  HTMLElement.prototype.scrollIntoView = scrolled;
  return scrolled;
}

const scrollIntoView = HTMLElement.prototype.scrollIntoView;
afterEach(() => {
  vi.restoreAllMocks();
  HTMLElement.prototype.scrollIntoView = scrollIntoView;
  document.documentElement.style.scrollPaddingTop = "";
});

describe("focus kept around a control that takes its own place away", () => {
  it("goes to what held it, and scrolls it out from under the sticky header", () => {
    const scrolled = laidOut(30, "64px");
    render(<Hidden />);
    fireEvent.click(screen.getByRole("button", { name: "Show it" }));
    expect(screen.getByTestId("holder")).toHaveFocus();
    expect(scrolled).toHaveBeenCalledWith({ block: "nearest" });
  });

  it("leaves the page where it is when what held it is in sight below the header", () => {
    const scrolled = laidOut(100, "64px");
    render(<Hidden />);
    fireEvent.click(screen.getByRole("button", { name: "Show it" }));
    expect(screen.getByTestId("holder")).toHaveFocus();
    expect(scrolled).not.toHaveBeenCalled();
  });
});
