import { z } from "zod";
import { safeRedirect } from "./safe-redirect";

/** KV keys are at most 512 bytes; longer paths can never have a redirect. */
export const MAX_SOURCE_LENGTH = 512;
const redirectStatuses = [301, 302, 307, 308] as const;

// C0 controls, DEL and C1 controls: never valid in a path we store or send to a browser.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

function refuseUnsafeText(value: string, ctx: z.RefinementCtx, label: string) {
  if (controlCharacters.test(value)) {
    ctx.addIssue({ code: "custom", message: `${label} must not contain control characters` });
    return false;
  }
  if (value.includes("\\")) {
    ctx.addIssue({ code: "custom", message: `${label} must not contain a backslash` });
    return false;
  }
  if (/\s/.test(value)) {
    ctx.addIssue({ code: "custom", message: `${label} must not contain spaces (percent-encode them as %20)` });
    return false;
  }
  return true;
}

/**
 * A path as the site receives it, so an operator's source and a request's path compare equal: letters
 * outside ASCII percent-encoded and dot segments resolved (as the browser does before sending), escapes in
 * upper case ("%c3%a9" and "%C3%A9" are the same letter), and no trailing slash ("/old/" is "/old").
 */
export function normalizeSourcePath(path: string) {
  let sent = path;
  try {
    sent = new URL(path, "https://site.invalid").pathname;
  } catch {
    // Not a path a URL can hold: compared as written, and so never matched.
  }
  sent = sent.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
  let end = sent.length;
  while (end > 1 && sent[end - 1] === "/") end--;
  return sent.slice(0, end);
}

/**
 * What public/_routes.json sends straight to the static files (its `exclude`, held to it by a test):
 * such a request never reaches the site's code, so no redirect is ever looked up for it. A rule is an
 * exact path or ends in `*` (anything after it).
 */
export const staticFileRules = [
  "/assets/*",
  "/builds/*",
  "/sw.js",
  "/icons/*",
  "/screenshots/*",
  "/media/*",
  "/favicon.png",
  "/logo.svg",
  "/robots.txt",
  "/feed.css",
];

/** The rule that sends a path straight to the static files, if any. */
function staticFileRule(path: string) {
  return staticFileRules.find((rule) => (rule.endsWith("*") ? path.startsWith(rule.slice(0, -1)) : path === rule));
}

const redirectSourceSchema = z
  .string({ error: "A source path is required" })
  .superRefine((value, ctx) => {
    if (!value.startsWith("/")) {
      ctx.addIssue({ code: "custom", message: `The source must be a path starting with "/" (got "${value}")` });
      return;
    }
    if (value.startsWith("//")) {
      ctx.addIssue({ code: "custom", message: "The source must be a path on this site, not //host" });
      return;
    }
    if (!refuseUnsafeText(value, ctx, "The source")) return;
    if (value.split("/").some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) {
      ctx.addIssue({
        code: "custom",
        message: `The source has "." or ".." segments, which the browser resolves before it sends a path: write the path it sends (${normalizeSourcePath(value)})`,
      });
      return;
    }
    if (value.includes("?") || value.includes("#")) {
      ctx.addIssue({ code: "custom", message: "The source is matched by path only: leave out ?query and #fragment" });
      return;
    }
    if (new TextEncoder().encode(normalizeSourcePath(value)).length > MAX_SOURCE_LENGTH) {
      ctx.addIssue({
        code: "custom",
        message: `The source must be at most ${MAX_SOURCE_LENGTH} bytes as the browser sends it`,
      });
      return;
    }
    const rule = staticFileRule(normalizeSourcePath(value));
    if (rule) {
      ctx.addIssue({
        code: "custom",
        message: `The source ${value} is a static file address (${rule} in public/_routes.json): the site never sees those requests, so the redirect would never be followed`,
      });
    }
  })
  .transform(normalizeSourcePath);

