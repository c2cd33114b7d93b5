import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ShieldModePicker } from "./shield-mode-picker";

function renderPicker() {
  const Stub = createRoutesStub([{ path: "/reading_tracker", Component: ShieldModePicker }]);
  render(<Stub initialEntries={["/reading_tracker"]} />);
}

describe("ShieldModePicker", () => {
  afterEach(() => localStorage.clear());

  it("says at once that the shield is off when the reader chooses Off, and nothing once it is on again", async () => {
    const user = userEvent.setup();
    renderPicker();
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("");
    await user.click(await screen.findByRole("radio", { name: /^Off/ }));
    expect(status).toHaveTextContent("The shield is off: every page shows everything, the ending included.");
    expect(localStorage.getItem("rc:spoiler-mode")).toBe("off");
    await user.click(screen.getByRole("radio", { name: /^Hide — Anything past/ }));
    expect(status).toHaveTextContent("");
  });
});
