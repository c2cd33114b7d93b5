import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { CommentBody, UnitLabel } from "~/lib/discussion/thread";
import { emptyProgress } from "~/lib/progress/record";
import type { Revealers } from "~/lib/shield/knowledge";
import { writerTag } from "~/lib/discussion/writer";
import { answerTo } from "~/lib/discussion/thread-forms";
import { renderInThread } from "../../../tests/support/thread-stub";
import { CommentTools, ModeratorActions, type ShownBehind } from "./comment-actions";

const writer = {
  uid: "writer-1",
  name: "Mira",
  email: null,
  emailVerified: true,
  photoUrl: null,
  provider: null,
  admin: false,
};

const thread = { key: "wn:1-5", label: "Arc 1 · Chapter 5" };

/**
 * A comment just posted (still its writer's to edit) in the thread of Arc 1 · Chapter 5, seen by its writer
 * or, with `own: false`, another reader; touching `horizon`, with `actionData` the action's answer.
 */
async function renderComment(
  text: string,
  {
    own = true,
    horizon = thread,
    revealedBy = null,
    within,
    actionData,
  }: {
    own?: boolean;
    horizon?: UnitLabel;
    revealedBy?: Revealers;
    within?: ShownBehind[];
    actionData?: unknown;
  } = {},
) {
  const body: CommentBody = {
    author: "Mira",
    writer: await writerTag(own ? writer.uid : "another-writer"),
    text,
    removed: null,
    postedAt: new Date().toISOString(),
    editedAt: null,
    stamp: [],
    writerKnew: "wn:1-5",
  };
  renderInThread(
    <CommentTools
      unit={thread}
      place={{ id: 7, horizon, revealedBy }}
      within={within}
      readerPlaces={[
        // Arc 3's ninth chapter is adapted by episode 20; arc 2's chapter 21 (wn:2-23) by no episode.
        { key: "wn:3-10", label: "Arc 3 · Chapter 9", readBy: ["wn:3-10", "anime:1-20"] },
        { key: "anime:1-12", label: "Season 1 · Episode 12", readBy: ["anime:1-12"] },
      ]}
      body={body}
      moderator={false}
      actionData={actionData}
    />,
    undefined,
    { user: writer },
  );
}

describe("editing one's own comment", () => {
  it("counts the text as the writer changes it, as the new comment's form does", async () => {
    const user = userEvent.setup();
    await renderComment("The bridge scene");
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const box = screen.getByRole("textbox", { name: /Your comment/ });
    expect(box).toHaveAccessibleDescription(/16 of 4,000 characters/);
    await user.type(box, ", again");
    expect(box).toHaveAccessibleDescription(/23 of 4,000 characters/);
    await user.clear(box);
    expect(box).toHaveAccessibleDescription(/\b0 of 4,000 characters/);
    // Cancelled, the focus goes back to Edit, not to the start of the page.
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Edit" })).toHaveFocus();
  });

  it("counts a report's note to the moderators as the reader writes it", async () => {
    const user = userEvent.setup();
    await renderComment("Someone else's comment", { own: false });
    await user.click(await screen.findByRole("button", { name: "Report" }));
    const note = screen.getByRole("textbox", { name: /A note to the moderators/ });
    expect(note).toHaveAccessibleDescription(/\b0 of 500 characters/);
    await user.type(note, "It names the keeper");
    expect(note).toHaveAccessibleDescription(/19 of 500 characters/);
  });
});