const redirectTargetSchema = z.string({ error: "A target is required" }).superRefine((value, ctx) => {
  if (!refuseUnsafeText(value, ctx, "The target")) return;
  if (value.startsWith("//")) {
    ctx.addIssue({ code: "custom", message: "The target must not start with // (write https://host/… instead)" });
    return;
  }
  if (value.startsWith("/")) {
    // The same check as sign-in's redirectTo: a path whose dot segments normalise to "//host" leaves the site.
    if (safeRedirect(value, "") === "") {
      ctx.addIssue({
        code: "custom",
        message: `The target path must stay on this site after the browser normalises it (got "${value}")`,
      });
    }
    return;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({
      code: "custom",
      message: `The target must be a path starting with "/" or an absolute https:// URL (got "${value}")`,
    });
    return;
  }
  if (url.protocol !== "https:") {
    ctx.addIssue({ code: "custom", message: `The target's scheme must be https: (got "${url.protocol}")` });
    return;
  }
  // "https:host" and "https:/host" are URLs to a parser, but a browser on an https page reads them as paths of this site.
  if (!/^https:\/\/[^/]/i.test(value)) {
    ctx.addIssue({ code: "custom", message: `The target must start with https:// and its host (write "${url.href}")` });
    return;
  }
  if (!url.hostname || url.username || url.password) {
    ctx.addIssue({ code: "custom", message: "The target must name a host and carry no user name or password" });
  }
});

const redirectStatusSchema = z.union(
  redirectStatuses.map((status) => z.literal(status)),
  { error: `The status must be one of ${redirectStatuses.join(", ")}` },
);

/** The JSON stored in KV under the source path. */
export const redirectValueSchema = z.object({
  to: redirectTargetSchema,
  status: redirectStatusSchema.default(301),
});

export type RedirectValue = z.infer<typeof redirectValueSchema>;

export const redirectEntrySchema = z
  .object({ from: redirectSourceSchema })
  .and(redirectValueSchema)
  .superRefine((entry, ctx) => {
    if (sitePathOf(entry.to) === entry.from)
      ctx.addIssue({
        code: "custom",
        message: `The target ${entry.to} is the source itself: the browser would be sent back to it forever`,
      });
  });
export type RedirectEntry = z.infer<typeof redirectEntrySchema>;

/**
 * The path of this site a target sends the browser to, as a source is kept (its query and fragment left
 * out); null for another site. A URL on the site's own origin (`siteOrigin`, its SITE_URL) is one of its
 * paths: the browser comes back and the site looks that path up like any other.
 */
function sitePathOf(target: string, siteOrigin?: string) {
  if (target.startsWith("/")) return normalizeSourcePath(target.replace(/[?#].*$/s, ""));
  if (siteOrigin === undefined || !URL.canParse(target)) return null;
  const url = new URL(target);
  return url.origin === siteOrigin ? normalizeSourcePath(url.pathname) : null;
}

/** Browsers follow at most 20 redirects in a row (Chrome, Firefox), then give up with "too many redirects". */
export const MAX_REDIRECT_HOPS = 20;

/** The target a source is redirected to, or undefined where it has none (a map's `get`, or a look-up in KV). */
export type RedirectLookup = (from: string) => string | undefined | Promise<string | undefined>;

/**
 * The paths a browser goes through from `from` with these redirects: `from`, then each redirect's path
 * on this site, up to another site or a path with no redirect. `loops` when it comes back to a path it
 * went through, `tooLong` when it needs more redirects than a browser follows: either way the browser
 * gives up ("too many redirects"). One look-up a redirect, at most MAX_REDIRECT_HOPS + 1 in all.
 */
export async function followRedirects(from: string, targetOf: RedirectLookup, siteOrigin?: string) {
  const through = [from];
  for (let target = await targetOf(from); target !== undefined; target = await targetOf(through.at(-1)!)) {
    if (through.length > MAX_REDIRECT_HOPS) return { through, loops: false, tooLong: true };
    const path = sitePathOf(target, siteOrigin);
    if (path === null) break;
    if (through.includes(path)) return { through: [...through, path], loops: true, tooLong: false };
    through.push(path);
  }
  return { through, loops: false, tooLong: false };
}

/** Flattens zod issues to one readable line per problem. */
export function describeProblems(error: z.ZodError) {
  return error.issues.map((issue) => issue.message);
}
