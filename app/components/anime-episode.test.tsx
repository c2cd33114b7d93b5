import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { AnimeEpisode } from "~/lib/content/anime";
import { titleRevealers } from "~/lib/shield/knowledge";
import { emptyProgress } from "~/lib/progress/record";
import { AdaptsLinks, EpisodeAdaptsLine, EpisodeTitle, WatchedUpToHere } from "./anime-episode";

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

describe("EpisodeTitle", () => {
  afterEach(cleanup);

  it("names an episode by the number the series gives it, never its place in the season", () => {
    const Stub = createRoutesStub([
      {
        path: "/anime",
        Component: () => (
          <EpisodeTitle
            episode={{
              number: 14,
              label: "13.5",
              airedOn: "2013-07-06",
              airedTime: null,
              runtime: 24,
              runtimeDiffers: false,
              title: { revealedBy: null, content: { title: "Recap", originalTitle: null } },
            }}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={["/anime"]} />);
    expect(screen.getByText(/^Episode 13\.5 ·/)).toBeVisible();
    expect(screen.queryByText(/Episode 14/)).not.toBeInTheDocument();
  });
});

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
      ...label("ss:blog-2015-01", "Side story · Author's blog"),
      title: { revealedBy: titleRevealers(null, ["ss:blog-2015-01"]), content },
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
                sideStories={[label("ss:blog-1", "Side story · Author's blog")]}
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

describe("WatchedUpToHere, for a viewer of a recut", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  /** Season 1 as /anime lists it: episodes 9 and 10, the recut's episode 5 holding 9 whole and 10's first part, its episode 6 the rest. */
  function renderEpisodes(progress: object) {
    localStorage.setItem("rc:progress", JSON.stringify({ ...emptyProgress, ...progress }));
    const Stub = createRoutesStub([
      {
        path: "/anime",
        Component: () => (
          <>
            <p data-testid="episode-9">
              <WatchedUpToHere episode={{ key: "anime:1-9", number: 9, position: 9, heldBy: ["anime:1r1-5"] }} />
            </p>
            <p data-testid="episode-10">
              <WatchedUpToHere episode={{ key: "anime:1-10", number: 10, position: 10, heldBy: ["anime:1r1-6"] }} />
            </p>
          </>
        ),
      },
    ]);
    render(<Stub initialEntries={["/anime"]} />);
  }

  it("marks a season's episode watched in the recut as watched there, and one it showed only in part not", async () => {
    renderEpisodes({ recuts: ["anime:1r1-5"] });
    expect(await within(screen.getByTestId("episode-9")).findByText("Watched in the recut")).toBeVisible();
    expect(screen.queryAllByRole("button", { name: /^I have watched up to here: Episode/ })).toHaveLength(1);
    const split = screen.getByTestId("episode-10");
    expect(split).not.toHaveTextContent("Watched");
    expect(within(split).getByRole("button", { name: "I have watched up to here: Episode 10" })).toBeEnabled();
  });

  it("says 'Watched up to here' on the last episode watched alone, 'Watched' on the ones before it", async () => {
    renderEpisodes({ anime: "anime:1-10", position: 10 });
    expect(await within(screen.getByTestId("episode-10")).findByText("Watched up to here")).toBeVisible();
    const earlier = screen.getByTestId("episode-9");
    // In words beside its ✓: on a phone the mark stands on a line of its own under the episode's title.
    const passed = within(earlier).getByText("Watched");
    expect(passed).toBeVisible();
    // Heard with the episode's name, as the button before it was.
    expect(passed).toHaveTextContent("✓ Watched: Episode 9");
    expect(within(earlier).getByText(": Episode 9")).toHaveClass("sr-only");
    expect(within(earlier).queryByText("Watched up to here")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^I have watched up to here/ })).not.toBeInTheDocument();
  });

  it("says an episode reached in the season is watched up to there, whatever the recut held", async () => {
    renderEpisodes({ anime: "anime:1-9", position: 9, recuts: ["anime:1r1-6"] });
    expect(await within(screen.getByTestId("episode-9")).findByText("Watched up to here")).toBeVisible();
    expect(screen.getByTestId("episode-10")).toHaveTextContent("Watched in the recut");
    expect(screen.queryByRole("button", { name: /^I have watched up to here/ })).not.toBeInTheDocument();
  });
});
