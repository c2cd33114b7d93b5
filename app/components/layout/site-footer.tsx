import { Link, useLocation } from "react-router";
import { footerLinks } from "~/lib/areas";

/**
 * The feedback hub, for signed-in readers (a signed-out reader is asked to sign in first and comes back):
 * in the footer too, so a reader who found a mistake finds where to say so before they have an account.
 * It carries the page it was opened from, which a bug report's "Which page was it on?" starts with. Not
 * among footerLinks, which are the public pages.
 */
const feedbackLink = (page: string) => ({
  // From the hub and its forms, none: the page is the one they came from, or the hub itself.
  path: page.startsWith("/feedback_hub") ? "/feedback_hub" : `/feedback_hub?${new URLSearchParams({ page })}`,
  label: "Report a problem",
});

/** An address as a reader reads it ("/search?q=ash guild"), its reserved characters left encoded. */
function readable(address: string) {
  try {
    return decodeURI(address);
  } catch {
    return address;
  }
}

export function SiteFooter({ siteName }: { siteName: string }) {
  const { pathname, search } = useLocation();
  return (
    <footer className="mt-16 border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>{siteName} is an unofficial, reader-made companion. Stories and names belong to their authors.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-4">
            {[...footerLinks, feedbackLink(readable(pathname + search))].map((link) => (
              <li key={link.path}>
                {/* A finger's size at least (44 px), a short name ("API") in the middle of it, not a gap after it. */}
                <Link
                  to={link.path}
                  className="inline-flex min-h-11 min-w-11 items-center justify-center underline-offset-4 hover:text-foreground hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
