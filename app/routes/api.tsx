import type { MetaFunction } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageSection } from "~/components/page-section";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast-store";
import { API_BASE, API_LIMITS, API_PAGE_SIZE } from "~/lib/api/contract";
import { REVEAL_PARAMETER } from "~/lib/shield/knowledge";
import { revealParameter } from "~/lib/shield/shield";
import { pageMeta } from "~/lib/http/meta";
import { useShield } from "~/browser/spoiler-shield";
import type { Route } from "./+types/api";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export const meta: MetaFunction = ({ matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "API",
      description:
        "A public, read-only JSON API over the story's units, characters, releases, translation notes and discussions, as spoiler-safe as the site.",
    },
  );

const endpoints = [
  ["/series", "The series: who made it, its media, totals, arcs, light novel collections and anime seasons."],
  [
    "/units",
    `Every chapter, volume, side story, episode and Break Time short in story order; medium=, page=, per_page= (at most ${API_PAGE_SIZE.most}).`,
  ],
  ["/units/{key}", "One unit by its key: wn:2-14, ln:main-3, ss:short-stories-2-1, anime:1-5, bt:1-5."],
  ["/characters", "The characters the reader has met, by name, a page at a time."],
  ["/characters/{slug}", "One character, with the facts and relationships the reader knows."],
  [
    "/translation-notes",
    "Where the official English light novels and anime differ from the original; medium=, unit=, paged.",
  ],
  ["/releases", "What is coming and what came out, of every medium or one (medium=), newest first, page= for older."],
  [
    "/discussions/{unit}",
    "A unit's discussion thread, 50 comments a page (page=), each with its replies; a comment's content only where reveal= covers what it touches.",
  ],
  ["/openapi.json", "The OpenAPI 3.1 document: every parameter, field and answer."],
] as const;

function Code({ children }: { children: string }) {
  return (
    <pre className="whitespace-pre-wrap [overflow-wrap:anywhere] rounded-md border border-border bg-muted p-3 text-sm">
      <code>{children}</code>
    </pre>
  );
}

/** Once the page is interactive, a button that copies the reader's reveal, with a toast that says so. */
function CopyButton({ text }: { text: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: "Copied", description: text });
    } catch {
      toast({ title: "Could not copy it", description: text, variant: "destructive" });
    }
  }
  if (typeof navigator.clipboard?.writeText !== "function") return null;
  return (
    <Button variant="outline" size="inline" onClick={copy} className="px-2 py-0.5">
      Copy it
    </Button>
  );
}

/** What this browser's progress says, as `reveal`, once the page knows it (never on the server). */
function YourReveal() {
  const shield = useShield();
  // Its room is kept before the page knows (two lines), so nothing below moves when it does.
  if (!shield) return <p className="min-h-12" />;
  const reveal = revealParameter(shield, { shownOnly: true });
  return (
    <p className="min-h-12">
      {reveal ? (
        <>
          Your progress on this browser reads{" "}
          <code className="[overflow-wrap:anywhere] font-mono text-sm">{reveal}</code>. <CopyButton text={reveal} />
        </>
      ) : (
        "This browser has no progress saved yet, so it would send no reveal."
      )}
    </p>
  );
}

/** The examples name the site's address (the load context's `origin`: SITE_URL where it is set). */
export function loader({ context }: Route.LoaderArgs) {
  return { base: `${context.origin}${API_BASE}` };
}

