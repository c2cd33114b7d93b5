import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";

/**
 * A box that scrolls sideways when what it holds is wider than the column (a table at a large text
 * size on a phone), so the page itself never does. While it scrolls it is a named region a keyboard can
 * focus and scroll, shaded at the edge with more beyond it; while everything fits it is a plain box,
 * with no stop of its own in the tab order. `cover` is the colour under it, when not a card's.
 */
export function ScrollRegion({
  label,
  className,
  cover,
  children,
}: {
  label: string;
  className?: string;
  cover?: "background";
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    <div
      ref={box}
      role={scrolls ? "region" : undefined}
      aria-label={scrolls ? label : undefined}
      tabIndex={scrolls ? 0 : undefined}
      className={cn(
        "overflow-x-auto",
        scrolls && "scroll-shades",
        scrolls && cover === "background" && "[--scroll-cover:var(--background)]",
        className,
      )}
    >
      {children}
    </div>
  );
}

/** Whether the box's content is wider than the box, again whenever either changes size. */
function useScrollsSideways(box: RefObject<HTMLElement | null>) {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    // Folded away (a long table under "All 87 figures"), it is not laid out and not observed: measured
    // again as it opens.
    const folded = element.closest("details");
    folded?.addEventListener("toggle", measure);
    return () => {
      observer.disconnect();
      folded?.removeEventListener("toggle", measure);
    };
  }, [box]);
  return scrolls;
}
