import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as serviceWorker from "~/browser/service-worker.client";
import * as spoilerShield from "~/browser/spoiler-shield";
import { arcToKeep, type KeptUnit } from "~/lib/runtime/kept-units";
import { noKnowledge } from "~/lib/shield/knowledge";
import type { KeepAnswer } from "~/lib/runtime/worker-messages";
import { KeepButton } from "./keep-button";

afterEach(() => {
  vi.restoreAllMocks();
});

const arc = arcToKeep(5, ["wn:5-1", "wn:5-2"]);
const kept = (bytes: number, state: KeptUnit["state"] = "kept"): KeptUnit => ({
  ...arc,
  knowledge: "wn:5-30",
  addresses: [],
  bytes,
  keptAt: 1,
  state,
});

function renderButton(listed: KeptUnit[], answer?: KeepAnswer) {
  vi.spyOn(spoilerShield, "useShield").mockReturnValue({
    knowledge: noKnowledge,
    asking: noKnowledge,
    mode: "hide",
    hasProgress: false,
  });
  vi.spyOn(serviceWorker, "keptUnits").mockResolvedValue(listed);
  const keep = vi.spyOn(serviceWorker, "keepUnit");
  if (answer) keep.mockResolvedValue(answer);
  render(<KeepButton keep={{ arc: 5, chapters: ["wn:5-1", "wn:5-2"] }} />);
  return { keep };
}

describe("KeepButton", () => {
  it("is a button named by the unit's place, and says the size once kept", async () => {
    const { keep } = renderButton([], { outcome: "kept", unit: kept(120_400) });
    await userEvent.click(screen.getByRole("button", { name: "Keep for offline: Arc 5" }));
    expect(keep).toHaveBeenCalledWith(arc, expect.objectContaining({ mode: "hide" }));
    expect(
      await screen.findByRole("button", { name: "Kept · 120 KB: Arc 5, keep it again with what you know now" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Arc 5 is kept on this device for offline: 120 KB.");
  });

  it("shows what the worker already keeps, with its size", async () => {
    renderButton([kept(2_400_000)]);
    expect(await screen.findByRole("button", { name: /^Kept · 2\.4 MB: Arc 5/ })).toBeInTheDocument();
  });

  it("offers to try again when the network failed, or a unit could not be kept again", async () => {
    renderButton([kept(10, "lost")], { outcome: "failed" });
    const retry = await screen.findByRole("button", { name: "Not kept · Try again: Arc 5" });
    await userEvent.click(retry);
    expect(await screen.findByRole("status")).toHaveTextContent("Arc 5 could not be kept: check your connection.");
  });

  it("says so, never as an error, when the device refuses to store it", async () => {
    renderButton([], { outcome: "refused" });
    await userEvent.click(screen.getByRole("button", { name: "Keep for offline: Arc 5" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "This device would not store it: its storage is full or turned off, or this is a private window.",
    );
    expect(screen.getByRole("button", { name: "Keep for offline: Arc 5" })).toBeInTheDocument();
  });
});
