import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ThemeToggle } from "./theme-toggle";

/** The system's colour scheme, as the browser reports it to matchMedia. */
function systemPrefersDark(dark: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: dark && query === "(prefers-color-scheme: dark)",
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function renderHeader() {
  const Stub = createRoutesStub([{ path: "/", Component: ThemeToggle }]);
  render(<Stub initialEntries={["/"]} />);
}

const root = document.documentElement;

describe("ThemeToggle", () => {
  beforeEach(() => systemPrefersDark(true));
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
    root.className = "";
    delete root.dataset.themePreference;
  });

  it("cycles system, light, dark and back on a dark system, saying which and applying it to the page", async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole("button", { name: "Theme: follows your system. Change theme" });

    await user.click(button);
    expect(button).toHaveAccessibleName("Theme: light. Change theme");
    expect(root).not.toHaveClass("dark");
    expect(localStorage.getItem("rc:theme")).toBe("light");

    await user.click(button);
    expect(button).toHaveAccessibleName("Theme: dark. Change theme");
    expect(root).toHaveClass("dark");
    expect(localStorage.getItem("rc:theme")).toBe("dark");

    await user.click(button);
    expect(button).toHaveAccessibleName("Theme: follows your system. Change theme");
    // Following a dark system again, and nothing stored.
    expect(root).toHaveClass("dark");
    expect(localStorage.getItem("rc:theme")).toBeNull();
  });

  it("changes what a reader on a light system sees at the first tap: dark, then light, then the system's", async () => {
    systemPrefersDark(false);
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole("button", { name: "Theme: follows your system. Change theme" });
    await user.click(button);
    expect(button).toHaveAccessibleName("Theme: dark. Change theme");
    expect(root).toHaveClass("dark");
    await user.click(button);
    expect(button).toHaveAccessibleName("Theme: light. Change theme");
    expect(root).not.toHaveClass("dark");
    await user.click(button);
    expect(button).toHaveAccessibleName("Theme: follows your system. Change theme");
    expect(localStorage.getItem("rc:theme")).toBeNull();
  });

  it("starts from the preference the page's head script applied", async () => {
    root.dataset.themePreference = "dark";
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole("button", { name: "Theme: dark. Change theme" });
    await user.keyboard("{Tab}{Enter}");
    expect(button).toHaveFocus();
    expect(button).toHaveAccessibleName("Theme: follows your system. Change theme");
  });
});
