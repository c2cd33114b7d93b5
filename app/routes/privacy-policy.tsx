import type { MetaFunction } from "react-router";
import { AnalyticsOptOut } from "~/components/analytics-opt-out";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageSection } from "~/components/page-section";
import { pageMeta } from "~/lib/http/meta";
import { storageKeys } from "~/lib/runtime/storage-keys";
import {
  analyticsStorageNote,
  offlineStorageNotes,
  sentProgressStorageNote,
  storageNotes,
} from "~/lib/runtime/storage-notes";
import { usePublicConfig } from "~/browser/user";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export const meta: MetaFunction = ({ matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "Privacy policy",
      description: "Exactly what this site stores in your browser, which cookies it sets, and what it sends where.",
    },
  );

const cookies = [
  {
    name: "session (__Host-session on the live site)",
    purpose:
      "Only when you sign in: your sign-in token from Firebase Authentication and a random session key, so the site knows it is you. It is HttpOnly (scripts cannot read it), sent only over HTTPS to this site, refreshed while a page is open, and removed when you sign out.",
  },
  {
    name: "signed-in (__Host-signed-in on the live site)",
    purpose:
      "Set and removed with the session cookie, for exactly as long, and holding nothing else: it tells the site's offline copies on this device (the service worker, which cannot read the HttpOnly session) whether you are still signed in, so a page kept for you is never shown once the session has gone.",
  },
  {
    name: "toast",
    purpose:
      'Carries a one-line confirmation message (for example "Report sent") to the next page you see after a form. It is signed, lasts at most 60 seconds and is deleted as soon as the message is shown.',
  },
];