describe("reporting a comment shown beyond the reader's progress", () => {
  afterEach(() => localStorage.clear());
  const watchedTo = (anime: string) =>
    localStorage.setItem("rc:progress", JSON.stringify({ ...emptyProgress, anime, position: 10 }));
  const touching = { horizon: { key: "anime:1-12", label: "Season 1 · Episode 12" }, revealedBy: ["anime:1-12"] };

  it("says a report needs the reader's progress to reach what it touches, instead of a form the site would refuse", async () => {
    // Shown because the reader asked to see it (or reads with the shield off), watched only to episode 5.
    watchedTo("anime:1-5");
    const user = userEvent.setup();
    await renderComment("The last shot mirrors the finale", { own: false, ...touching });
    await user.click(await screen.findByRole("button", { name: "Report" }));
    // It takes the focus from the Report button it replaces, so a screen reader reads it out.
    const notice = screen.getByRole("region", { name: "Report this comment" });
    expect(notice).toHaveFocus();
    expect(notice).toHaveTextContent("You can report this comment once your progress reaches Season 1 · Episode 12.");
    expect(screen.getByRole("link", { name: "Update your progress" })).toHaveAttribute("href", "/reading_tracker");
    expect(screen.queryByRole("button", { name: "Send report" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region", { name: "Report this comment" })).toBeNull();
    // Closed, the focus goes back to Report, not to the start of the page.
    expect(screen.getByRole("button", { name: "Report" })).toHaveFocus();
  });

  it("says so for a reply whose own horizon the reader has seen but not the comment's it sits in, naming that", async () => {
    watchedTo("anime:1-5");
    const user = userEvent.setup();
    await renderComment("Episode 3's opening", {
      own: false,
      horizon: { key: "anime:1-3", label: "Season 1 · Episode 3" },
      revealedBy: ["anime:1-3"],
      within: [
        { place: thread, revealedBy: null },
        { place: { key: "wn:3-10", label: "Arc 3 · Chapter 9" }, revealedBy: ["wn:3-10"] },
      ],
    });
    await user.click(await screen.findByRole("button", { name: "Report" }));
    expect(screen.getByRole("region", { name: "Report this comment" })).toHaveTextContent(
      "You can report this comment once your progress reaches Arc 3 · Chapter 9.",
    );
    expect(screen.queryByRole("button", { name: "Send report" })).toBeNull();
  });

  it("offers the form once the reader's progress reaches it", async () => {
    watchedTo("anime:1-12");
    const user = userEvent.setup();
    await renderComment("The last shot mirrors the finale", { own: false, ...touching });
    await user.click(await screen.findByRole("button", { name: "Report" }));
    expect(screen.getByRole("button", { name: "Send report" })).toBeVisible();
    expect(screen.getByLabelText("What is wrong")).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Report" })).toHaveFocus();
  });
});

describe("what an edited comment touches", () => {
  afterEach(() => localStorage.clear());
  /** The writer has read to Arc 3 · Chapter 9 and watched to Season 1 · Episode 12. */
  const seen = () =>
    localStorage.setItem(
      "rc:progress",
      JSON.stringify({ ...emptyProgress, webNovel: "wn:3-10", anime: "anime:1-12", position: 10 }),
    );
  const options = () =>
    screen.getAllByRole("option").map((option) => `${(option as HTMLOptionElement).value} ${option.textContent}`);

  it("may be raised to what the writer has seen, as a post's may", async () => {
    seen();
    const user = userEvent.setup();
    await renderComment("The bridge scene");
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const horizon = screen.getByRole("combobox", { name: /What it touches/ });
    expect(horizon).toHaveValue("wn:1-5");
    expect(horizon).toHaveAccessibleDescription(/never lower it/);
    expect(options()).toEqual([
      "wn:1-5 Only Arc 1 · Chapter 5",
      "wn:3-10 The web novel to Arc 3 · Chapter 9",
      "anime:1-12 The anime to Season 1 · Episode 12",
    ]);
    await user.selectOptions(horizon, "wn:3-10");
    expect(horizon).toHaveValue("wn:3-10");
  });

  it("is never offered lower than it is, nor on another line once raised", async () => {
    seen();
    const user = userEvent.setup();
    await renderComment("The archive chapters", {
      horizon: { key: "wn:2-24", label: "Arc 2 · Chapter 22" },
      revealedBy: ["wn:2-24", "anime:1-11"],
    });
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    expect(screen.getByRole("combobox", { name: /What it touches/ })).toHaveValue("wn:2-24");
    expect(options()).toEqual(["wn:2-24 Arc 2 · Chapter 22 (as now)", "wn:3-10 The web novel to Arc 3 · Chapter 9"]);
  });

  it("is not offered a place the site would refuse: one whose readers never saw a chapter another medium left out", async () => {
    seen();
    const user = userEvent.setup();
    // Episode 20's viewers reach Arc 3 · Chapter 9 without Arc 2 · Chapter 21, which no episode adapts.
    await renderComment("The chapter the anime skipped", {
      horizon: { key: "wn:2-23", label: "Arc 2 · Chapter 21" },
      revealedBy: ["wn:2-23", "ln:main-4"],
    });
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    expect(options()).toEqual(["wn:2-23 Arc 2 · Chapter 21 (as now)"]);
    // Not "You may raise it": the list holds nothing to raise it to.
    const horizon = screen.getByRole("combobox", { name: /What it touches/ });
    expect(horizon).not.toHaveAccessibleDescription(/You may raise it/);
    expect(horizon).toHaveAccessibleDescription(/It stays as it is: an edit never lowers it/);
  });

  it("refused, says why beside the field, with the text and the choice kept", async () => {
    seen();
    await renderComment("The bridge scene", {
      actionData: {
        error: { message: "Check the form.", fields: { horizon: "Your saved progress does not reach that far." } },
        values: { form: "edit:7", text: "The bridge scene, and the tower", horizon: "anime:1-12" },
      },
    });
    const horizon = await screen.findByRole("combobox", { name: /What it touches/ });
    expect(horizon).toHaveAccessibleDescription(/Your saved progress does not reach that far\./);
    expect(horizon).toHaveValue("anime:1-12");
    expect(screen.getByRole("textbox", { name: /Your comment/ })).toHaveValue("The bridge scene, and the tower");
    // Focus is on the field to fix, not left on the page's body.
    expect(horizon).toHaveFocus();
  });
});

describe("a report the site refused", () => {
  it("takes focus to the field it told off, with the note kept", async () => {
    await renderComment("The bridge scene", {
      own: false,
      actionData: {
        error: { message: "Check the form.", fields: { note: "Keep the note to 500 characters." } },
        values: { form: "report:7", kind: "abuse", needs: "", note: "Too long a note" },
      },
    });
    const note = await screen.findByRole("textbox", { name: /A note to the moderators/ });
    expect(note).toHaveValue("Too long a note");
    expect(note).toHaveFocus();
  });
});

describe("a moderator's decision the site refused", () => {
  it("takes focus to the field it told off, with what was typed kept", async () => {
    renderInThread(
      <ModeratorActions
        id={7}
        hidden={false}
        answer={answerTo(
          {
            error: { message: "Check the form.", fields: { horizon: "That is not a part of the story: wn:99-1." } },
            values: { form: "moderate:7", horizon: "wn:99-1", reason: "Spoils the ending" },
          },
          "moderate:7",
        )}
      />,
    );
    const horizon = await screen.findByRole("textbox", { name: /Move its horizon to/ });
    expect(horizon).toHaveValue("wn:99-1");
    expect(horizon).toHaveFocus();
    expect(screen.getByRole("textbox", { name: /Reason/ })).toHaveValue("Spoils the ending");
  });
});
