import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { failed } from "~/browser/follow-up";
import { gated, type Gated } from "~/lib/shield/gated";
import { ShieldedList } from "./shielded-list";
import { Spoiler } from "./spoiler";

const twist = gated(["wn:3-7"], "Aya was the keeper all along");

/** A character page's fact behind the shield, with the tracker one link away. */
function renderFact(fact: Gated<string>) {
  const Stub = createRoutesStub([
    {
      path: "/characters/aya",
      Component: () => (
        <p>
          Known for:{" "}
          <Spoiler gated={fact} what="This fact">
            {(text) => <strong>{text}</strong>}
          </Spoiler>
        </p>
      ),
    },
    { path: "/reading_tracker", Component: () => <h1>Reading tracker</h1> },
  ]);
  render(<Stub initialEntries={["/characters/aya"]} />);
}

describe("Spoiler", () => {
  afterEach(() => localStorage.clear());

  it("hides a fact beyond a new reader's progress until they ask to see it", async () => {
    const user = userEvent.setup();
    renderFact(twist);
    expect(screen.getByText(/This fact is beyond what you have read or watched\./)).toBeVisible();
    expect(screen.queryByText("Aya was the keeper all along")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show it" }));
    expect(screen.getByText("Aya was the keeper all along")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Show it" })).not.toBeInTheDocument();
  });

  it("leaves focus with what it showed, so Tab goes on from there rather than from the top", async () => {
    const user = userEvent.setup();
    renderFact(twist);
    screen.getByRole("button", { name: "Show it" }).focus();
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(screen.getByText("Aya was the keeper all along").closest("p"));
  });

  it("sends a reader without progress to the tracker", async () => {
    const user = userEvent.setup();
    renderFact(twist);
    await user.click(screen.getByRole("link", { name: "Set your progress" }));
    expect(screen.getByRole("heading", { name: "Reading tracker" })).toBeInTheDocument();
  });

  it("in blur mode keeps the fact from screen readers until the reader shows it", async () => {
    localStorage.setItem("rc:spoiler-mode", "blur");
    const user = userEvent.setup();
    renderFact(twist);
    // Blurred on screen and hidden from the accessibility tree: no accessible text gives it away.
    expect(screen.queryByRole("strong")).not.toBeInTheDocument();
    expect(screen.getByText("Aya was the keeper all along").closest("[aria-hidden]")).toHaveAttribute(
      "aria-hidden",
      "true",
    );
    // Nor reached by the keyboard: a link inside it (a relative's name) takes no focus.
    expect(screen.getByText("Aya was the keeper all along").closest("[aria-hidden]")).toHaveAttribute("inert");

    await user.click(screen.getByRole("button", { name: "Show spoiler" }));
    expect(screen.getByRole("strong")).toHaveTextContent("Aya was the keeper all along");
    expect(screen.queryByRole("button", { name: "Show spoiler" })).not.toBeInTheDocument();
  });

  it("waits, showing nothing, when the page does not have the fact yet", async () => {
    const user = userEvent.setup();
    renderFact({ revealedBy: ["wn:3-7"], content: null });
    await user.click(screen.getByRole("button", { name: "Show it" }));
    // The page now asks for it; until it comes, a quiet placeholder, busy, with no text of the fact.
    expect(screen.getByText("…").parentElement).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("strong")).not.toBeInTheDocument();
  });

  it("offers to ask again when what was asked for could not be had, and asks again on the second tap", async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    renderFact({ revealedBy: ["wn:3-8"], content: null });
    await user.click(screen.getByRole("button", { name: "Show it" }));
    expect(screen.getByText("…").parentElement).toHaveAttribute("aria-busy", "true");

    // Another request failing (the header's suggestions) is not its question: it still waits.
    act(() => failed("the suggestions", { failure: "Suggestions could not be loaded.", retry: () => {} }));
    expect(screen.getByText("…").parentElement).toHaveAttribute("aria-busy", "true");
    act(() => failed("the suggestions", null));

    // The page's question for it fails (offline): the placeholder says what it hides again, with its button.
    act(() => failed("the page's reveal", { failure: "It failed.", retry, reveal: true }));
    expect(screen.getByText(/This fact is beyond what you have read or watched\./)).toBeVisible();
    expect(screen.getByText("This fact is", { exact: false }).parentElement).not.toHaveAttribute("aria-busy");
    await user.click(screen.getByRole("button", { name: "Show it" }));
    await waitFor(() => expect(retry).toHaveBeenCalledTimes(1));
    expect(screen.getByText("…").parentElement).toHaveAttribute("aria-busy", "true");

    // It fails again: the button is back once more.
    act(() => failed("the page's reveal", { failure: "It failed.", retry, reveal: true }));
    expect(screen.getByRole("button", { name: "Show it" })).toBeVisible();
    act(() => failed("the page's reveal", null));
  });

  it("shows the fact at once with the shield off", () => {
    localStorage.setItem("rc:spoiler-mode", "off");
    renderFact(twist);
    expect(screen.getByRole("strong")).toHaveTextContent("Aya was the keeper all along");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("once asked, shows the items in a list inside that the same units reveal, and folds those that need more", async () => {
    const user = userEvent.setup();
    const thread = gated(
      ["anime:1-11"],
      [gated(["anime:1-11"], "On the episode itself"), gated(["wn:2-24"], "About a chapter the season left out")],
    );
    const Stub = createRoutesStub([
      {
        path: "/discuss/anime:1-11",
        Component: () => (
          <Spoiler gated={thread} what="This discussion" block>
            {(comments) => (
              <ul>
                <ShieldedList
                  items={comments}
                  itemKey={(comment) => String(comment.content)}
                  runAs="li"
                  describe={(run) => `${run.length} touching more:`}
                  renderItem={(comment, shown) => (
                    <li key={String(comment.content)}>{shown ? comment.content : null}</li>
                  )}
                />
              </ul>
            )}
          </Spoiler>
        ),
      },
    ]);
    render(<Stub initialEntries={["/discuss/anime:1-11"]} />);
    await user.click(screen.getByRole("button", { name: "Show it" }));
    expect(screen.getByText("On the episode itself")).toBeVisible();
    expect(screen.queryByText("About a chapter the season left out")).not.toBeInTheDocument();
    expect(screen.getByText(/1 touching more:/)).toBeVisible();
  });
});
