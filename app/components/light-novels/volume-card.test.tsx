import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LightNovelVolume } from "~/lib/content/light-novels";
import { emptyProgress } from "~/lib/progress/record";
import { gated } from "~/lib/shield/gated";
import { titleRevealers } from "~/lib/shield/knowledge";
import { VolumeCard } from "./volume-card";

/** Lanternfall 1 as the page carries it, its title and its editions' titles sealed (null) or with their text. */
function volume(titles: { own: string | null; english: string | null }): LightNovelVolume {
  const reachedBy = titleRevealers(null, ["ln:main-1", "wn:1-16"]);
  return {
    key: "ln:main-1",
    number: 1,
    label: null,
    title: { revealedBy: reachedBy, content: titles.own === null ? null : { title: titles.own, originalTitle: null } },
    releasedJp: "2016-04-25",
    releasedEn: "2017-06-27",
    noEnglishEdition: false,
    isbn: null,
    illustrator: "Kaho Isurugi",
    editions: [
      {
        language: "ja",
        publisher: "Hoshikuzu Bunko",
        title: null,
        releasedOn: "2016-04-25",
        isbn: "978-4-86716-101-2",
      },
      {
        language: "en",
        publisher: "Cinderlight Press",
        title: { revealedBy: reachedBy, content: titles.english },
        releasedOn: "2017-06",
        isbn: "978-1-98765-101-0",
      },
    ],
    pageCount: null,
    cover: null,
    chapters: [],
    changes: { ...gated(null, []), count: 0 },
    position: 16,
    adapts: null,
    readAfter: null,
    sideStories: [],
    mistakeCount: 0,
    discussion: gated(["ln:main-1"], 0),
  };
}

/** The card on its page, for a series first written in `originalLanguage` (the root's public config) where given. */
function renderCard(card: LightNovelVolume, originalLanguage?: string) {
  const page = {
    id: "page",
    path: "/light_novels",
    Component: () => (
      <ul>
        <VolumeCard volume={card} collectionName="Lanternfall" eager={false} />
      </ul>
    ),
  };
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: Outlet, children: [page] }]);
  const config = originalLanguage === undefined ? undefined : { originalLanguage };
  render(<Stub initialEntries={["/light_novels"]} hydrationData={{ loaderData: { root: { config }, page: null } }} />);
}

describe("VolumeCard", () => {
  afterEach(() => localStorage.clear());

  it("names its illustrator and lists each edition: language, publisher, date and ISBN", () => {
    renderCard(volume({ own: null, english: null }));
    expect(screen.getByText("Illustrator").nextElementSibling).toHaveTextContent("Kaho Isurugi");
    const editions = within(screen.getByRole("list", { name: "Editions of Lanternfall 1" })).getAllByRole("listitem");
    expect(editions.map((edition) => edition.textContent)).toEqual([
      "Japanese\u00a0· Hoshikuzu Bunko\u00a0· 25 Apr 2016ISBN 978-4-86716-101-2",
      "English\u00a0· Cinderlight Press\u00a0· Jun 2017ISBN 978-1-98765-101-0",
    ]);
  });

  it("dates the volume in the series' original language and in English", () => {
    renderCard(volume({ own: null, english: null }));
    expect(screen.getByText("Japanese", { selector: "dt" }).nextElementSibling).toHaveTextContent("25 Apr 2016");
    expect(screen.getByText("English", { selector: "dt" }).nextElementSibling).toHaveTextContent("27 Jun 2017");
    cleanup();
    renderCard(volume({ own: null, english: null }), "ko");
    expect(screen.getByText("Korean", { selector: "dt" }).nextElementSibling).toHaveTextContent("25 Apr 2016");
    expect(screen.queryByText("Japanese", { selector: "dt" })).toBeNull();
  });

  it("shows an edition's title where the volume's own is shown, and holds it back with it", () => {
    localStorage.setItem("rc:unreached-titles", "show");
    renderCard(volume({ own: "The Unburnt Wick", english: "The Wick That Would Not Burn" }));
    expect(screen.getByRole("heading", { name: "The Unburnt Wick" })).toBeVisible();
    expect(screen.getByText("The Wick That Would Not Burn")).toBeVisible();
  });

  it("says nothing of an edition's title while the volume's title waits for the reader", () => {
    renderCard(volume({ own: null, english: null }));
    expect(screen.getByRole("heading", { name: "Title hidden" })).toBeVisible();
    expect(screen.queryByText(/beyond what you have read/)).not.toBeInTheDocument();
  });

  it("links each side story it prints, by its label", () => {
    renderCard({
      ...volume({ own: null, english: null }),
      sideStories: [
        { key: "ss:short-stories-2-1", label: "Side story · Lanternfall Short Stories 2, story 1" },
        { key: "ss:ln-7-toranoana-bonus", label: "Side story · Lanternfall 7 bonus" },
      ],
    });
    expect(screen.getByText(/^Prints the side stories/)).toBeVisible();
    expect(
      screen.getByRole("link", { name: "Side story · Lanternfall Short Stories 2, story 1" }).getAttribute("href"),
    ).toBe("/side_stories?story=short-stories-2-1#ss-short-stories-2-1");
    expect(screen.getByRole("link", { name: "Side story · Lanternfall 7 bonus" })).toBeVisible();
  });
});

