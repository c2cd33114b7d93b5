/**
 * What the browser may know of the server's configuration (built by `getPublicConfig` on the
 * server and handed out by the root loader): public web settings only, never secrets.
 */
export interface PublicConfig {
  siteName: string;
  siteDescription: string;
  /** The language the series' original titles and names are in (SiteIdentity's `originalLanguage`). */
  originalLanguage: string;
  environment: "development" | "test" | "production";
  /** The running build, compared with builds/latest.json to notice new deployments. */
  buildId: string;
  firebase: {
    projectId: string;
    apiKey: string | null;
    authDomain: string | null;
    emulatorHost: string | null;
  };
  /** Set only when both the PostHog key and host are configured. */
  analytics: { key: string; host: string } | null;
}
