import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Spoiler } from "~/components/spoiler";
import type { SimilarMistake } from "~/lib/mistakes/entries";
import { cleanQuery } from "~/lib/search/query";
import { revealParameter, withReveal } from "~/lib/shield/shield";
import { fetchJson, useFollowUp } from "~/browser/follow-up";
import { useShield } from "~/browser/spoiler-shield";

/**
 * While the reader types the official text, existing entries that look alike, so nothing is reported
 * twice. The question says what the reader knows (`reveal`), and the answer carries the lines of only
 * those entries; the others say where they are, behind the shield like anywhere else. A reader who
 * asks to see one is asked for again with what that reveals.
 */
export function SimilarEntries({
  kind,
  formRef,
}: {
  kind: "ln_mistl" | "anime_mistl";
  formRef: React.RefObject<HTMLFormElement | null>;
}) {
  const shield = useShield();
  const [typed, setTyped] = useState<{ unit: string; query: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const onInput = (event: Event) => {
      const target = event.target as HTMLInputElement;
      if (!["official", "volume", "episode"].includes(target.name)) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const values = new FormData(element);
        const query = String(values.get("official") ?? "").trim();
        if (query.length < 3) return;
        // Only what the server reads (cleanQuery), so a long text never makes an address it refuses.
        setTyped({
          unit: String(values.get(kind === "ln_mistl" ? "volume" : "episode") ?? ""),
          query: cleanQuery(query),
        });
      }, 300);
    };
    element.addEventListener("input", onInput);
    return () => {
      element.removeEventListener("input", onInput);
      clearTimeout(timer.current);
    };
  }, [formRef, kind]);

  const reveal = shield ? revealParameter(shield) : "";
  // Readers who know nothing share one cached answer with every crawler.
  const params = typed
    ? withReveal({ kind: kind === "ln_mistl" ? "ln" : "anime", unit: typed.unit, q: typed.query }, reveal).toString()
    : null;
  const { data: answer } = useFollowUp(
    params === null
      ? null
      : {
          key: params,
          failure: "Entries like the one you are typing could not be looked up.",
          load: (signal) => fetchJson<{ entries: SimilarMistake[] }>(`/resources/similar-mistakes?${params}`, signal),
        },
  );

  const entries = answer?.entries ?? [];
  if (!entries.length) return null;
  return (
    <aside
      aria-live="polite"
      aria-labelledby="similar-title"
      className="rounded-lg border border-primary/50 bg-accent p-4"
    >
      <h2 id="similar-title" className="font-semibold">
        Already reported? These entries look similar
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {entries.map((entry) => (
          <li key={entry.id}>
            <Link to={entry.path} target="_blank" className="text-primary underline">
              {entry.where}
            </Link>
            :{" "}
            <Spoiler gated={entry} what="Its text">
              {({ official, suggested }) => (
                <>
                  “{official}” → “{suggested}”
                </>
              )}
            </Spoiler>
          </li>
        ))}
      </ul>
    </aside>
  );
}