describe("VolumeCard, for a reader past it", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("says '✓ Read' for a volume read on the way, not a ✓ alone a button's width from its discussion", async () => {
    localStorage.setItem("rc:progress", JSON.stringify({ ...emptyProgress, lightNovels: ["ln:main-2"] }));
    renderCard(volume({ own: "The Unburnt Wick", english: null }));
    const passed = await screen.findByText("Read");
    expect(passed).toBeVisible();
    expect(passed).toHaveTextContent("✓ Read");
    expect(screen.queryByText("Read up to here")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^I have read up to here/ })).not.toBeInTheDocument();
  });
});

describe("VolumeCard, for a volume not out yet", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.useRealTimers();
  });

  // Announced for March 2027 in its original edition: out once the month is over.
  const announced = { ...volume({ own: null, english: null }), releasedJp: "2027-03", releasedEn: null };

  it("says when it is out in place of a way to mark it read, by the reader's own day", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-31T12:00:00Z"));
    localStorage.setItem("rc:progress", JSON.stringify({ ...emptyProgress, lightNovels: ["ln:main-0"] }));
    renderCard(announced);
    const cell = await screen.findByText(/^Out/);
    expect(cell).toHaveTextContent("Out Mar 2027");
    expect(within(cell).getByText("Mar 2027")).toHaveAttribute("datetime", "2027-03");
    expect(screen.queryByRole("button", { name: /^I have read up to here/ })).not.toBeInTheDocument();
  });

  it("offers to mark it read once the month is over, and a volume without a date always", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-04-01T00:00:00Z"));
    renderCard(announced);
    expect(await screen.findByRole("button", { name: /^I have read up to here/ })).toBeInTheDocument();
    expect(screen.queryByText(/^Out/)).not.toBeInTheDocument();
    cleanup();
    vi.setSystemTime(new Date("2020-01-01T00:00:00Z"));
    renderCard({ ...announced, releasedJp: null });
    expect(await screen.findByRole("button", { name: /^I have read up to here/ })).toBeInTheDocument();
  });
});

describe("VolumeCard's name", () => {
  it("is the number the series gives the volume, where that is not its place", () => {
    localStorage.setItem("rc:unreached-titles", "show");
    renderCard({
      ...volume({ own: "Lanternfall 7.5: Lamplit Interval", english: null }),
      key: "ln:main-8",
      number: 8,
      label: "7.5",
    });
    expect(screen.getAllByText("Lanternfall 7.5")[0]).toBeVisible();
    expect(screen.getByRole("link", { name: /Discuss.*Lanternfall 7\.5/ })).toBeVisible();
    // The title gives up the name it repeats, and no line says the volume's place.
    expect(screen.getByRole("heading", { name: "Lamplit Interval" })).toBeVisible();
    expect(screen.getByRole("list", { name: "Editions of Lanternfall 7.5" })).toBeVisible();
    expect(screen.queryByText(/Lanternfall 8/)).not.toBeInTheDocument();
    localStorage.clear();
  });
});

describe("VolumeCard's adaptation line", () => {
  it("names a single chapter once, and a range by its two ends", () => {
    const chapter = { key: "wn:8-1", label: "Arc 8 · Chapter 226.5" };
    renderCard({ ...volume({ own: null, english: null }), adapts: { from: chapter, to: chapter, chapters: 1 } });
    const line = screen.getByText(/^Adapts/);
    expect(line).toHaveTextContent(/^Adapts Arc 8 · Chapter 226\.5 1 web novel chapter$/);
    expect(within(line).getAllByRole("link")).toHaveLength(1);
  });
});