export default function ApiPage({ loaderData: { base } }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl space-y-10">
      <header className="space-y-3">
        <h1 className="text-page-title font-bold tracking-tight">API</h1>
        <p className="text-muted-foreground">
          Building a bot, an app or a reading list? Everything the site shows is also a small, read-only JSON API at{" "}
          <code className="[overflow-wrap:anywhere] font-mono text-sm">{base}</code>, with the same promise as the site:
          it never spoils what a reader has not seen.
        </p>
      </header>

      <PageSection id="endpoints" title="Endpoints">
        <p>
          Every endpoint answers <code>GET</code>. The{" "}
          <a className="underline" href={`${API_BASE}/openapi.json`}>
            OpenAPI document
          </a>{" "}
          describes each parameter, field and answer, and it is all you need to build a client.
        </p>
        <ul className="space-y-2">
          {endpoints.map(([path, what]) => (
            <li key={path}>
              <code className="font-mono text-sm">{`${API_BASE}${path}`}</code>
              <span className="block text-muted-foreground">{what}</span>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="spoilers" title="Spoilers: say what the reader has seen">
        <p>
          Without anything more, an answer is for a reader who knows nothing: characters they have not met are not
          listed, titles that give something away are <code>null</code> and translation notes (which quote the story)
          are left out. Nothing left out leaves a trace: totals, pages and order count only what the reader may see, and
          a character they have not met is a 404, the same as a name that does not exist.
        </p>
        <p>
          Add <code>{REVEAL_PARAMETER}=</code> with what the reader has seen, in the same form the site uses, and the
          answer holds exactly what that reveals. List unit keys joined by commas: the last web novel chapter read (
          <code>wn:2-14</code>), each light novel collection&apos;s last volume (<code>ln:main-3</code>), the last anime
          episode (<code>anime:1-5</code>), and side stories (<code>ss:short-stories-2-1</code>) and Break Time shorts (
          <code>bt:1-5</code>) one by one. A chapter or volume the reader skipped gets a leading minus (
          <code>-wn:1-7</code>), and consecutive ones of an arc, collection or season, or ticked shorts of a season, can
          be written as a span from the first key to the last number (<code>-wn:1-7..12</code>, <code>bt:1-1..9</code>
          ); <code>all</code> shows everything. Each place stands for everything before it in its own medium only: an
          anime viewer has not read the chapters the anime left out.
        </p>
        <YourReveal />
        <Code>{`curl '${base}/characters?${REVEAL_PARAMETER}=wn:1-12'`}</Code>
      </PageSection>

      <PageSection id="examples" title="Examples">
        <Code>{`curl '${base}/units?medium=anime&per_page=10'`}</Code>
        <Code>{`curl '${base}/units/wn:1-3?${REVEAL_PARAMETER}=ln:main-1'`}</Code>
        <Code>{`curl '${base}/translation-notes?medium=light_novels&${REVEAL_PARAMETER}=ln:main-2'`}</Code>
        <p>
          A list answers <code>{"{ items, page, per_page, total, page_count }"}</code>, {API_PAGE_SIZE.default} items a
          page unless <code>per_page</code> says otherwise.
        </p>
      </PageSection>

      <PageSection id="limits" title="Caching, limits and errors">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Every answer has an <code>ETag</code>. Send it back as <code>If-None-Match</code> and an unchanged answer is
            a 304 with no body. Answers may be cached for a few minutes.
          </li>
          <li>
            Each client (IP address) may make {API_LIMITS.perMinute} requests a minute and{" "}
            {API_LIMITS.perDay.toLocaleString("en")} a day (each minute and day counted from the first request after the
            last one ended); answers served from the cache do not count. Over the limit you get a 429 with{" "}
            <code>Retry-After</code> in seconds. Every answer states the limits in <code>RateLimit-Policy</code>.
          </li>
          <li>
            Errors always look like{" "}
            <code className="[overflow-wrap:anywhere]">{`{"error": {"status": 400, "code": "unknown_parameter", "message": "…", "parameter": "pge"}}`}</code>
            . A parameter an endpoint does not take is an error, never ignored.
          </li>
          <li>Any website may call the API from the browser (CORS for every origin).</li>
          <li>
            This is version 1. Fields may be added; none will be renamed or removed. Anything that would break a client
            becomes version 2, beside it.
          </li>
        </ul>
      </PageSection>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
