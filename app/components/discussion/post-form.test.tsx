import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInThread } from "../../../tests/support/thread-stub";
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
