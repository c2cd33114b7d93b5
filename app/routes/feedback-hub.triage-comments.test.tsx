import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
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
