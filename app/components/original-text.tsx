import { usePublicConfig } from "~/browser/user";
import { UNNAMED_SITE } from "~/lib/content/site-identity";
import { cn } from "~/lib/cn";

/**
 * Text in the series' original language (a title, a name, a quoted line), muted beside the English and
 * marked with that language, so it is drawn and spoken as written; nothing when there is none.
 */
export function OriginalText({
  text,
  as: Tag = "p",
  className,
}: {
  text: string | null;
  as?: "p" | "span";
  className?: string;
}) {
  const language = useOriginalLanguage();
  if (!text) return null;
  return (
    <Tag lang={language} className={cn("text-muted-foreground", className)}>
      {text}
    </Tag>
  );
}

/** The language the series' original titles and names are in, as the pack says (series.json `originalLanguage`). */
export function useOriginalLanguage() {
  return usePublicConfig()?.originalLanguage ?? UNNAMED_SITE.originalLanguage;
}
