import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { CommentBody, ThreadComment, UnitLabel } from "~/lib/discussion/thread";
import { emptyProgress, type Progress } from "~/lib/progress/record";
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
  label = horizon === "wn:1-5" ? "Arc 1 · Chapter 5" : "Arc 2 · Chapter 22",
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
    horizon: { key: horizon, label },
  };
}

/** A thread of a reader who has read to Arc 1 · Chapter 9 (or has `progress`), in strict mode (or not). */
function renderStrictThread(comments: ThreadComment[], strict = true, progress: Partial<Progress> = {}) {
  localStorage.setItem(
    "rc:progress",
    JSON.stringify({ ...emptyProgress, webNovel: "wn:1-9", position: 9, ...progress }),
  );
  renderInThread(
    <ThreadComments
      unit={unit}
      joinableBy={[unit.key]}
      readerPlaces={[]}
      comments={comments}
      strict={strict}
      actionData={undefined}
    />,
  );
}

/** A comment raised to `horizon`, labelled `label`. */
const raised = (id: number, text: string, horizon: string, label: string) =>
  comment(id, text, horizon, horizon, [], label);

/**
 * Replies under a comment, each gated by its horizon and, where it has one, by what its comment touched
 * when it was written (`answered`, which its key alone reveals here).
 */
function withReplies(parent: ThreadComment, replies: (ThreadComment & { answered?: UnitLabel })[]): ThreadComment {
  return {
    ...parent,
    content: parent.content && {
      ...parent.content,
      replies: replies.map(({ content, revealedBy, answered, ...place }) => {
        const readBy = answered ? [answered.key] : null;
        return {
          ...place,
          ...(answered ? { answered: { ...answered, readBy } } : {}),
          ...gated(revealedBy, content && gated(readBy, { ...content, replies: undefined })),
        };
      }),
    },
  } as ThreadComment;
}

describe("a thread's hidden comments", () => {
  afterEach(() => localStorage.clear());

  it("fold side by side into one line that says how many and what they touch, and 'Show them' shows that run only", async () => {
    const user = userEvent.setup();
    renderStrictThread(
      [
        comment(1, "On this chapter", "wn:1-5", "wn:1-5"),
        raised(2, "The tower burns", "wn:3-10", "Arc 3 · Chapter 9"),
        raised(3, "The bell rings twice", "wn:1-12", "Arc 1 · Chapter 11"),
        comment(4, "Also on this chapter", "wn:1-5", "wn:1-5"),
        raised(5, "The king returns", "wn:3-10", "Arc 3 · Chapter 9"),
      ],
      false,
    );
    expect(await screen.findByText("On this chapter")).toBeVisible();
    const runs = () => document.querySelectorAll('[data-spoiler="run"]');
    expect(runs()).toHaveLength(2);
    // The nearest first: a reader sees what they need to read before any of them shows.
    expect(runs()[0]).toHaveTextContent(
      /^2 comments touching Arc 1 · Chapter 11 and Arc 3 · Chapter 9: beyond what you have read or watched\./,
    );
    expect(runs()[1]).toHaveTextContent(/^1 comment touching Arc 3 · Chapter 9: beyond/);
    await user.click(screen.getAllByRole("button", { name: "Show them" })[0]!);
    expect(await screen.findByText("The tower burns")).toBeVisible();
    expect(screen.getByText("The bell rings twice")).toBeVisible();
    expect(screen.queryByText("The king returns")).not.toBeInTheDocument();
    expect(runs()).toHaveLength(1);
  });

  it("name the first places and count the rest when a run touches many", async () => {
    renderStrictThread(
      [
        raised(2, "One", "wn:3-10", "Arc 3 · Chapter 9"),
        raised(3, "Two", "wn:1-12", "Arc 1 · Chapter 11"),
        raised(4, "Three", "anime:1-12", "Season 1 · Episode 12"),
        raised(5, "Four", "wn:2-3", "Arc 2 · Chapter 3"),
        raised(6, "Five", "wn:1-12", "Arc 1 · Chapter 11"),
      ],
      false,
    );
    expect(await screen.findByText(/^5 comments touching/)).toHaveTextContent(
      /^5 comments touching Arc 1 · Chapter 11, Season 1 · Episode 12 and 2 more parts of the story: beyond/,
    );
  });

  it("fold a comment's hidden replies side by side into one line too", async () => {
    renderStrictThread(
      [
        withReplies(comment(1, "On this chapter", "wn:1-5", "wn:1-5"), [
          raised(2, "Reply about the tower", "wn:3-10", "Arc 3 · Chapter 9"),
          raised(3, "Reply about the bell", "wn:1-12", "Arc 1 · Chapter 11"),
        ]),
      ],
      false,
    );
    expect(await screen.findByText("On this chapter")).toBeVisible();
    expect(document.querySelectorAll('[data-spoiler="run"]')).toHaveLength(1);
    expect(screen.getByText(/^2 replies touching Arc 1 · Chapter 11 and Arc 3 · Chapter 9:/)).toBeVisible();
    expect(screen.queryByText(/Reply about/)).not.toBeInTheDocument();
  });

  it("name what a reply's comment touched when it was written, under a comment a moderator lowered since", async () => {
    renderStrictThread(
      [
        withReplies(comment(1, "Lowered to this chapter", "wn:1-5", "wn:1-5"), [
          {
            ...raised(2, "Reply about the bell, and the episode", "anime:1-2", "Season 1 · Episode 2"),
            answered: { key: "wn:1-12", label: "Arc 1 · Chapter 11" },
          },
        ]),
      ],
      false,
    );
    expect(await screen.findByText("Lowered to this chapter")).toBeVisible();
    expect(screen.getByText(/^1 reply touching Arc 1 · Chapter 11 and Season 1 · Episode 2:/)).toBeVisible();
    expect(screen.queryByText(/Reply about/)).not.toBeInTheDocument();
  });
});

