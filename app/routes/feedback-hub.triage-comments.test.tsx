import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { refuse } from "~/lib/forms/form";
import ReportedComments from "./feedback-hub.triage-comments";

const comment = {
  id: 6,
  thread: { key: "wn:1-5", label: "Arc 1 · Chapter 4" },
  horizon: { key: "wn:1-5", label: "Arc 1 · Chapter 4" },
  author: "Jun",
  text: "The way the lantern takes nothing from her is such a good hook.",
  status: "shown",
  postedAt: "2026-11-19T10:00:00.000Z",
  reports: [{ kind: "spoiler", needs: null, note: "", at: "2026-12-07T12:00:00.000Z" }],
};

/** The queue of reported comments with one comment, and an action that answers each decision with `answer`. */
function renderQueue(answer: (fields: Record<string, string>) => unknown) {
  const Stub = createRoutesStub([
    {
      path: "/feedback_hub/triage/comments",
      // The stub hands a route module's component its loader and action data as props, as the framework does.
      Component: ReportedComments as never,
      HydrateFallback: () => null,
      loader: () => ({ comments: [comment], total: 1, page: 1, pageCount: 1, hidden: [] }),
      action: async ({ request }) => answer(Object.fromEntries(await request.formData()) as Record<string, string>),
    },
  ]);
  render(<Stub initialEntries={["/feedback_hub/triage/comments"]} />);
}

describe("closing a comment's reports, refused", () => {
  it("takes focus to why: another moderator closed them meanwhile", async () => {
    const user = userEvent.setup();
    const why = "Nothing changed: its reports were already closed.";
    renderQueue((fields) => refuse({ form: why }, fields, 409));
    await user.click(await screen.findByRole("button", { name: "Leave it as it is and close its reports" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveFocus());
    expect(screen.getByRole("alert")).toHaveTextContent(why);
  });

  it("a horizon refused takes focus to its field, with the reason kept", async () => {
    const user = userEvent.setup();
    renderQueue((fields) => refuse({ horizon: "No part of the story has that key." }, fields));
    await user.type(await screen.findByRole("textbox", { name: /Move its horizon to/ }), "wn:99-1");
    await user.type(screen.getByRole("textbox", { name: /Reason/ }), "Spoils arc 3");
    await user.click(screen.getByRole("button", { name: "Move horizon" }));
    const horizon = screen.getByRole("textbox", { name: /Move its horizon to/ });
    await waitFor(() => expect(horizon).toHaveFocus());
    expect(horizon).toHaveValue("wn:99-1");
    expect(screen.getByRole("textbox", { name: /Reason/ })).toHaveValue("Spoils arc 3");
  });
});

/**
 * The queue over `comments`, whose action decides as the site does: a decision closes the comment's
 * reports (it leaves the queue), hiding it lists it with the hidden ones, restoring it takes it from there.
 */
function renderDecidingQueue(comments: (typeof comment)[]) {
  let stored = comments;
  const Stub = createRoutesStub([
    {
      path: "/feedback_hub/triage/comments",
      Component: ReportedComments as never,
      HydrateFallback: () => null,
      loader: () => {
        const waiting = stored.filter((each) => each.reports.length);
        return {
          comments: waiting,
          total: waiting.length,
          page: 1,
          pageCount: 1,
          hidden: stored.filter((each) => each.status === "hidden"),
        };
      },
      action: async ({ request }) => {
        const fields = await request.formData();
        const status = { hide: "hidden", restore: "shown" }[String(fields.get("intent"))];
        stored = stored.map((each) =>
          String(each.id) === fields.get("id") ? { ...each, status: status ?? each.status, reports: [] } : each,
        );
        return redirect("/feedback_hub/triage/comments");
      },
    },
  ]);
  render(<Stub initialEntries={["/feedback_hub/triage/comments"]} />);
}

const second = { ...comment, id: 7, author: "Mei", text: "Chapter 4 ends on her lamp going out." };
const hidden = { ...comment, id: 8, author: "Sora", status: "hidden", reports: [] };

/** The comment `id`'s item in the list named by its heading, and the button `name` in it pressed with Enter. */
async function decide(user: ReturnType<typeof userEvent.setup>, id: number, name: string) {
  const heading = await screen.findByRole("heading", { name: new RegExp(`comment ${id} by`) });
  within(heading.closest("li")!).getByRole("button", { name }).focus();
  await user.keyboard("{Enter}");
}

describe("a decision that goes through", () => {
  it("leaves focus on the next reported comment's heading when the decided one is hidden", async () => {
    const user = userEvent.setup();
    renderDecidingQueue([comment, second]);
    await decide(user, 6, "Hide");
    const next = screen.getByRole("heading", { name: /comment 7 by Mei/ });
    await waitFor(() => expect(next).toHaveFocus());
    expect(screen.getByRole("status")).toHaveTextContent("1 comment waiting");
  });

  it("leaves focus on the line saying none is waiting after the last one's reports are closed", async () => {
    const user = userEvent.setup();
    renderDecidingQueue([comment]);
    await decide(user, 6, "Leave it as it is and close its reports");
    await waitFor(() => expect(screen.getByRole("status")).toHaveFocus());
    expect(screen.getByRole("status")).toHaveTextContent("No reported comment is waiting.");
  });

  it("leaves focus on the line saying none is hidden after the last hidden one is restored", async () => {
    const user = userEvent.setup();
    renderDecidingQueue([comment, hidden]);
    await decide(user, 8, "Restore");
    const none = await screen.findByText("No comment is hidden.");
    await waitFor(() => expect(none).toHaveFocus());
  });
});
