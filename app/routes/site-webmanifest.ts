import { siteIdentity } from "~/server/site-identity.server";
import type { Route } from "./+types/site-webmanifest";

export { refuseForm as action } from "~/server/stray-forms.server";

/*
 * The web app manifest: what a phone needs to install the site (its name from the content pack, its
 * icons, shortcuts and screenshots). Served by the site, not as a static file, because the name is the
 * series' (app/server/site-identity.server.ts).
 */

/** Everything but the name, the same for every series the site serves. */
const installable = {
  id: "/",
  lang: "en",
  start_url: "/",
  scope: "/",
  display: "standalone",
  background_color: "#fdfbf7",
  theme_color: "#b4531f",
  categories: ["books", "entertainment"],
  icons: [
    {
      src: "/icons/icon-192.png",
      sizes: "192x192",
      type: "image/png",
      purpose: "any",
    },
    {
      src: "/icons/icon-512.png",
      sizes: "512x512",
      type: "image/png",
      purpose: "any",
    },
    {
      src: "/icons/maskable-192.png",
      sizes: "192x192",
      type: "image/png",
      purpose: "maskable",
    },
    {
      src: "/icons/maskable-512.png",
      sizes: "512x512",
      type: "image/png",
      purpose: "maskable",
    },
    {
      src: "/logo.svg",
      sizes: "any",
      type: "image/svg+xml",
      purpose: "any",
    },
  ],
  shortcuts: [
    {
      name: "Reading tracker",
      short_name: "Tracker",
      description: "Set how far you have read and watched",
      url: "/reading_tracker",
      icons: [
        {
          src: "/icons/icon-192.png",
          sizes: "192x192",
          type: "image/png",
        },
      ],
    },
    {
      name: "Releases",
      short_name: "Releases",
      description: "What came out, and what comes next",
      url: "/releases",
      icons: [
        {
          src: "/icons/icon-192.png",
          sizes: "192x192",
          type: "image/png",
        },
      ],
    },
    {
      name: "Up next",
      short_name: "Up next",
      description: "What to read or watch next",
      url: "/reading_tracker#up-next",
      icons: [
        {
          src: "/icons/icon-192.png",
          sizes: "192x192",
          type: "image/png",
        },
      ],
    },
  ],
  screenshots: [
    {
      src: "/screenshots/tracker-narrow.png",
      sizes: "720x1480",
      type: "image/png",
      form_factor: "narrow",
      label: "The reading tracker on a phone",
    },
    {
      src: "/screenshots/releases-wide.png",
      sizes: "1280x800",
      type: "image/png",
      form_factor: "wide",
      label: "The releases page on a wide screen",
    },
  ],
};

export async function loader({ context }: Route.LoaderArgs) {
  const site = await siteIdentity(context);
  const manifest = { name: site.name, short_name: site.shortName, description: site.description, ...installable };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      // A new name reaches installed apps within an hour; the edge keeps it per content version.
      "Cache-Control": "public, max-age=3600, s-maxage=3600",
    },
  });
}
