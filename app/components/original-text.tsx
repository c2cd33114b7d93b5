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

const LATIN = /\p{Script=Latin}/u;
const LETTER = /\p{L}/u;
const HANGUL = /\p{Script=Hangul}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The letters each script is written with, where it mixes several: Japanese's kanji and kana, Korean's hangul and hanja. */
const LETTERS_OF_SCRIPT: Record<string, string> = {
  Jpan: "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}",
  Kore: "\\p{Script=Hangul}\\p{Script=Han}",
  Hans: "\\p{Script=Han}",
  Hant: "\\p{Script=Han}",
};

/**
 * The language a person's original name is in: the series' own when its letters are all of the script the
 * series is written in (a Korean series' author, "싱숑"), else the one language its letters can only be
 * (kana is Japanese, hangul Korean: a Japanese illustrator of a Korean series), else none said.
 */
function languageOfName(original: string, seriesLanguage: string): string | undefined {
  let script: string | undefined;
  try {
    script = new Intl.Locale(seriesLanguage).maximize().script;
  } catch {
    script = undefined;
  }
  if (script) {
    const letters = LETTERS_OF_SCRIPT[script] ?? `\\p{Script=${script}}`;
    try {
      // No letter outside the series' script.
      if (!new RegExp(`(?![${letters}])\\p{L}`, "u").test(original)) return seriesLanguage;
    } catch {
      // A script the regular expressions do not know: the letters say what they can.
    }
  }
  if (KANA.test(original)) return "ja";
  if (HANGUL.test(original)) return "ko";
  return undefined;
}

/**
 * A person's name as the pack writes it, "Hisame Tōya (灯夜ひさめ)", with its original in the brackets
 * that end it marked with its language (languageOfName), so it is drawn and spoken as written inside
 * English text. Brackets that hold English ("Ren Amano (guest)") are left as they are. Read from the last
 * "(" on, in one pass: a name is the pack's text, of any length.
 */
export function PersonName({ name }: { name: string }) {
  const seriesLanguage = useOriginalLanguage();
  const open = name.lastIndexOf("(");
  const original = name.slice(open + 1, -1);
  const marked =
    open > 0 && name.endsWith(")") && name.slice(0, open).trim() && LETTER.test(original) && !LATIN.test(original);
  if (!marked || original.includes(")")) return name;
  // The original in its brackets goes on one line, unless it is longer than a line: a phone broke
  // "(灯夜ひさめ)" after its first letter.
  return (
    <>
      {name.slice(0, open)}
      <span className="break-keep [overflow-wrap:anywhere]">
        (<span lang={languageOfName(original, seriesLanguage)}>{original}</span>)
      </span>
    </>
  );
}

/** The series' original language as the page's sentences name it ("Korean"): formatOriginalLanguage. */
export function useOriginalLanguageName() {
  return formatOriginalLanguage(useOriginalLanguage());
}
