import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { refuse } from "~/lib/forms/form";
import { forgetDrafts } from "~/browser/report-draft";
import ReportForm from "./feedback-hub.form";

/** The bug report form as its loader gives it, with an action that stands in for the server's. */
function renderBugForm(answer: (fields: Record<string, string>) => unknown) {
  return renderBugFormAmong(answer).sent;
}

/** The bug report form beside another page of the site a link can go to; signed in as `uid` when given. */
function renderBugFormAmong(answer: (fields: Record<string, string>) => unknown, uid?: string) {
  const sent: Array<Record<string, string>> = [];
  const pages: Parameters<typeof createRoutesStub>[0] = [
    {
      path: "/feedback_hub/:form",
      // The stub hands a route module's component its loader and action data as props, as the framework does.
      Component: ReportForm as never,
      // Nothing to show while the first load runs, as before hydration.
      HydrateFallback: () => null,
      loader: () => ({
        slug: "report_bug",
        choices: { volumes: [], episodes: [] },
        prefill: {},
        submissionId: "6f1c2a4e-8b3d-4c7a-9e21-0d5b7f3a1c92",
      }),
      action: async ({ request }) => {
        const fields = Object.fromEntries(await request.formData()) as Record<string, string>;
        sent.push(fields);
        return answer(fields);
      },
    },
    { path: "/characters", Component: () => <h1>Characters</h1> },
  ];
  const user = { uid, name: null, email: null, emailVerified: true, photoUrl: null, provider: "password" };
  const Stub = createRoutesStub(
    uid
      ? [
          {
            id: "root",
            path: "/",
            Component: Outlet,
            HydrateFallback: () => null,
            loader: () => ({ user }),
            children: pages,
          },
        ]
      : pages,
  );
  const view = render(<Stub initialEntries={["/feedback_hub/report_bug"]} />);
  return { sent, view };
}

