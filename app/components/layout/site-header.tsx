import { Link, NavLink } from "react-router";
import { type ReactNode, useEffect, useRef } from "react";
import { Logo } from "~/components/logo";
import { buttonClassName } from "~/components/ui/button";
import type { Area } from "~/lib/areas";
import { ThemeToggle } from "./theme-toggle";
import { useDismissable } from "./use-dismissable";

interface SiteHeaderProps {
  siteName: string;
  areas: readonly Area[];
  /** The search box (with its own button on phones), where the site has one. */
  search?: ReactNode;
  /** The signed-in state: the reader's name and sign-out, or a sign-in link. */
  account?: ReactNode;
}

/**
 * The site's header: name, search and account on the first row; from 1024 px up every area on a
 * second row, below that behind the menu button.
 */
export function SiteHeader({ siteName, areas, search, account }: SiteHeaderProps) {
  const header = useHeaderHeight();
  return (
    <header
      ref={header}
      className="@container/header sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75"
    >
      {/* One row; with a large text size on a narrow phone, the controls go to a row of their own under
          the name rather than over it (the name is never given less than 4rem before they wrap). They grow
          with the text only so far (--spacing-control) and keep 4 px apart, so that row fits a 360 px phone
          at twice the text size; narrower still, they wrap rather than leave the screen.
          The header is measured in the reader's text size (a container; its rem is the page's): narrower
          than 20rem (a phone with a larger text size), and from sm up, the name keeps its longest word whole
          and the controls wrap under it where they do not fit beside it; narrower than 22.5rem the mark goes,
          leaving the name its room. On a phone at the usual text size the name may run 4 px into the space
          before the search button (at 320 and 360 px): kept to its longest word, it would put the controls on
          a row of their own on every phone. */}
      <div className="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center gap-x-2 px-3 sm:px-4">
        {/* The whole name on every phone: over two lines where it must, without the mark below 22.5rem
            (360 px at the usual text size). */}
        <Link
          to="/"
          className="flex min-h-11 min-w-0 basis-16 grow items-center gap-2 rounded-md font-semibold tracking-tight @max-[20rem]/header:min-w-min sm:min-w-min"
        >
          <Logo className="size-7 shrink-0 @max-[22.5rem]/header:hidden" />
          <span className="text-sm leading-tight sm:text-base">{siteName}</span>
        </Link>
        <div className="ml-auto flex max-w-full shrink-0 flex-wrap items-center justify-end gap-[4px]">
          {search}
          <ThemeToggle />
          {account}
          {areas.length > 0 ? <MobileMenu areas={areas} /> : null}
        </div>
      </div>
      {areas.length > 0 ? (
        <nav aria-label="Main" className="hidden border-t border-border lg:block">
          {/* The links' look is the list's (.area-links): the current area is the link marked aria-current. */}
          <ul className="area-links mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-2 py-1">
            {areas.map((area) => (
              <li key={area.path}>
                <NavLink to={area.path}>{area.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

/**
 * Keeps `--header-height` on the document as tall as the header is drawn, so what must clear the sticky
 * header (anchors, notices, the loading background) does so when its controls wrap under the name (a large
 * text size on a narrow phone). Until the page runs, the stylesheet's fallback is the header's usual height.
 */
function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--header-height", `${header.offsetHeight}px`));
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--header-height");
    };
  }, []);
  return ref;
}

/** A disclosure that works without JavaScript, for phones and narrow windows. */
function MobileMenu({ areas }: { areas: readonly Area[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissable(ref);
  return (
    <details ref={ref} data-header-menu className="group relative lg:hidden">
      <summary
        className={buttonClassName(
          "ghost",
          "icon",
          "cursor-pointer list-none text-muted-foreground [&::-webkit-details-marker]:hidden",
        )}
        aria-label="Menu"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </summary>
      {/* Scrolls within the screen below the header when its links are taller (a large text size). */}
      <nav
        aria-label="Main"
        className="absolute right-0 top-[calc(100%+0.5rem)] max-h-[calc(100dvh-var(--header-height,3.5rem)-1rem)] w-64 max-w-[calc(100vw-2rem)] overflow-y-auto overscroll-contain rounded-lg border border-border bg-popover p-2 text-popover-foreground shadow-lg"
        onClick={(event) => {
          // Close the menu once a link is chosen.
          if ((event.target as HTMLElement).closest("a")) event.currentTarget.parentElement?.removeAttribute("open");
        }}
      >
        <ul className="area-links grid gap-1 [&_a]:block [&_a]:py-3">
          {areas.map((area) => (
            <li key={area.path}>
              <NavLink to={area.path}>{area.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
