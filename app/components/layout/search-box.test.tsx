import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet, useLocation, useSearchParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as followUp from "~/browser/follow-up";
import { shieldedJson } from "~/lib/shield/gated";
import type { SearchResult } from "~/lib/search/result";
import { SearchBox } from "./search-box";
import type { Suggestions } from "./search-suggestions";

const hits: SearchResult[] = [
  {
    ref: "character:aya",
    kind: "character",
    revealedBy: null,
    content: { title: "Aya", subtitle: "", path: "/characters/aya" },
  },
  {
    ref: "chapter:wn:1-2",
    kind: "chapter",
    revealedBy: null,
    content: { title: "Aya's lantern", subtitle: "Arc 1 · Chapter 2", path: "/web_novel/1/2" },
  },
];

afterEach(() => {
  vi.restoreAllMocks();
});

/** The site's shell with the header's search box, and the pages the suggestions lead to. */
function renderSite(answer: "hits" | "none" | "failure" | "japanese" | "marked" = "hits") {
  const asked: string[] = [];
  // The suggestions' request: the search page's loader data, as the site's own answers it.
  vi.spyOn(followUp, "fetchLoaderData").mockImplementation(async (href, routeId) => {
    const url = new URL(href, "http://site.test");
    expect([url.pathname, routeId]).toEqual(["/search", "routes/search"]);
    asked.push(url.search);
    if (answer === "failure") throw new TypeError("Failed to fetch");
    const results =
      answer === "hits" ? hits : answer === "japanese" ? japaneseHits : answer === "marked" ? markedHits : [];
    return shieldedJson({
      query: url.searchParams.get("q") ?? "",
      results,
      total: results.length ? 7 : 0,
    } satisfies Suggestions);
  });
  function Page() {
    const location = useLocation();
    const [params] = useSearchParams();
    return <h1>{location.pathname === "/search" ? `Results for ${params.get("q")}` : location.pathname}</h1>;
  }
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <SearchBox />
          <Outlet />
        </>
      ),
      children: [
        { index: true, Component: () => <h1>Home</h1> },
        { path: "search", Component: Page },
        { path: "*", Component: Page },
      ],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return { box: screen.getByRole("combobox", { name: "Search the site" }), asked };
}

/** Hits as the server answers words in Japanese letters: with their original titles. */
const japaneseHits: SearchResult[] = [
  {
    ref: "volume:ln:main-1",
    kind: "volume",
    revealedBy: null,
    content: {
      title: "The Unburnt Wick",
      subtitle: "Lanternfall 1",
      path: "/light_novels?collection=main#main-1",
      originalTitle: "燃えない灯芯",
    },
  },
];

/** Hits as the server answers the suggestions: with the words that match marked (every second piece). */
const markedHits: SearchResult[] = [
  {
    ref: "character:mira-hale",
    kind: "character",
    revealedBy: null,
    content: {
      title: "Mira Hale",
      subtitle: "",
      path: "/characters/mira-hale",
      matched: { around: ["The ", "Doorwarden", ""] },
    },
  },
  {
    ref: "chapter:wn:1-2",
    kind: "chapter",
    revealedBy: null,
    content: {
      title: "The Door Stays Shut",
      subtitle: "Arc 1 · Chapter 2",
      path: "/web_novel/1/2",
      matched: { title: ["The ", "Door", " Stays Shut"] },
    },
  },
  // Shown by the line under its title, which starts with the title: "… Break Time 3, airs with episode 3".
  {
    ref: "place:break_time:bt:2-3",
    kind: "break_time",
    revealedBy: null,
    content: {
      title: "Season 2 · Break Time 3",
      subtitle: "Season 2 · Break Time 3, airs with episode 3",
      path: "/break_time?season=2#bt-2-3",
      matched: { title: ["Season 2 · Break Time ", "3", ""] },
    },
  },
];

