import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { CommentBody, ThreadComment } from "~/lib/discussion/thread";
import { emptyProgress } from "~/lib/progress/record";
import { gated } from "~/lib/shield/gated";
import { renderInThread } from "../../../tests/support/thread-stub";
import { ThreadComments } from "./thread-comments";

const unit = { key: "wn:1-5", label: "Arc 1 · Chapter 5" };

function comment(
  id: number,
  text: string,
  horizon: string,
  writerKnew: string,
  stamp: CommentBody["stamp"] = [],
): ThreadComment {
  const body: CommentBody = {
    author: `Writer ${id}`,
    writer: `w${id}`,
    text,
    removed: null,
    postedAt: "2026-11-01T10:00:00.000Z",
    editedAt: null,
    stamp,
    writerKnew,
  };
  return {
    ...gated([horizon], { ...body, replies: [] }),
    id,
    horizon: { key: horizon, label: horizon === "wn:1-5" ? "Arc 1 · Chapter 5" : "Arc 2 · Chapter 22" },
  };
}

/** A thread of a reader who has read to Arc 1 · Chapter 9, in strict mode. */
function renderStrictThread(comments: ThreadComment[]) {
  localStorage.setItem("rc:progress", JSON.stringify({ ...emptyProgress, webNovel: "wn:1-9", position: 9 }));
  renderInThread(
    <ThreadComments
      unit={unit}
      joinableBy={[unit.key]}
      readerPlaces={[]}
      comments={comments}
      strict
      actionData={undefined}
    />,
  );
}

describe("a thread's comments in strict mode", () => {
  afterEach(() => localStorage.clear());

  it("leaves out what a reader who had seen more wrote, and counts it", async () => {
    renderStrictThread([
      comment(1, "Read to here too", "wn:1-5", "wn:1-9"),
      comment(2, "Wait until chapter 30", "wn:1-5", "wn:1-30"),
    ]);
    expect(await screen.findByText("Read to here too")).toBeVisible();
    expect(screen.queryByText("Wait until chapter 30")).not.toBeInTheDocument();
    expect(
      screen.getByText(/Strict mode leaves out 1 comment or reply by readers who had seen more than you\./),
    ).toBeVisible();
  });

  it("says what its writer had seen place by place, apart from the dots inside each place's label", async () => {
    renderStrictThread([
      comment(4, "Both of them", "wn:1-5", "wn:1-5", [
        { key: "anime:1-2", label: "Season 1 · Episode 2" },
        { key: "wn:1-5", label: "Arc 1 · Chapter 5" },
        { key: "ln:main-2", label: "Lanternfall 2" },
      ]),
    ]);
    // A volume's label is its collection's name: the stamp says it is a light novel.
    expect(
      await screen.findByText("Had seen: Season 1 · Episode 2, Arc 1 · Chapter 5, Lanternfall 2 (light novel)"),
    ).toBeVisible();
  });

  it("shows a folded comment the reader asks to see, whoever wrote it", async () => {
    const user = userEvent.setup();
    renderStrictThread([comment(3, "The bridge falls", "wn:2-22", "wn:2-30")]);
    await user.click(await screen.findByRole("button", { name: /Show/ }));
    expect(await screen.findByText("The bridge falls")).toBeVisible();
    expect(screen.queryByText(/Strict mode leaves out/)).not.toBeInTheDocument();
  });
});
