import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { refuse } from "~/lib/forms/form";
import Triage from "./feedback-hub.triage";

const report = {
  id: "a2c8f29a-ddf1-4a13-be85-8cc1c638ab69",
  uid: "reader-1",
  kind: "bug",
  title: "The tracker forgot my place after a reload.",
  fields: { happened: "The tracker forgot my place after a reload.", expected: "It should keep it." },
  unitLabel: null,
  status: "open",
  duplicateOf: null,
  moderatorNote: null,
  publishedEntry: null,
  createdAt: "2026-12-07T12:00:00.000Z",
  updatedAt: "2026-12-07T12:00:00.000Z",
  history: [],
};

/** The triage page with one open bug report, and an action that answers each decision with `answer`. */
function renderTriage(answer: (fields: Record<string, string>) => unknown) {
  const Stub = createRoutesStub([
    {
      path: "/feedback_hub/triage",
      // The stub hands a route module's component its loader and action data as props, as the framework does.
      Component: Triage as never,
      HydrateFallback: () => null,
      loader: () => ({
        reports: [report],
        counts: [{ status: "open", count: 1 }],
        filters: { kind: null, status: null, order: "newest", page: 1 },
        matches: 1,
        pageCount: 1,
      }),
      action: async ({ request }) => answer(Object.fromEntries(await request.formData()) as Record<string, string>),
    },
  ]);
  // Inside the page's content, as the site draws it: focusable by script, so a click on words focuses it.
  render(
    <main id="main" tabIndex={-1}>
      <Stub initialEntries={["/feedback_hub/triage"]} />
    </main>,
  );
}

describe("a decision the site refuses", () => {
  it("takes focus to the field it told off, with the note kept", async () => {
    const user = userEvent.setup();
    renderTriage((fields) => refuse({ duplicateOf: "Name the report this one duplicates." }, fields));
    await screen.findByRole("button", { name: "Save decision" });
    await user.selectOptions(screen.getAllByRole("combobox", { name: "Status" }).at(-1)!, "duplicate");
    await user.type(screen.getByRole("textbox", { name: "Note to the reporter" }), "Seen before.");
    await user.click(screen.getByRole("button", { name: "Save decision" }));
    const duplicateOf = await screen.findByRole("textbox", { name: "Duplicate of (report id)" });
    await waitFor(() => expect(duplicateOf).toHaveAccessibleDescription("Name the report this one duplicates."));
    expect(duplicateOf).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Note to the reporter" })).toHaveValue("Seen before.");
  });

  it("takes focus to why, when another tab decided it meanwhile", async () => {
    const user = userEvent.setup();
    const why = "Not saved: this report was changed while you were deciding and is now declined.";
    renderTriage((fields) => refuse({ form: why }, fields, 409));
    await user.click(await screen.findByRole("button", { name: "Save decision" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveFocus());
    expect(screen.getByRole("alert")).toHaveTextContent(why);
  });

  it("takes focus to the field though a click on the page's words put focus on the page while it went", async () => {
    const user = userEvent.setup();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    renderTriage(async (fields) => {
      await answered;
      return refuse({ duplicateOf: "Name the report this one duplicates." }, fields);
    });
    await user.click(await screen.findByRole("button", { name: "Save decision" }));
    screen.getByRole("main").focus();
    answer();
    const duplicateOf = screen.getByRole("textbox", { name: "Duplicate of (report id)" });
    await waitFor(() => expect(duplicateOf).toHaveFocus());
  });
});

/**
 * The triage page over `reports`, whose action decides one as the site does: it takes the status, and
 * the page, drawn again, lists the open reports alone when `openOnly` (a filter by status) or them all.
 */
function renderQueue(reports: (typeof report)[], { openOnly }: { openOnly: boolean }) {
  let stored = reports;
  const listed = () => (openOnly ? stored.filter((each) => each.status === "open") : stored);
  const Stub = createRoutesStub([
    {
      path: "/feedback_hub/triage",
      Component: Triage as never,
      HydrateFallback: () => null,
      loader: () => ({
        reports: listed(),
        counts: [],
        filters: { kind: null, status: openOnly ? "open" : null, order: "newest", page: 1 },
        matches: listed().length,
        pageCount: 1,
      }),
      action: async ({ request }) => {
        const fields = await request.formData();
        stored = stored.map((each) =>
          each.id === fields.get("reportId") ? { ...each, status: String(fields.get("status")) } : each,
        );
        return redirect("/feedback_hub/triage");
      },
    },
  ]);
  render(<Stub initialEntries={["/feedback_hub/triage"]} />);
}

const another = {
  ...report,
  id: "5d1f0c1e-7a0b-4c55-9a43-2f6f0f6b8e10",
  title: "The search box forgot what I typed.",
};

/** Decides the report titled `title` as `status` from the keyboard: its Save decision pressed with Enter. */
async function decide(user: ReturnType<typeof userEvent.setup>, title: string, status: string) {
  const item = (await screen.findByRole("heading", { name: new RegExp(title) })).closest("li")!;
  const scope = within(item);
  await user.selectOptions(scope.getByRole("combobox", { name: "Status" }), status);
  scope.getByRole("button", { name: "Save decision" }).focus();
  await user.keyboard("{Enter}");
}

describe("a decision that goes through", () => {
  it("leaves focus on the next report's heading when the decided one leaves the list", async () => {
    const user = userEvent.setup();
    renderQueue([report, another], { openOnly: true });
    await decide(user, report.title, "accepted");
    const next = screen.getByRole("heading", { name: new RegExp(another.title) });
    await waitFor(() => expect(next).toHaveFocus());
    expect(screen.queryByRole("heading", { name: new RegExp(report.title) })).toBeNull();
  });

  it("leaves focus on the line saying none is left after the last report", async () => {
    const user = userEvent.setup();
    renderQueue([report], { openOnly: true });
    await decide(user, report.title, "done");
    await waitFor(() => expect(screen.getByRole("status")).toHaveFocus());
    expect(screen.getByRole("status")).toHaveTextContent("No report matches.");
  });
});
