import { cn } from "~/lib/cn";

/** Text in the original Japanese (a title, a name, a quoted line), muted beside the English; nothing when there is none. */
export function OriginalText({
  text,
  as: Tag = "p",
  className,
}: {
  text: string | null;
  as?: "p" | "span";
  className?: string;
}) {
  if (!text) return null;
  return (
    <Tag lang="ja" className={cn("text-muted-foreground", className)}>
      {text}
    </Tag>
  );
}
