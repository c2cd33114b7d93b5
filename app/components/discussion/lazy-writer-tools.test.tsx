import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInThread } from "../../../tests/support/thread-stub";
import { storeProgress } from "~/browser/stored-progress";
import { emptyProgress } from "~/lib/progress/record";
import type { UnitLabel } from "~/lib/discussion/thread";
import { PostFormSlot } from "./lazy-writer-tools";

const unit = { key: "wn:1-5", label: "Arc 1 · Chapter 5" };

/** The thread's form as the page draws it: its reader's places named only once the revealed data comes. */
function Thread() {
  const [places, setPlaces] = useState<UnitLabel[]>([]);
  return (
    <>
      <button type="button" onClick={() => setPlaces([{ key: "wn:2-3", label: "Arc 2 · Chapter 3" }])}>
        Revealed data
      </button>
      <PostFormSlot unit={unit} readerPlaces={places} answer={undefined} />
    </>
  );
}

describe("the thread's form", () => {
  afterEach(() => storeProgress(null));

  it("names the horizon's choices by the reader's places once the revealed data brings them", async () => {
    storeProgress({ ...emptyProgress, webNovel: "wn:2-3" });
    renderInThread(<Thread />);
    expect(await screen.findByRole("option", { name: "The web novel, into arc 2" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Revealed data" }));
    expect(await screen.findByRole("option", { name: "The web novel to Arc 2 · Chapter 3" })).toBeInTheDocument();
  });
});
