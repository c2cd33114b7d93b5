import { Link, type MetaFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { areas, footerLinks } from "~/lib/areas";
import { pageMeta, siteNameFrom } from "~/lib/meta";

export const meta: MetaFunction = ({ matches }) => {
  const siteName = siteNameFrom(matches);
  return pageMeta(siteName, {
    title: siteName ?? "Reading companion",
    description:
      "A spoiler-safe companion to the web novel, light novels, side stories and anime: release order, reading order and translation notes.",
  });
};

export default function Home() {
  return (
    <div className="space-y-12">
      <section className="space-y-4 py-6" aria-labelledby="home-title">
        <h1 id="home-title" className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Every part of the story, in order, without spoilers.
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          A reader-made companion to a serialized story told as a web novel, light novels, side stories, an anime
          and its Break Time shorts: what exists, where to read or watch it, and how the pieces fit together.
        </p>
      </section>

      <section aria-labelledby="areas-title" className="space-y-4">
        <h2 id="areas-title" className="text-2xl font-semibold tracking-tight">
          On this site
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[...areas, ...footerLinks.map((link) => ({ ...link, summary: "Exactly what is stored and sent, and the analytics opt-out." }))].map(
            (area) => (
              <li key={area.path}>
                <Link
                  to={area.path}
                  prefetch="intent"
                  className="block h-full rounded-lg border border-border bg-card p-5 transition-colors hover:border-primary"
                >
                  <span className="font-semibold">{area.label}</span>
                  <span className="mt-1 block text-sm text-muted-foreground">{area.summary}</span>
                </Link>
              </li>
            ),
          )}
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
