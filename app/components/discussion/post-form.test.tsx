import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet, redirect } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInThread } from "../../../tests/support/thread-stub";
import { SIGNED_OUT_MESSAGE } from "~/lib/forms/form";
import { PostForm } from "./post-form";

const unit = { key: "wn:1-5", label: "Arc 1 · Chapter 5" };

function renderForm(posted: FormData[]) {
  renderInThread(<PostForm unit={unit} readerPlaces={[unit]} answer={undefined} />, async ({ request }) => {
    posted.push(await request.formData());
    return null;
  });
}

describe("posting a comment offline", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("sends nothing, keeps the text, and stops saying so once the device is back online", async () => {
    const user = userEvent.setup();
    const posted: FormData[] = [];
    vi.stubGlobal("navigator", { ...navigator, onLine: false });
    renderForm(posted);
    await user.type(screen.getByLabelText("Your comment"), "The lantern goes out");
    await user.click(screen.getByRole("button", { name: "Post comment" }));
    expect(await screen.findByText(/You are offline, so nothing was sent/)).toBeInTheDocument();
    expect(screen.getByLabelText("Your comment")).toHaveValue("The lantern goes out");
    expect(posted).toEqual([]);

    vi.stubGlobal("navigator", { ...navigator, onLine: true });
    act(() => void window.dispatchEvent(new Event("online")));
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
    expect(screen.getByLabelText("Your comment")).toHaveValue("The lantern goes out");

    await user.click(screen.getByRole("button", { name: "Post comment" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get("text")).toBe("The lantern goes out");
  });
});

describe("a comment whose writer's session ended with the form open", () => {
  // An earlier test's form stores its draft as it goes, after that test's own clearing.
  beforeEach(() => localStorage.clear());

  it("keeps the refused text in the box, says why beside it and sends nothing more", async () => {
    const user = userEvent.setup();
    const posted: FormData[] = [];
    const refusal = {
      error: { message: SIGNED_OUT_MESSAGE, fields: { form: SIGNED_OUT_MESSAGE } },
      values: { text: "The lantern goes out", horizon: unit.key },
    };
    renderInThread(<PostForm unit={unit} readerPlaces={[unit]} answer={refusal} signedOut />, async ({ request }) => {
      posted.push(await request.formData());
      return null;
    });
    expect(screen.getByLabelText("Your comment")).toHaveValue("The lantern goes out");
    expect(screen.getByRole("alert")).toHaveTextContent(SIGNED_OUT_MESSAGE);
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fdiscuss%2Fwn%3A1-5",
    );
    await user.type(screen.getByLabelText("Your comment"), ", and no one sees");
    await user.click(screen.getByRole("button", { name: "Post comment" }));
    expect(screen.getByRole("alert")).toHaveTextContent(SIGNED_OUT_MESSAGE);
    expect(screen.getByLabelText("Your comment")).toHaveValue("The lantern goes out, and no one sees");
    expect(posted).toEqual([]);
    // Signed out, nothing is stored in this browser (the sign-out forgot every draft).
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(Object.entries(localStorage).filter(([key]) => key.startsWith("rc:draft"))).toEqual([]);
  });

  it("gives way to the link to sign in when nothing was typed", () => {
    renderInThread(<PostForm unit={unit} readerPlaces={[unit]} answer={undefined} signedOut />);
    expect(screen.queryByLabelText("Your comment")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toBeInTheDocument();
  });
});

describe("the draft of a comment", () => {
  afterEach(() => localStorage.clear());

  /** The thread's form, whose post the site answers with `to`, and the sign-in page. */
  function renderAnswered(to: string, at = "/discuss/wn:1-5") {
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: Outlet,
        children: [
          {
            id: "thread",
            path: "discuss/:unit",
            Component: () => <PostForm unit={unit} readerPlaces={[unit]} answer={undefined} />,
            action: () => redirect(to),
            // The page's data asked for again after the post, as the site's thread does.
            loader: () => new Promise((resolve) => setTimeout(() => resolve(null), 50)),
          },
          {
            path: "login",
            loader: () => new Promise((resolve) => setTimeout(() => resolve(null), 50)),
            Component: () => <h1>Sign in</h1>,
          },
        ],
      },
    ]);
    render(
      <Stub
        initialEntries={[at]}
        hydrationData={{ loaderData: { root: { user: null, config: null }, thread: null } }}
      />,
    );
  }
  const drafts = () => Object.keys(localStorage).filter((key) => key.startsWith("rc:draft"));

  it("stays when the session has ended and the post is sent to sign in, to be there after", async () => {
    const user = userEvent.setup();
    renderAnswered("/login?redirectTo=%2Fdiscuss%2Fwn%3A1-5");
    await user.type(screen.getByLabelText("Your comment"), "The lantern goes out");
    await user.click(screen.getByRole("button", { name: "Post comment" }));
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(drafts()).toHaveLength(1);
    expect(localStorage.getItem(drafts()[0]!)).toContain("The lantern goes out");
  });

  it.each(["/discuss/wn:1-5", "/discuss/wn%3A1-5"])(
    "goes once the post has landed and the thread shows it (at %s)",
    async (at) => {
      const user = userEvent.setup();
      renderAnswered("/discuss/wn:1-5#comment-7", at);
      await user.type(screen.getByLabelText("Your comment"), "The lantern goes out");
      await waitFor(() => expect(drafts()).toHaveLength(1));
      await user.click(screen.getByRole("button", { name: "Post comment" }));
      await waitFor(() => expect(drafts()).toEqual([]));
    },
  );
});

describe("a comment the site refused", () => {
  beforeEach(() => localStorage.clear());

  it("takes focus to the message saying why when no field is at fault, the text kept", async () => {
    const message = "You have posted a comment in the last minute. Please wait a minute, then post this one.";
    const refusal = {
      error: { message, fields: { form: message } },
      values: { form: "post:new", text: "The lantern goes out", horizon: unit.key },
    };
    renderInThread(<PostForm unit={unit} readerPlaces={[unit]} answer={refusal} />);
    await waitFor(() => expect(screen.getByRole("alert")).toHaveFocus());
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.getByLabelText("Your comment")).toHaveValue("The lantern goes out");
  });

  it("takes focus to the field it told off", async () => {
    const refusal = {
      error: { message: "Check the form.", fields: { text: "Write at least two characters." } },
      values: { form: "post:new", text: "x", horizon: unit.key },
    };
    renderInThread(<PostForm unit={unit} readerPlaces={[unit]} answer={refusal} />);
    await waitFor(() => expect(screen.getByLabelText("Your comment")).toHaveFocus());
  });
});
