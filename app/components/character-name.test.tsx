import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeProgress } from "~/browser/stored-progress";
import { emptyProgress } from "~/lib/progress/record";
import { secretly } from "~/lib/shield/gated";
import { CharacterName } from "./character-name";

const greyLantern = {
  name: "The Grey Lantern",
  trueName: secretly(["wn:2-27"], { name: "Briony Oakhart", originalName: "ブライオニー・オークハート" }),
};

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
    expect(document.body.textContent).not.toContain("ブライオニー");
  });

  it("names them by their true name, known as the name everyone knows, for a reader who knows it", () => {
    localStorage.setItem("rc:spoiler-mode", "off");
    render(<CharacterName character={greyLantern} />);
    expect(screen.getByText("Briony Oakhart")).toBeVisible();
    expect(screen.getByText("known as The Grey Lantern")).toBeVisible();
  });
});

describe("CharacterName, named otherwise per medium", () => {
  const ferris = {
    name: "Ferris Dunmore",
    trueName: null,
    mediumNames: [
      secretly(null, { medium: "anime" as const, translation: null, name: "Felix Dunmore" }),
      secretly(null, { medium: "web_novel" as const, translation: "fan translation", name: "Felis Dunmore" }),
    ],
  };
  const nix = {
    name: "Nix",
    trueName: null,
    mediumNames: [secretly(["anime:1-6"], { medium: "anime" as const, translation: null, name: "Nyx" })],
  };

  afterEach(() => {
    storeProgress(null);
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("names them for a reader with no progress by the pack's name", () => {
    render(<CharacterName character={ferris} />);
    expect(screen.getByText("Ferris Dunmore")).toBeVisible();
  });

  it("names them for a reader of one medium by that medium's name", async () => {
    storeProgress({ ...emptyProgress, anime: "anime:1-4" });
    render(<CharacterName character={ferris} />);
    expect(await screen.findByText("Felix Dunmore")).toBeVisible();
  });

  it("names them by a name said later only once the reader knows it, and shows nothing of it before", async () => {
    storeProgress({ ...emptyProgress, anime: "anime:1-5" });
    localStorage.setItem("rc:spoiler-mode", "blur");
    const { unmount } = render(<CharacterName character={nix} />);
    await waitFor(() => expect(screen.getByText("Nix")).toBeVisible());
    expect(document.body.textContent).not.toContain("Nyx");
    unmount();
    storeProgress({ ...emptyProgress, anime: "anime:1-6" });
    render(<CharacterName character={nix} />);
    expect(await screen.findByText("Nyx")).toBeVisible();
  });

  /** The story's timeline, asked once a visit: a manga chapter stands at the last web novel chapter it adapts. */
  const units = [
    { key: "wn:1-18", position: 18 },
    { key: "wn:1-30", position: 30 },
    { key: "anime:1-4", position: 20 },
    { key: "manga:wick-6", position: 19 },
    { key: "manga:wick-10", position: 32 },
  ];
  const pell = {
    name: "Pellam Quill",
    trueName: null,
    mediumNames: [secretly(null, { medium: "manga" as const, translation: null, name: "Pelham Quill" })],
  };

  it("names them for a reader of the manga alone by the manga's name", async () => {
    const fetched = vi.fn(async () => Response.json({ units, externalIds: [] }));
    vi.stubGlobal("fetch", fetched);
    storeProgress({ ...emptyProgress, manga: ["manga:wick-6"] });
    render(<CharacterName character={pell} />);
    expect(await screen.findByText("Pelham Quill")).toBeVisible();
    // One medium: no timeline to ask for.
    expect(fetched).not.toHaveBeenCalled();
  });

  it("names them for a reader further in the web novel than in the manga by the web novel's name, and the other way round", async () => {
    const fetched = vi.fn(async () => Response.json({ units, externalIds: [] }));
    vi.stubGlobal("fetch", fetched);
    storeProgress({ ...emptyProgress, webNovel: "wn:1-30", manga: ["manga:wick-6"] });
    const { unmount } = render(<CharacterName character={pell} />);
    // Placed with the story's timeline, asked once, it stays the web novel's (the pack's here).
    await waitFor(() => expect(fetched).toHaveBeenCalledWith("/resources/timeline"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText("Pellam Quill")).toBeVisible();
    expect(screen.queryByText("Pelham Quill")).not.toBeInTheDocument();
    unmount();
    storeProgress({ ...emptyProgress, webNovel: "wn:1-30", manga: ["manga:wick-10"] });
    render(<CharacterName character={pell} />);
    expect(await screen.findByText("Pelham Quill")).toBeVisible();
  });

  it("names them for a reader of several media by the one they are furthest in along the story", async () => {
    const fetched = vi.fn(async () => Response.json({ units, externalIds: [] }));
    vi.stubGlobal("fetch", fetched);
    storeProgress({ ...emptyProgress, webNovel: "wn:1-30", anime: "anime:1-4" });
    render(<CharacterName character={ferris} />);
    expect(await screen.findByText("Felis Dunmore")).toBeVisible();
  });
});
