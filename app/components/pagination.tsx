import { Link, useLocation } from "react-router";

/**
 * Previous/next links that keep the page's other query parameters (search, filters) as they are, but
 * those in `choosing` that pick a page themselves (`?special=` on /anime/specials).
 */
export function Pagination({
  page,
  pageCount,
  choosing = [],
}: {
  page: number;
  pageCount: number;
  choosing?: readonly string[];
}) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    for (const name of choosing) params.delete(name);
    if (target > 1) params.set("page", String(target));
    else params.delete("page");
    const search = params.toString();
    return search ? `?${search}` : location.pathname;
  };
  // Padding that grows with the text only to 5% of the screen: at twice the text size on a 320 px phone
  // "Page 1 of 2" and "Next →" fit one line.
  const linkClass = "tap-line rounded-md border border-border px-card hover:border-primary";
  return (
    <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={linkClass}>
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={linkClass}>
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