describe("the report form", () => {
  afterEach(() => {
    // The form stores what was typed as it goes away: it goes first, then what it stored.
    cleanup();
    localStorage.clear();
  });

  it("keeps a paste three times a field's limit whole, counts it as it goes in, and says its true length without sending", async () => {
    const user = userEvent.setup();
    const sent = renderBugForm(() => null);
    const happened = await screen.findByRole("textbox", { name: /^What happened\?/ });
    const pasted = "灯🏮 ".repeat(4000).trim();
    await user.click(happened);
    await user.paste(pasted);
    expect(happened).toHaveValue(pasted);
    expect(happened).toHaveAccessibleDescription(/ 11,999 of 4,000 characters\.$/);
    await user.type(screen.getByRole("textbox", { name: /^What did you expect/ }), "It opens.");
    await user.type(screen.getByRole("textbox", { name: /^Which page was it on\?/ }), "/characters");
    await user.click(screen.getByRole("button", { name: "Send report" }));

    expect(happened).toHaveAccessibleDescription(/^Keep it to 4,000 characters \(this is 11,999\)\./);
    expect(happened).toHaveValue(pasted);
    expect(sent).toEqual([]);
  });

  it("says beside each empty required field what it needs, puts the reader on the first, and sends nothing", async () => {
    const user = userEvent.setup();
    const sent = renderBugForm(() => null);
    const happened = await screen.findByRole("textbox", { name: /^What happened\?/ });
    await user.type(screen.getByRole("textbox", { name: /^Which page was it on\?/ }), "/characters");
    await user.click(screen.getByRole("button", { name: "Send report" }));

    expect(happened).toHaveAccessibleDescription(
      "This is needed. Describe what you saw, including any error message. 0 of 4,000 characters.",
    );
    expect(happened).toBeInvalid();
    expect(happened).toHaveFocus();
    expect(screen.getByRole("textbox", { name: /^What did you expect/ })).toHaveAccessibleDescription(
      "This is needed. 0 of 4,000 characters.",
    );
    expect(screen.getByRole("textbox", { name: /^Which page was it on\?/ })).toBeValid();
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal next to the field it is about and keeps everything typed", async () => {
    const user = userEvent.setup();
    const sent = renderBugForm((fields) =>
      refuse({ page: "Give an address on this site.", form: "Nothing was sent." }, fields),
    );
    await user.type(await screen.findByRole("textbox", { name: /^What happened\?/ }), "The map froze");
    await user.type(screen.getByRole("textbox", { name: /^What did you expect/ }), "It to scroll");
    await user.type(screen.getByRole("textbox", { name: /^Which page was it on\?/ }), "elsewhere.example");
    await user.click(screen.getByRole("button", { name: "Send report" }));

    const page = screen.getByRole("textbox", { name: /^Which page was it on\?/ });
    expect(await screen.findByRole("alert")).toHaveTextContent("Nothing was sent.");
    expect(page).toHaveAccessibleDescription("Give an address on this site.");
    expect(page).toBeInvalid();
    expect(page).toHaveValue("elsewhere.example");
    // The reader is taken to it: on a phone, the Send button they tapped is a screen below it.
    expect(page).toHaveFocus();
    expect(screen.getByRole("textbox", { name: /^What happened\?/ })).toHaveValue("The map froze");
    expect(screen.getByRole("textbox", { name: /^What did you expect/ })).toHaveValue("It to scroll");
    expect(sent).toEqual([
      expect.objectContaining({ happened: "The map froze", expected: "It to scroll", page: "elsewhere.example" }),
    ]);
  });

  it("keeps what was typed as a draft when the reader leaves at once, and drops it when they start over", async () => {
    const user = userEvent.setup();
    const { view } = renderBugFormAmong(() => null);
    await user.type(await screen.findByRole("textbox", { name: /^What happened\?/ }), "The map froze");
    // The page goes away right after the last key, well within the wait before a draft is stored.
    view.unmount();
    expect(JSON.parse(localStorage.getItem("rc:draft:bug") ?? "{}")).toMatchObject({ happened: "The map froze" });

    renderBugForm(() => null);
    expect(await screen.findByRole("status")).toHaveTextContent("Your unsent draft was restored.");
    expect(screen.getByRole("textbox", { name: /^What happened\?/ })).toHaveValue("The map froze");
    await user.type(screen.getByRole("textbox", { name: /^What happened\?/ }), " again");
    await user.click(screen.getByRole("button", { name: "Start over" }));
    // A save still waiting when the reader starts over is not stored after the draft is gone.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(localStorage.getItem("rc:draft:bug")).toBeNull();
  });

  it("brings back an unsent draft, and starts over when asked", async () => {
    localStorage.setItem("rc:draft:bug", JSON.stringify({ happened: "The map froze", page: "/map" }));
    const user = userEvent.setup();
    renderBugForm(() => null);
    expect(await screen.findByRole("status")).toHaveTextContent("Your unsent draft was restored.");
    expect(screen.getByRole("textbox", { name: /^What happened\?/ })).toHaveValue("The map froze");

    await user.click(screen.getByRole("button", { name: "Start over" }));
    expect(screen.getByRole("textbox", { name: /^What happened\?/ })).toHaveValue("");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(localStorage.getItem("rc:draft:bug")).toBeNull();
  });

  it("keeps a signed-in reader's draft as theirs: it never opens in another account's form", async () => {
    const user = userEvent.setup();
    const first = renderBugFormAmong(() => null, "reader-a").view;
    await user.type(await screen.findByRole("textbox", { name: /^What happened\?/ }), "My private words");
    first.unmount();
    expect(JSON.parse(localStorage.getItem("rc:draft:reader-a:bug") ?? "{}")).toMatchObject({
      happened: "My private words",
    });

    const second = renderBugFormAmong(() => null, "reader-b").view;
    expect(await screen.findByRole("textbox", { name: /^What happened\?/ })).toHaveValue("");
    expect(screen.queryByText("Your unsent draft was restored.")).not.toBeInTheDocument();
    second.unmount();

    renderBugFormAmong(() => null, "reader-a");
    expect(await screen.findByRole("status")).toHaveTextContent("Your unsent draft was restored.");
    expect(screen.getByRole("textbox", { name: /^What happened\?/ })).toHaveValue("My private words");
  });

  it("forgets every draft on sign-out, also one still waiting to be stored as the form goes", async () => {
    localStorage.setItem("rc:draft:bug", JSON.stringify({ happened: "Signed out words" }));
    localStorage.setItem("rc:draft:reader-c:comment:wn:1-1:new", JSON.stringify({ body: "A comment" }));
    const user = userEvent.setup();
    const { view } = renderBugFormAmong(() => null, "reader-a");
    await user.type(await screen.findByRole("textbox", { name: /^What happened\?/ }), "Typed just now");
    forgetDrafts();
    view.unmount();
    expect(Object.keys(localStorage).filter((key) => key.startsWith("rc:draft"))).toEqual([]);
  });
});

