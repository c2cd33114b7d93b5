import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { type ActionFunction, createRoutesStub, Outlet } from "react-router";
import type { SessionUser } from "~/lib/account/user";

/**
 * Renders a part of a thread's page at /discuss/wn:1-5, inside React Router as the site's root has it
 * for a signed-out reader (or for `user`, signed in); `action` answers the forms it sends.
 */
export function renderInThread(
  part: ReactNode,
  action?: ActionFunction,
  { user = null }: { user?: SessionUser | null } = {},
) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      children: [{ path: "discuss/:unit", Component: () => part, action }],
    },
  ]);
  render(
    <Stub initialEntries={["/discuss/wn:1-5"]} hydrationData={{ loaderData: { root: { user, config: null } } }} />,
  );
}
