import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { AnimeEpisode } from "~/lib/content/anime";
import { titleRevealers } from "~/lib/shield/knowledge";
import { AdaptsLinks, EpisodeAdaptsLine } from "./anime-episode";

const label = (key: string, text: string) => ({ key, label: text });

function renderLine(episode: Pick<AnimeEpisode, "adapts" | "original">, withNote = true) {
  const Stub = createRoutesStub([
    {
      path: "/anime",
      Component: () => <p data-testid="line">{<EpisodeAdaptsLine episode={episode} withNote={withNote} />}</p>,
    },
  ]);
  render(<Stub initialEntries={["/anime"]} />);
  return screen.getByTestId("line");
}

describe("EpisodeAdaptsLine", () => {
  afterEach(() => localStorage.clear());

  it("names each run of an intercut episode, joined as a sentence", () => {
    const line = renderLine({
      adapts: {
        chapters: [
          { from: label("wn:3-12", "Arc 3 · Chapter 11"), to: label("wn:3-13", "Arc 3 · Chapter 12") },
          { from: label("wn:3-15", "Arc 3 · Chapter 14"), to: label("wn:3-15", "Arc 3 · Chapter 14") },
        ],
        sideStories: [],
      },
      original: null,
    });
    expect(line).toHaveTextContent("Adapts Arc 3 · Chapter 11 to Arc 3 · Chapter 12 and Arc 3 · Chapter 14");
    expect(screen.getByRole("link", { name: "Arc 3 · Chapter 14" })).toHaveAttribute(
      "href",
      "/web_novel?arc=3#wn-3-15",
    );
  });

  it("names a side story by its title where the reader may see it, else by its label", () => {
    const story = (content: string | null) => ({
      ...label("ss:pells-first-lantern", "Side story · Author's blog"),
      title: { revealedBy: titleRevealers(null, ["ss:pells-first-lantern"]), content },
    });
    const chapters = [{ from: label("wn:1-1", "Arc 1 · Prologue"), to: label("wn:1-2", "Arc 1 · Chapter 1") }];
    const hidden = renderLine({ adapts: { chapters, sideStories: [story(null)] }, original: null });
    expect(hidden).toHaveTextContent("Adapts Arc 1 · Prologue to Arc 1 · Chapter 1 and Side story · Author's blog");
    cleanup();
    localStorage.setItem("rc:unreached-titles", "show");
    const shown = renderLine({ adapts: { chapters, sideStories: [story("Pell's First Lantern")] }, original: null });
    expect(shown).toHaveTextContent("and Pell's First Lantern");
  });

  it("labels an anime-original episode, its note waiting for its viewers, or left out", () => {
    // Sealed for a reader who has not watched it: the note's content left out of the response.
    const episode: Pick<AnimeEpisode, "adapts" | "original"> = {
      adapts: { chapters: [], sideStories: [] },
      original: { revealedBy: ["anime:1-13"], content: null },
    };
    const line = renderLine(episode);
    expect(line).toHaveTextContent("Anime-original");
    expect(line).not.toHaveTextContent("Adapts");
    expect(screen.getByRole("button", { name: /Show it/ })).toBeInTheDocument();
    cleanup();
    const bare = renderLine(episode, false);
    expect(bare).toHaveTextContent(/^Anime-original$/);
  });
});

describe("AdaptsLinks, as an OVA and a manga chapter say what they adapt", () => {
  afterEach(cleanup);

  it("reads as one sentence, a side story without a title by its label, and says nothing for nothing", async () => {
    const Stub = createRoutesStub([
      {
        path: "/manga",
        Component: () => (
          <>
            <p data-testid="merged">
              <AdaptsLinks
                chapters={[
                  { from: label("wn:1-16", "Arc 1 · Chapter 15"), to: label("wn:1-17", "Arc 1 · Chapter 16") },
                  { from: label("wn:1-19", "Arc 1 · Chapter 18"), to: label("wn:1-19", "Arc 1 · Chapter 18") },
                ]}
                sideStories={[label("ss:lamp-oil", "Side story · Author's blog")]}
              />
            </p>
            <p data-testid="nothing">
              <AdaptsLinks chapters={[]} sideStories={[]} />
            </p>
          </>
        ),
      },
    ]);
    render(<Stub initialEntries={["/manga"]} />);
    expect(await screen.findByTestId("merged")).toHaveTextContent(
      "Adapts Arc 1 · Chapter 15 to Arc 1 · Chapter 16, Arc 1 · Chapter 18 and Side story · Author's blog",
    );
    expect(screen.getByTestId("nothing")).toBeEmptyDOMElement();
  });
});
