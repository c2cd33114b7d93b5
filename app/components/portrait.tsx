import { cn } from "~/lib/cn";
import type { Gated } from "~/lib/shield/gated";
import { isRevealed } from "~/lib/shield/shield";
import { useShield } from "~/browser/spoiler-shield";

/** A character portrait, or their initials where the pack has none. */
export function Portrait({
  portrait,
  name,
  size = "md",
  eager = false,
}: {
  /** Gated where a later look would spoil; until the reader knows it, the initials stand in. */
  portrait: Gated<{ src: string; alt: string }> | null;
  name: string;
  size?: "md" | "lg";
  eager?: boolean;
}) {
  const box = size === "lg" ? "size-40" : "size-16";
  const shield = useShield();
  const image = portrait?.content && isRevealed(shield, portrait.revealedBy) ? portrait.content : null;
  if (!image) {
    const initials = name
      .split(/\s+/)
      .map((word) => word[0])
      .join("")
      .slice(0, 2);
    return (
      <div
        aria-hidden="true"
        className={cn(
          box,
          "flex shrink-0 items-center justify-center rounded-lg bg-muted font-semibold text-muted-foreground",
        )}
      >
        {initials}
      </div>
    );
  }
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={160}
      height={160}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={cn(box, "shrink-0 rounded-lg border border-border bg-muted object-cover")}
    />
  );
}
