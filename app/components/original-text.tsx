import { usePublicConfig } from "~/browser/user";
import { UNNAMED_SITE } from "~/lib/content/site-identity";
import { cn } from "~/lib/cn";
import { formatOriginalLanguage } from "~/lib/format";

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

/** "Hisame Tōya (灯夜ひさめ)": a name, then its original in brackets, which holds no Latin letter. */
const NAME_WITH_ORIGINAL = /^(.*\S)\s*\(([^()]*\p{L}[^()]*)\)$/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * A person's name as the pack writes it, "Hisame Tōya (灯夜ひさめ)", with its original in brackets
 * marked with the series' language, so it is drawn and spoken as written inside English text. Brackets
 * that hold English ("Ren Amano (guest)") are left as they are.
 */
export function PersonName({ name }: { name: string }) {
  const language = useOriginalLanguage();
  const [, english, original] = NAME_WITH_ORIGINAL.exec(name) ?? [];
  if (!english || !original || LATIN.test(original)) return name;
  return (
    <>
      {`${english} (`}
      <span lang={language}>{original}</span>)
    </>
  );
}

/** The series' original language as the page's sentences name it ("Korean"): formatOriginalLanguage. */
export function useOriginalLanguageName() {
  return formatOriginalLanguage(useOriginalLanguage());
}