describe("SearchBox", () => {
  it("suggests as the reader types, once they pause", async () => {
    const user = userEvent.setup();
    const { box, asked } = renderSite();
    await user.type(box, "aya");
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "AyaCharacter",
      "Aya's lanternChapter · Arc 1 · Chapter 2",
      "All results for “aya”7 in all, by kind",
    ]);
    expect(box).toHaveAttribute("aria-expanded", "true");
    // One request for the whole word, not one per letter; a new reader asks with nothing revealed.
    expect(asked).toEqual(["?q=aya&suggest=1"]);
  });

  it("shows a hit's original title, marked as Japanese, where the server sent it", async () => {
    const user = userEvent.setup();
    const { box } = renderSite("japanese");
    await user.type(box, "灯芯");
    const [volume] = await screen.findAllByRole("option");
    expect(volume).toHaveTextContent("The Unburnt Wick燃えない灯芯Light novel · Lanternfall 1");
    expect(screen.getByText("燃えない灯芯")).toHaveAttribute("lang", "ja");
  });

  it("shows the words each suggestion matches in bold, in its title or on a line of where it holds them", async () => {
    const user = userEvent.setup();
    const { box } = renderSite("marked");
    await user.type(box, "door");
    const [mira, chapter] = await screen.findAllByRole("option");
    // Read as plain words: the option's name is its text as it stands.
    expect(chapter).toHaveAccessibleName("The Door Stays Shut Chapter · Arc 1 · Chapter 2");
    expect(within(chapter!).getByText("Door")).toHaveClass("font-bold");
    expect(within(chapter!).getByText("Door").parentElement).toHaveTextContent(/^The Door Stays Shut$/);
    // Not in Mira Hale's name: the alias it is in, under the name, the word bold.
    expect(mira).toHaveTextContent("Mira HaleThe DoorwardenCharacter");
    expect(within(mira!).getByText("Doorwarden")).toHaveClass("font-bold");
    expect(within(mira!).getByText("Mira Hale")).not.toHaveClass("font-bold");
  });

  it("shows the words a title matches in bold where the line shown holds the title and more", async () => {
    const user = userEvent.setup();
    const { box } = renderSite("marked");
    await user.type(box, "door");
    const short = (await screen.findAllByRole("option"))[2]!;
    const bold = within(short).getByText("3", { selector: ".font-bold" });
    // The number the title holds, not the episode's after it; the line's words as they were.
    expect(bold.parentElement).toHaveTextContent(/^Season 2 · Break Time 3, airs with episode 3$/);
    expect(bold.previousSibling?.textContent).toBe("Season 2 · Break Time ");
  });

  it("says so when nothing the reader has reached matches, and when the suggestions could not be had", async () => {
    const user = userEvent.setup();
    const none = renderSite("none");
    await user.type(none.box, "zzqx");
    expect(await screen.findByText("Nothing you have reached matches “zzqx”.")).toHaveAttribute("role", "status");
    expect(screen.queryAllByRole("option")).toEqual([]);
    cleanup();
    // A reader who shows everything was searched everything: nothing matches at all.
    localStorage.setItem("rc:spoiler-mode", "off");
    const everything = renderSite("none");
    await user.type(everything.box, "zzqx");
    expect(await screen.findByText("Nothing matches “zzqx”.")).toHaveAttribute("role", "status");
    localStorage.removeItem("rc:spoiler-mode");
    cleanup();
    // A failed request is said beside the box too (the notice all follow-ups share is at the foot of the
    // screen, under a phone's keyboard), never as "nothing matches"; emptied, the box says nothing.
    const failed = renderSite("failure");
    await user.type(failed.box, "aya");
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Suggestions could not be loaded. Enter still searches."),
    );
    await user.clear(failed.box);
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    // Offline, a search sent waits for the connection: the box does not promise it goes now.
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await user.type(failed.box, "aya");
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "Suggestions could not be loaded. Enter searches once you are back online.",
      ),
    );
    online.mockRestore();
  });

  it("moves through the suggestions with the arrow keys, wrapping, and opens the chosen one with Enter", async () => {
    const user = userEvent.setup();
    const { box } = renderSite();
    await user.type(box, "aya");
    const [aya, lantern, all] = await screen.findAllByRole("option");

    await user.keyboard("{ArrowDown}");
    expect(aya).toHaveAttribute("aria-selected", "true");
    expect(box).toHaveAttribute("aria-activedescendant", aya!.id);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(all).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}");
    expect(aya).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowUp}");
    expect(all).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowUp}");
    expect(lantern).toHaveAttribute("aria-selected", "true");
    expect(aya).toHaveAttribute("aria-selected", "false");

    await user.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "/web_novel/1/2" })).toBeInTheDocument();
    expect(box).toHaveValue("");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });

  it("closes the suggestions with Escape and keeps what was typed", async () => {
    const user = userEvent.setup();
    const { box } = renderSite();
    await user.type(box, "aya");
    await screen.findAllByRole("option");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(box).toHaveValue("aya");
  });

  it("sends Enter without a chosen suggestion to the full results", async () => {
    const user = userEvent.setup();
    const { box } = renderSite();
    await user.type(box, "lantern{Enter}");
    expect(await screen.findByRole("heading", { name: "Results for lantern" })).toBeInTheDocument();
  });

  it("opens a suggestion the reader clicks", async () => {
    const user = userEvent.setup();
    const { box } = renderSite();
    await user.type(box, "aya");
    await user.click(await screen.findByRole("option", { name: /^Aya\b.*Character$/ }));
    expect(await screen.findByRole("heading", { name: "/characters/aya" })).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(""));
  });
});
