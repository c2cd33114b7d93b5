import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { gated } from "~/lib/shield/gated";
import { ShieldedList } from "./shielded-list";

/** A season's translation notes as /translation_meta/anime_mistls lists them: one known, two further on. */
const entries = [
  gated(null, "In this city, the Night is alive."),
  gated(["anime:1-9"], "I remember snow I've never seen."),
  gated(["anime:1-10"], "Once I've spoken the terms, I cannot break them."),
];

/** An entry's element id, as a permalink names it. */
const entryId = (entry: (typeof entries)[number]) => `entry-${entries.indexOf(entry)}`;

function renderEntries() {
  const Stub = createRoutesStub([
    {
      path: "/translation_meta/anime_mistls",
      Component: () => (
        <main id="main">
          <h1>Anime translation notes</h1>
          <section aria-label="Season 1">
            <ShieldedList
              items={entries}
              itemKey={(entry) => String(entry.content)}
              describe={(run) => `${run.length} entries`}
              renderItem={(entry, shown) => (
                <p key={String(entry.content)} id={entryId(entry)} hidden={!shown}>
                  {shown ? entry.content : null}
                </p>
              )}
            />
          </section>
          <a href="#after">After the list</a>
        </main>
      ),
    },
  ]);
  render(<Stub initialEntries={["/translation_meta/anime_mistls"]} />);
}

describe("ShieldedList", () => {
  afterEach(() => localStorage.clear());

  it("leaves focus with what 'Show them' showed, so a keyboard or screen reader goes on from there, not from the page's top", async () => {
    const user = userEvent.setup();
    renderEntries();
    screen.getByRole("button", { name: "Show them" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByText("I remember snow I've never seen.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Show them" })).not.toBeInTheDocument();
    // The button went with its line: focus is on the first entry shown in its place, not dropped to the
    // body, nor on the season as a whole (Tab would start again from its first entry).
    expect(document.activeElement).toBe(screen.getByText("I remember snow I've never seen."));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "After the list" }));
  });

  it("leaves focus on a link's target when the line that held it is shown, and on the first entry once the address names another place", async () => {
    const user = userEvent.setup();
    for (const [hash, focused] of [
      ["#entry-2", "Once I've spoken the terms, I cannot break them."],
      // The skip link's target since: the line is still marked, but holds nothing the address names.
      ["#main", "I remember snow I've never seen."],
    ] as const) {
      renderEntries();
      // As the page marks the line that holds the address's target (app/browser/hash-target.ts).
      document.querySelector<HTMLElement>('[data-spoiler="run"]')!.dataset.holdsTarget = "";
      window.location.hash = hash;
      screen.getByRole("button", { name: "Show them" }).focus();
      await user.keyboard("{Enter}");
      expect(document.activeElement).toBe(screen.getByText(focused));
      cleanup();
    }
  });
});