export default function PrivacyPolicy() {
  const analytics = usePublicConfig()?.analytics ?? null;
  return (
    <article className="mx-auto max-w-3xl space-y-10">
      <header className="space-y-3">
        <h1 className="text-page-title font-bold tracking-tight">Privacy policy</h1>
        <p className="text-muted-foreground">
          This page lists everything the site keeps about you and everything it sends anywhere. If something is not
          listed here, the site does not do it.
        </p>
      </header>

      <PageSection id="browser-storage" title="Stored in your browser">
        <p>These stay on your device. The site never reads them on its servers.</p>
        <p>
          Signing out always removes your unsent drafts. On a shared device, choose &ldquo;Sign out and clear this
          device&rdquo; in the account menu to remove your progress, your spoiler setting and anything else kept about
          you here (the theme and the analytics choice stay). Progress another account saved here is never added to
          yours unless you say so when you sign in.
        </p>
        {/* On phones each key is one block (key and where on a line, what it holds under them) instead
            of three squeezed columns; the roles keep it a table for screen readers either way. */}
        <table role="table" className="w-full border-collapse text-left text-sm max-sm:block">
          <thead role="rowgroup" className="max-sm:sr-only">
            <tr role="row" className="border-b border-border">
              <th role="columnheader" scope="col" className="py-2 pr-4 font-semibold">
                Key
              </th>
              <th role="columnheader" scope="col" className="py-2 pr-4 font-semibold">
                Where
              </th>
              <th role="columnheader" scope="col" className="py-2 font-semibold">
                What it holds
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="max-sm:block">
            {[
              ...Object.values(storageKeys).map(({ key, where }) => ({ key, where, what: storageNotes[key] })),
              sentProgressStorageNote,
              ...offlineStorageNotes,
              analyticsStorageNote,
            ].map((entry) => (
              <tr role="row" key={entry.key} className="border-b border-border align-top max-sm:block max-sm:py-2">
                {/* Side by side as boxes, not runs of text: where both do not fit a line, "localStorage" goes
                    whole to the next, where as text run on from the key it broke in the middle. */}
                <td role="cell" className="py-2 pr-4 font-mono text-xs max-sm:inline-block max-sm:py-0">
                  {entry.key}
                </td>
                <td role="cell" className="py-2 pr-4 max-sm:inline-block max-sm:py-0 max-sm:text-muted-foreground">
                  {entry.where}
                </td>
                <td role="cell" className="py-2 max-sm:mt-1 max-sm:block max-sm:py-0">
                  {entry.what}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </PageSection>

      <PageSection id="cookies" title="Cookies">
        <p>Reading the site without signing in sets no cookie at all. The site sets only these:</p>
        <ul className="list-disc space-y-2 pl-6">
          {cookies.map((cookie) => (
            <li key={cookie.name}>
              <code className="font-mono text-sm">{cookie.name}</code>: {cookie.purpose}
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="account" title="Your account and reports">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Accounts are handled by Google&apos;s Firebase Authentication. It keeps your email address, password
            (hashed), display name and, if you sign in with Google, your Google profile name and photo. The site
            receives these in your sign-in token and shows them in the header; it does not copy them into its own
            database, except your display name on the comments you post.
          </li>
          <li>
            When you post a comment or a reply, the site stores your account id, your display name, what you wrote, what
            it touches, when you posted it and your reading progress at that moment (the furthest chapter, volume and
            episode you had reached), which is shown beside it as &ldquo;Had seen&rdquo;. Pages know you by a
            fingerprint of your account id, never the id itself, so your own comments can offer Edit and Delete. When
            you edit a comment, the text before the edit is kept for moderators. Deleting a comment removes its text and
            every earlier version at once; moderators keep a record of what happened to each comment (posted, edited,
            deleted, hidden, restored, moved, with a moderator&apos;s reason), without its text. When you report a
            comment, the site stores your account id, what you chose and your note, for moderators only.
          </li>
          <li>
            You can delete your account from the account menu (&ldquo;Delete your account&rdquo;): your saved progress
            and its history, the text, earlier versions, name and stamp of your comments, your reports of comments and
            your sessions go at once, and then your sign-in account at Firebase. Feedback reports you sent stay for
            moderators, tied to no account.
          </li>
          <li>
            When you send a report, the site stores your account id, what you typed into the form, when you sent it and,
            for bug reports, the browser details shown on the form. Moderators read reports and add a status and a note,
            which you see under My reports. An accepted mistranslation report is published as a translation note,
            credited to &ldquo;A reader&rdquo;, without your name.
          </li>
          <li>
            While you are signed in, the site keeps a session record (your account id, whether you are a moderator, when
            the session ends, and a fingerprint of the session key), so that signing out ends the session at once, also
            for a copy of the cookie. It is deleted when you sign out; the time of your last sign-out is kept so an old
            sign-in token cannot reopen it.
          </li>
          <li>
            To limit abuse, the site counts how many reports, comments and progress saves each account has sent in the
            current minute and day, and when each of those ends (a day starts with your first one after the last day
            ended). Once it has ended, a count is deleted by the next requests the site counts, so none is kept much
            longer than a day.
          </li>
          <li>
            If you are signed in, your reading tracker progress (the same record as in your browser) is saved to your
            account so it follows you to other devices, with its last 20 saves (each as saved, and when) so you can look
            back and restore one on the reading tracker; an older save is deleted as a new one is kept. The readership
            statistics count it only in totals, and never show a group of fewer than five readers.
          </li>
        </ul>
      </PageSection>

      <PageSection id="sent" title="What is sent, and where">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Every page, font and image comes from this site itself; no third-party font host, advertising or tracking
            script is used.
          </li>
          <li>
            The hosting provider (Cloudflare) handles each request and keeps short-lived technical logs (address, time,
            page requested) to run and protect the service.
          </li>
          <li>
            {analytics ? (
              <>
                Analytics (PostHog) records which pages you view and leave: the events <code>$pageview</code> and{" "}
                <code>$pageleave</code> with the page&apos;s address, plus what the library adds itself (browser, screen
                size, referrer, a random device id). They are sent to <strong>{analytics.host}</strong>. Nothing else is
                tracked: no clicks, no recordings.
              </>
            ) : (
              <>Analytics is not configured on this deployment, so no analytics script is loaded and nothing is sent.</>
            )}{" "}
            Analytics is never loaded when you turn it off below or your browser sends Do Not Track. If you are signed
            in, events carry your account id (never your name or email).
          </li>
          <li>
            A file you import on the reading tracker (a progress file from this site, your list exported from
            MyAnimeList, AniList or Kitsu, or your Novel Updates reading list saved as a page) is read in your browser
            and never sent anywhere. Only the progress you choose to import is kept, like progress you set by hand; the
            rest of the file (other series, your scores, notes and user name) is not kept.
          </li>
          <li>
            The public API (<code>/api/v1</code>) answers each client a limited number of times a minute and a day. To
            count them, the site keeps the client&apos;s network address (an IPv6 address only by its /64 network), how
            many answers it had in the current minute and day, and when each ends; nothing else about the request. A
            count is deleted after it ends, as above. Pages and the edge cache&apos;s answers are not counted.
          </li>
          <li>
            To notice a new version of the site, an open page asks this site for <code>/builds/latest.json</code> every
            five minutes and when you return to the tab. Nothing about you is sent with it.
          </li>
        </ul>
      </PageSection>

      <PageSection id="analytics" title="Analytics opt-out">
        <p>Your choice is saved in this browser only, under the key {storageKeys.analyticsOptOut.key}.</p>
        <AnalyticsOptOut configured={analytics !== null} />
      </PageSection>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
