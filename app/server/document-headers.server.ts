import type { PublicConfig } from "~/lib/account/public-config";
import { applyCachePolicy, securityHeaders } from "./response-headers.server";

/** The Firebase Auth endpoints the browser SDK talks to. */
const firebaseAuthOrigins = [
  "https://identitytoolkit.googleapis.com",
  "https://securetoken.googleapis.com",
  "https://www.googleapis.com",
];

function originOf(url: string | null | undefined) {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** PostHog serves its script bundles from an "-assets" host beside the ingestion host. */
function analyticsOrigins(host: string | undefined) {
  const origin = originOf(host);
  if (!origin) return [];
  const assets = origin.replace(/^https:\/\/([a-z]+)\.i\.posthog\.com$/, "https://$1-assets.i.posthog.com");
  return assets === origin ? [origin] : [origin, assets];
}

/** A Content-Security-Policy allowing exactly the hosts this deployment uses. */
export function contentSecurityPolicy(config: PublicConfig, nonce: string) {
  const analytics = analyticsOrigins(config.analytics?.host);
  const emulator = config.firebase.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : [];
  const frames = config.firebase.authDomain ? [`https://${config.firebase.authDomain}`] : ["'none'"];

  return [
    "default-src 'self'",
    ["script-src 'self'", `'nonce-${nonce}'`, ...analytics].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...firebaseAuthOrigins, ...emulator, ...analytics].join(" "),
    `frame-src ${frames.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
  ].join("; ");
}

/** Security and caching headers for every HTML response (the rule every response follows, plus the page's CSP). */
export function applyDocumentHeaders(
  headers: Headers,
  {
    config,
    nonce,
    status,
    personal,
    development,
  }: {
    config: PublicConfig;
    nonce: string;
    status: number;
    /** The response depends on the reader's cookies (a session or a queued toast). */
    personal: boolean;
    development: boolean;
  },
) {
  headers.set("Content-Type", "text/html; charset=utf-8");
  if (!development) headers.set("Content-Security-Policy", contentSecurityPolicy(config, nonce));
  for (const [name, value] of Object.entries(securityHeaders)) headers.set(name, value);
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
  applyCachePolicy(headers, { personal, status });
}
