import { Link, useLocation } from "react-router";
import { Suspense, useEffect, useRef, useState } from "react";
import { lazyOptional, optionalPart } from "~/browser/lazy-import";
import { useOptionalUser } from "~/browser/user";
import { whenIdle } from "~/browser/when-idle";
import { useDismissable } from "./use-dismissable";
import type * as Panel from "./account-panel";
import { signInPath } from "~/lib/account/sign-in-path";

const loadPanel = optionalPart<typeof Panel>(() => import("./account-panel"));
const AccountPanel = lazyOptional(() => loadPanel().then((module) => module.AccountPanel), PanelUnavailable);

/** What the open menu says if its links could not be loaded (offline, or a new deployment replaced them). */
function PanelUnavailable() {
  return (
    <p role="alert" className="px-3 py-2 text-sm">
      The menu could not be loaded. Check your connection, then reload the page.
    </p>
  );
}

/**
 * The signed-in state in the header: a sign-in link, or the reader's name with their links and
 * sign-out. The menu's panel is loaded when the reader first points at, focuses or opens it; a menu
 * opened before the page was interactive gets its panel once it is.
 */
export function AccountMenu() {
  const user = useOptionalUser();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  useDismissable(menu);
  useEffect(() => {
    if (menu.current?.open) setOpened(true);
  }, [user]);
  // Loaded once the page is idle too, so the service worker keeps it: signing out works on a page opened
  // offline, the menu never opened before.
  const signedIn = user !== null;
  useEffect(() => (signedIn ? whenIdle(() => void loadPanel().catch(() => {})) : undefined), [signedIn]);
  if (!user) {
    if (location.pathname === "/login") return null;
    const here = `${location.pathname}${location.search}`;
    return (
      <Link
        to={signInPath(here)}
        className="inline-flex h-control items-center whitespace-nowrap rounded-md border border-border px-3 text-sm font-medium hover:border-primary"
      >
        Sign in
      </Link>
    );
  }
  const label = user.name || user.email || "Your account";
  const preload = () => void loadPanel().catch(() => {});
  return (
    <details
      ref={menu}
      data-header-menu
      className="relative"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary
        className="inline-flex h-control max-w-40 cursor-pointer list-none items-center gap-2 rounded-md border border-border px-3 text-sm font-medium hover:border-primary [&::-webkit-details-marker]:hidden"
        aria-label={`Account: ${label}`}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {/* The initial is drawn, not written: as text it would be read as part of the button's visible
            label, which then no longer matches its name ("Account: Mira"), for speech input and for axe. */}
        <span
          aria-hidden="true"
          data-initial={label.slice(0, 1).toUpperCase()}
          className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground before:content-[attr(data-initial)]"
        />
        <span className="hidden truncate sm:inline">{label}</span>
      </summary>
      {opened ? (
        <div className="absolute right-0 top-[calc(100%+0.25rem)] z-50 w-60 rounded-lg border border-border bg-popover p-2 text-popover-foreground shadow-lg">
          <Suspense fallback={<p className="px-3 py-2 text-sm text-muted-foreground">Loading…</p>}>
            <AccountPanel user={user} label={label} />
          </Suspense>
        </div>
      ) : null}
    </details>
  );
}
