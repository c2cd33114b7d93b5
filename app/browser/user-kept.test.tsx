import { render, screen } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/account/user";
import { useOptionalUser, usePublicConfig } from "./user";

const reader: SessionUser = {
  uid: "reader-1",
  name: "Mira",
  email: "mira@example.test",
  emailVerified: true,
  photoUrl: null,
  provider: "password",
  admin: false,
};

function Header() {
  const user = useOptionalUser();
  const config = usePublicConfig();
  return <p>{`${config?.siteName ?? "Reading companion"} · ${user ? `Signed in as ${user.name}` : "Sign in"}`}</p>;
}

function renderPage(rootData: unknown) {
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: Outlet, children: [{ id: "page", index: true, Component: Header }] },
  ]);
  return render(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: rootData, page: null } }} />);
}

describe("the root's data in the browser", () => {
  it("stays what the page last had when a navigation's data could not be had (the error page)", () => {
    renderPage({ user: reader, config: { siteName: "Lanternfall Companion" } }).unmount();
    renderPage(undefined);
    expect(screen.getByText("Lanternfall Companion · Signed in as Mira")).toBeInTheDocument();
  });

  it("follows new root data, a sign-out included", () => {
    renderPage({ user: null, config: { siteName: "Lanternfall Companion" } }).unmount();
    renderPage(undefined);
    expect(screen.getByText("Lanternfall Companion · Sign in")).toBeInTheDocument();
  });
});