describe("a reply under a comment a moderator moved since", () => {
  afterEach(() => localStorage.clear());

  const moved = () =>
    withReplies(comment(1, "Lowered to this chapter", "wn:1-5", "wn:1-5"), [
      {
        ...comment(
          2,
          "Reply about the bell, and the episode",
          "anime:1-2",
          "anime:1-2,wn:1-12",
          [],
          "Season 1 · Episode 2",
        ),
        answered: { key: "wn:1-12", label: "Arc 1 · Chapter 11" },
      },
    ]);

  it("is shown to a reader who saw what the comment touched then in the web novel and its own part in the anime", async () => {
    renderStrictThread([moved()], false, { webNovel: "wn:1-12", anime: "anime:1-2", position: 12 });
    expect(await screen.findByText("Reply about the bell, and the episode")).toBeVisible();
    expect(document.querySelectorAll('[data-spoiler="run"]')).toHaveLength(0);
  });

  it("is folded for a reader who saw only its own part, and strict mode does not count it as left out", async () => {
    renderStrictThread([moved()], true, { webNovel: "wn:1-9", anime: "anime:1-2", position: 9 });
    expect(await screen.findByText("Lowered to this chapter")).toBeVisible();
    expect(screen.getByText(/^1 reply touching Arc 1 · Chapter 11 and Season 1 · Episode 2:/)).toBeVisible();
    expect(screen.queryByText(/Reply about/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Strict mode leaves out/)).not.toBeInTheDocument();
  });
});

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

  it("counts the replies that go with a comment it leaves out, apart from what was written by readers who had seen more", async () => {
    renderStrictThread([
      withReplies(comment(5, "Wait until chapter 30", "wn:1-5", "wn:1-30"), [
        comment(6, "I had only read to here", "wn:1-5", "wn:1-9"),
        comment(7, "Me too, chapter 31 says so", "wn:1-5", "wn:1-31"),
      ]),
      comment(8, "Read to here too", "wn:1-5", "wn:1-9"),
    ]);
    expect(await screen.findByText("Read to here too")).toBeVisible();
    expect(screen.queryByText("I had only read to here")).not.toBeInTheDocument();
    expect(
      screen.getByText(
        "Strict mode leaves out 1 comment or reply by readers who had seen more than you, and 2 replies under that comment.",
      ),
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
