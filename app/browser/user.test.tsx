// @vitest-environment node -- this file checks the markup the server sends, before any script runs.
import { createRoutesStub, Outlet } from "react-router";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/account/user";
import { useOptionalUser } from "./user";

const reader: SessionUser = {
  uid: "reader-1",
  name: "Mira",
  email: "mira@example.test",
  emailVerified: true,
  photoUrl: null,
  provider: "password",
  admin: false,
};

function Greeting() {
  const user = useOptionalUser();
  return <p>{user ? `Signed in as ${user.name}` : "Signed out"}</p>;
}

/** Renders a page below a root route holding this loader data, as the app's root does. */
function renderPage(rootData: unknown) {
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: Outlet, children: [{ id: "page", index: true, Component: Greeting }] },
  ]);
  return renderToString(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: rootData, page: null } }} />);
}

describe("useOptionalUser", () => {
  it("gives a page the reader the root loader verified", () => {
    expect(renderPage({ user: reader })).toContain("Signed in as Mira");
  });

  it("is null for a signed-out visitor and when the root has no data (an error page)", () => {
    expect(renderPage({ user: null })).toContain("Signed out");
    expect(renderPage(undefined)).toContain("Signed out");
  });
});
