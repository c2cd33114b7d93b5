/** Set-up for the components project: the DOM matchers, and a clean document after each test. */
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());

// happy-dom finds an input's datalist (`list`) with a CSS selector built from the raw id, which throws
// for React's generated ids (":r1:"); the standard finds it by id, as this does.
if (typeof HTMLInputElement !== "undefined") {
  Object.defineProperty(HTMLInputElement.prototype, "list", {
    configurable: true,
    get(this: HTMLInputElement) {
      const id = this.getAttribute("list");
      const found = id ? this.ownerDocument.getElementById(id) : null;
      return found?.tagName === "DATALIST" ? found : null;
    },
  });
}
