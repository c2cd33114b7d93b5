import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CommentBody } from "~/lib/discussion/thread";
import { writerTag } from "~/lib/discussion/writer";
import { renderInThread } from "../../../tests/support/thread-stub";
import { CommentTools } from "./comment-actions";

const writer = {
  uid: "writer-1",
  name: "Mira",
  email: null,
  emailVerified: true,
  photoUrl: null,
  provider: null,
  admin: false,
};

/** A comment just posted (still its writer's to edit), seen by its writer or, with `own: false`, another reader. */
async function renderComment(text: string, { own = true } = {}) {
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
      place={{ id: 7, horizon: { key: "wn:1-5", label: "Arc 1 · Chapter 5" } }}
      readerPlaces={[]}
      body={body}
      moderator={false}
      actionData={undefined}
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
