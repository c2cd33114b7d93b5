import { useNamedHit } from "~/components/character-name";
import type { HitText, SearchKind } from "~/lib/search/result";
import { ResultLine } from "./result-line";

/**
 * A character's result, by the name the reader knows them by (`useNamedHit`). Its code, with what
 * works out the medium the reader follows first, loads only for a page of results that names a character.
 */
export function NamedResultLine({ kind, text }: { kind: SearchKind; text: HitText }) {
  return <ResultLine kind={kind} text={{ ...text, ...useNamedHit(text) }} />;
}
