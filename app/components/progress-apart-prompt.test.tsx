import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { emptyProgress } from "~/lib/progress/record";
import { ProgressApartPrompt } from "./progress-apart-prompt";

const readerA = { ...emptyProgress, webNovel: "wn:5-30", position: 90, updatedAt: "2026-03-01T08:00:00.000Z" };
const setAside = (keptApartBy: string[] = []) =>
  localStorage.setItem("rc:progress-apart", JSON.stringify([{ owner: "reader-a", progress: readerA, keptApartBy }]));
const question = () =>
  screen.queryByRole("region", { name: "This device holds reading progress saved by another account" });

describe("the question about another account's progress", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("offers the three answers in plain words, and keeping it apart asks no more", async () => {
    setAside();
    const user = userEvent.setup();
    render(<ProgressApartPrompt uid="reader-b" />);
    expect(question()).toBeInTheDocument();
    for (const name of ["Add it to mine", "Keep it apart", "Clear it from this device"])
      expect(screen.getByRole("button", { name })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Keep it apart" }));
    expect(question()).not.toBeInTheDocument();
    // Still in this browser, not added anywhere.
    expect(JSON.parse(localStorage.getItem("rc:progress-apart") ?? "[]")).toMatchObject([
      { owner: "reader-a", keptApartBy: ["reader-b"] },
    ]);
    expect(localStorage.getItem("rc:progress")).toBeNull();
  });

  it("clears it from this device when asked", async () => {
    setAside();
    const user = userEvent.setup();
    render(<ProgressApartPrompt uid="reader-b" />);
    await user.click(screen.getByRole("button", { name: "Clear it from this device" }));
    expect(question()).not.toBeInTheDocument();
    expect(localStorage.getItem("rc:progress-apart")).toBeNull();
  });

  it("is not asked of the account the record belongs to, nor of one that answered; an answer in another tab closes it", () => {
    setAside(["reader-c"]);
    const { rerender } = render(<ProgressApartPrompt uid="reader-a" />);
    expect(question()).not.toBeInTheDocument();
    rerender(<ProgressApartPrompt uid="reader-c" />);
    expect(question()).not.toBeInTheDocument();
    rerender(<ProgressApartPrompt uid="reader-b" />);
    expect(question()).toBeInTheDocument();

    act(() => {
      localStorage.removeItem("rc:progress-apart");
      window.dispatchEvent(new StorageEvent("storage", { key: "rc:progress-apart" }));
    });
    expect(question()).not.toBeInTheDocument();
  });
});
