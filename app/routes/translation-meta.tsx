import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { SeverityBadge } from "~/components/mistakes/mistake-parts";
import { PageHeader } from "~/components/page-header";
import { PageSection } from "~/components/page-section";
import { ShieldedList } from "~/components/shielded-list";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formatDate } from "~/lib/format";
import { countOf, nouns } from "~/lib/words";
import { mistakeCategoryLabels, mistakeSeverityLabels, severities } from "~/lib/mistakes/rules";
import { pageMeta } from "~/lib/http/meta";
import type { NewestMistakeLine } from "~/lib/mistakes/entries";
import { useShieldedData } from "~/browser/spoiler-shield";
import { getTranslationMetaHub } from "~/models/mistakes.server";
import { requesterKnowledge, shieldedData } from "~/server/shield.server";
import type { Route } from "./+types/translation-meta";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return shieldedData(request, await getTranslationMetaHub(context.db, requesterKnowledge(request)));
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "Translation notes",
      description: `Where the official English light novels and anime subtitles differ from the original, entry by entry, with how each is judged.`,
    },
  );

const severityHelp = {
  minor: "Wording, tone or a small slip; the scene means the same.",
  meaning_changing: "A line now says something different from the original.",
  plot_relevant: "The change hides or alters something the story relies on later.",
} as const;

/** Feed readers find the notes' feed from the page's head, as they find the releases'. */
export const links: Route.LinksFunction = () => [
  {
    rel: "alternate",
    type: "application/atom+xml",
    href: "/translation_meta/feed.xml",
    title: "Translation notes (Atom)",
  },
];

export default function TranslationMeta({ loaderData }: Route.ComponentProps) {
  // The counts by severity leave out, without a trace, the entries the first load does not know: ask
  // again with what the reader knows.
  const { counts, newest } = useShieldedData(loaderData, { withheld: true }).data;

  return (
    <>
      <PageHeader
        title="Translation notes"
        lead={`Readers compare the official English light novels and anime with the original and record where they differ: what the original says, what the translation says, and a closer rendering.`}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Link
          to="/translation_meta/ln_mistls"
          className="rounded-lg border border-border bg-card p-5 hover:border-primary"
        >
          <span className="text-lg font-semibold">Light novels</span>
          <span className="mt-1 block text-muted-foreground">
            {countOf(counts.light_novel.total, nouns.entry)}, by collection and volume
          </span>
        </Link>
        <Link
          to="/translation_meta/anime_mistls"
          className="rounded-lg border border-border bg-card p-5 hover:border-primary"
        >
          <span className="text-lg font-semibold">Anime</span>
          <span className="mt-1 block text-muted-foreground">
            {/* The count holds the OVAs', specials' and films' entries too, which have a section of their own. */}
            {countOf(counts.anime.total, nouns.entry)}, by season and episode, OVA, special or film
          </span>
        </Link>
      </div>

      <PageSection id="counts-title" title="Entries by severity" className="mt-10">
        <p className="text-sm text-muted-foreground">Counted among the entries up to where you are in the story.</p>
        {/* Too narrow for three columns (a phone at twice the text size), a severity stands as a block. */}
        <ScrollRegion label="Entries by severity" cover="background" className="@container">
          <table className="w-full border-collapse text-left text-sm @max-[16rem]:stacked-table">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-4">
                  Severity
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Light novels
                </th>
                <th scope="col" className="py-2 text-right">
                  Anime
                </th>
              </tr>
            </thead>
            <tbody>
              {severities.map((severity) => (
                <tr key={severity} className="border-b border-border">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {mistakeSeverityLabels[severity]}
                  </th>
                  <td data-column="Light novels" className="py-2 pr-4 text-right tabular-nums">
                    {counts.light_novel.knownBySeverity[severity]}
                  </td>
                  <td data-column="Anime" className="py-2 text-right tabular-nums">
                    {counts.anime.knownBySeverity[severity]}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </PageSection>

      <PageSection id="judging-title" title="How entries are judged" className="mt-10">
        <p className="max-w-3xl">
          An entry needs the original, the official English and a suggested rendering that a second contributor has
          checked. Translation is judgement, so entries where reasonable readers disagree are kept and marked{" "}
          <em>disputed</em>; errors the publisher corrected are kept and marked <em>fixed in a later release</em> (a
          later printing, or new subtitles), with the edition the entry was found in.
        </p>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {severities.map((severity) => (
            <div key={severity} className="rounded-lg border border-border bg-card p-4">
              <dt>
                <SeverityBadge severity={severity} wrap />
              </dt>
              <dd className="mt-2 text-sm">{severityHelp[severity]}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted-foreground">Categories: {Object.values(mistakeCategoryLabels).join(", ")}.</p>
      </PageSection>

      <section aria-labelledby="newest-title" className="mt-10 space-y-3">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="newest-title" className="text-xl font-semibold">
            Newest entries
          </h2>
          <a href="/translation_meta/feed.xml" className="tap-line text-sm text-primary underline">
            Atom feed
          </a>
        </div>
        <ul className="divide-y divide-border rounded-lg border border-border bg-card">
          <ShieldedList
            items={newest}
            itemKey={(entry) => entry.id}
            describe={(run) => countOf(run.length, nouns.entry)}
            runAs="li"
            renderItem={(entry, shown) => (shown && entry.content ? <NewestEntry line={entry.content} /> : null)}
          />
        </ul>
      </section>
    </>
  );
}

/** One of the newest entries: where it is, its severity and the lines it corrects. */
function NewestEntry({ line }: { line: NewestMistakeLine }) {
  return (
    <li className="px-4 py-3">
      <Link to={line.path} className="font-medium text-primary underline">
        {line.where}
      </Link>{" "}
      <SeverityBadge severity={line.severity} />
      <p className="mt-1 text-sm">
        “{line.official}” → “{line.suggested}”
      </p>
      <p className="text-xs text-muted-foreground">Added {formatDate(line.addedOn)}</p>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
