/** Set-up for the components project: the DOM matchers, and a clean document after each test. */
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
// The parts the site loads on first use (the toast UI at the first toast, the account panel at the first
// open, …). A test can end before such an import does, and an import still running when the worker's
// environment is torn down fails the run: loaded here, they are in the module graph before any test.
import "~/components/ui/toaster";
import "~/components/layout/account-panel";
import "~/components/layout/navigation-indicators";
import "~/components/layout/search-suggestions";
import "~/components/discussion/writer-tools";
import "~/components/offline/keep-button";
import "~/components/error-page";
import "~/browser/read-up-to.client";
import "~/browser/progress-save";

afterEach(() => cleanup());

// The components project runs beside the workerd tests, two steps on two cores: a page that a form or a
// link leads to can take more than the default second to be drawn. Waits end as soon as what they wait
// for is there, so a passing test is no slower.
configure({ asyncUtilTimeout: 5000 });

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