describe("the light novel mistranslation form", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("asks for the original in the series' own language: a Korean series' form asks for the Korean", async () => {
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: Outlet,
        HydrateFallback: () => null,
        loader: () => ({ config: { originalLanguage: "ko" }, user: null }),
        children: [
          {
            path: "/feedback_hub/:form",
            Component: ReportForm as never,
            HydrateFallback: () => null,
            loader: () => ({
              slug: "report_ln_mistl",
              choices: { volumes: [{ value: "ln:main-1", label: "Lanternfall 1" }], episodes: [], platforms: [] },
              prefill: {},
              submissionId: "6f1c2a4e-8b3d-4c7a-9e21-0d5b7f3a1c92",
            }),
          },
        ],
      },
    ]);
    render(<Stub initialEntries={["/feedback_hub/report_ln_mistl"]} />);
    // Marked as Korean, so the browser spells and draws what the reader types as Korean.
    expect(await screen.findByRole("textbox", { name: /^The Korean text, if you know it/ })).toHaveAttribute(
      "lang",
      "ko",
    );
    expect(screen.getByText("The official English light novel says something the Korean does not.")).toBeVisible();
    expect(screen.queryByText(/Japan/)).toBeNull();
  });
});

describe("the anime mistranslation form", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  /** The anime form as its loader gives it, with a few episodes to choose from. */
  function renderAnimeForm() {
    const Stub = createRoutesStub([
      {
        path: "/feedback_hub/:form",
        Component: ReportForm as never,
        HydrateFallback: () => null,
        loader: () => ({
          slug: "report_anime_mistl",
          choices: {
            volumes: [],
            episodes: [
              { value: "anime:1-1", label: "Season 1 · Episode 1" },
              { value: "anime:1r1-3", label: "Season 1 Recut · Episode 3" },
              { value: "sp:ova-1", label: "Anime · OVA" },
            ],
            platforms: [],
          },
          prefill: {},
          submissionId: "6f1c2a4e-8b3d-4c7a-9e21-0d5b7f3a1c92",
        }),
      },
    ]);
    render(<Stub initialEntries={["/feedback_hub/report_anime_mistl"]} />);
  }

  it("offers the OVAs, specials and films and a recut's episodes beside the episodes, and says where a recut's line is reported", async () => {
    renderAnimeForm();
    const episode = await screen.findByRole("combobox", { name: /^Episode, OVA, special or film/ });
    // In a line or two: a recut's line goes on the season's episode, a scene only the recut has on the
    // recut's (decision 85).
    expect(episode).toHaveAccessibleDescription(
      "A recut's line goes on the season's episode; a scene only the recut has, on the recut's.",
    );
    expect(episode).not.toHaveAccessibleDescription(/not in this list/);
    expect(screen.getByRole("option", { name: "Anime · OVA" })).toHaveValue("sp:ova-1");
    expect(screen.getByRole("option", { name: "Season 1 Recut · Episode 3" })).toHaveValue("anime:1r1-3");
  });

  it("keeps a timestamp too long to be one in the draft with the rest, when the page is reloaded at once, and says beside it how to write one", async () => {
    const user = userEvent.setup();
    renderAnimeForm();
    await user.type(await screen.findByRole("textbox", { name: /^The official line/ }), "Stay out of the dark.");
    await user.type(screen.getByRole("textbox", { name: /^Timestamp/ }), "12:34:56.789");
    // Reloaded right after the last key, within the wait before a draft is stored: the page goes with no unmount.
    window.dispatchEvent(new PageTransitionEvent("pagehide"));
    expect(JSON.parse(localStorage.getItem("rc:draft:anime_mistl") ?? "{}")).toMatchObject({
      official: "Stay out of the dark.",
      timestamp: "12:34:56.789",
    });

    cleanup();
    renderAnimeForm();
    expect(await screen.findByRole("status")).toHaveTextContent("Your unsent draft was restored.");
    const timestamp = screen.getByRole("textbox", { name: /^Timestamp/ });
    expect(timestamp).toHaveValue("12:34:56.789");
    expect(screen.getByRole("textbox", { name: /^The official line/ })).toHaveValue("Stay out of the dark.");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(timestamp).toHaveAccessibleDescription(/^Write minutes:seconds, or hours:minutes:seconds past an hour\./);
  });

  it("says how to write a time in one short line under the box, and briefly again beside it when it is not one", async () => {
    const user = userEvent.setup();
    renderAnimeForm();
    const timestamp = await screen.findByRole("textbox", { name: /^Timestamp/ });
    expect(timestamp).toHaveAccessibleDescription("Such as 12:34, or 1:04:30 past an hour.");
    await user.type(timestamp, "12.34");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(timestamp).toHaveAccessibleDescription(
      "Write minutes:seconds, or hours:minutes:seconds past an hour. Such as 12:34, or 1:04:30 past an hour.",
    );
    expect(timestamp).toHaveValue("12.34");
  });
});
