import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { secretly } from "~/lib/shield/gated";
import { CharacterName } from "./character-name";

const greyLantern = { name: "The Grey Lantern", trueName: secretly(["wn:2-27"], "Briony Oakhart") };

describe("CharacterName", () => {
  afterEach(() => localStorage.clear());

  it("names a character whose true name the answer does not carry by the name everyone knows", () => {
    render(<CharacterName character={{ name: "The Grey Lantern", trueName: null }} />);
    expect(screen.getByText("The Grey Lantern")).toBeVisible();
    expect(screen.queryByText(/known as/)).not.toBeInTheDocument();
  });

  it("shows nothing of a true name the reader has not reached, even in an answer asked for everything (blur mode)", () => {
    localStorage.setItem("rc:spoiler-mode", "blur");
    render(<CharacterName character={greyLantern} />);
    expect(screen.getByText("The Grey Lantern")).toBeVisible();
    expect(document.body.textContent).not.toContain("Briony");
  });

  it("names them by their true name, known as the name everyone knows, for a reader who knows it", () => {
    localStorage.setItem("rc:spoiler-mode", "off");
    render(<CharacterName character={greyLantern} />);
    expect(screen.getByText("Briony Oakhart")).toBeVisible();
    expect(screen.getByText("known as The Grey Lantern")).toBeVisible();
  });
});
