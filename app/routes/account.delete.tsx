import { data, Form, Link, useNavigation } from "react-router";
import { useEffect, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { keepingTheForm } from "~/browser/form-outage";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { errorsAfterEdit, refuse } from "~/lib/forms/form";
import { formErrorsOf } from "~/lib/http/error-body";
import { pageMeta } from "~/lib/http/meta";
import type { SignInDeletion } from "~/browser/firebase-auth.client";
import { usePublicConfig } from "~/browser/user";
import { forgetAccount } from "~/models/account.server";
import { assertSameOrigin } from "~/server/origin.server";
import { keepingInputThroughOutage } from "~/server/outage.server";
import { endSession, getSignedInUser, requireUser } from "~/server/session.server";
import { withCookies } from "~/server/cookies.server";
import { accountPage } from "~/lib/account/account-page";
import type { Route } from "./+types/account.delete";
import { signInPath } from "~/lib/account/sign-in-path";

/*
 * Deleting an account: the server forgets what it keeps of the reader (forgetAccount), ends the
 * session, and the browser then deletes the sign-in account at Firebase. The page does not need a
 * signed-in reader to open, so it can say how the deletion went after the session has ended.
 */

/** Signing out here goes home. */
export const handle = accountPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSignedInUser(request, context);
  return { signedIn: user !== null };
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "Delete your account",
      description: "Delete your account and what the site keeps of it.",
    },
  );

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const body = await request.formData();
  const confirmed = body.get("confirm") === "yes";
  return keepingInputThroughOutage({}, async () => {
    const user = await requireUser(request, context);
    if (!confirmed) return refuse({ confirm: "Tick the box to say you want your account deleted." }, {});
    await forgetAccount(context.db, user.uid);
    return data({ forgotten: true }, { headers: withCookies(await endSession(request, context)) });
  });
}

/** Asked offline, or with the site failing to answer, the page stays and says that nothing was deleted. */
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  keepingTheForm(request, serverAction, []);

const outcomes: Record<SignInDeletion, string> = {
  deleted: "Your account is deleted, with everything the site kept of it. Thank you for reading with us.",
  "recent-login":
    "Everything the site kept of your account is deleted. To delete your sign-in account too, Firebase asks you to sign in once more: sign in, then come back to this page and delete again.",
  "signed-out":
    "Everything the site kept of your account is deleted. Your sign-in account is not signed in on this browser: sign in, then come back to this page and delete again to remove it too.",
  failed:
    "Everything the site kept of your account is deleted, but your sign-in account could not be deleted just now. Sign in and come back to this page to try again.",
};

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const config = usePublicConfig();
  const navigation = useNavigation();
  // Kept once seen: any later reload of the page's data (the session watch revalidates when Firebase
  // signs the deleted account out) drops the action's answer, and the reader must still be told.
  const [forgotten, setForgotten] = useState(false);
  if (!forgotten && (actionData as { forgotten?: boolean } | undefined)?.forgotten === true) setForgotten(true);
  // The box ticked after a refusal fixes it: its error goes at once (errorsAfterEdit), until the next answer.
  const [tickedAfter, setTickedAfter] = useState<unknown>(undefined);
  const refused = formErrorsOf<"confirm">(forgotten ? undefined : actionData);
  const errors =
    actionData !== undefined && tickedAfter === actionData ? errorsAfterEdit(refused, "confirm", null) : refused;
  const [outcome, setOutcome] = useState<SignInDeletion | null>(null);
  // Once per deletion: the root's data is loaded again after the action, which must not start another.
  const started = useRef(false);
  useEffect(() => {
    if (!forgotten || !config || started.current) return;
    started.current = true;
    void import("~/browser/firebase-auth.client")
      .then((client) => client.deleteSignInAccount(config.firebase))
      .catch((): SignInDeletion => "failed")
      .then(setOutcome);
  }, [forgotten, config]);

  return (
    <div className="max-w-2xl">
      <PageHeader title="Delete your account" />
      {forgotten ? (
        <div role="status" className="space-y-3 rounded-lg border border-border bg-card p-4">
          <p>{outcome ? outcomes[outcome] : "Deleting your sign-in account…"}</p>
          {outcome && outcome !== "deleted" ? (
            <Link to={signInPath("/account/delete")} className="font-medium text-primary underline">
              Sign in
            </Link>
          ) : outcome ? (
            <Link to="/" className="font-medium text-primary underline">
              Home
            </Link>
          ) : null}
        </div>
      ) : loaderData.signedIn ? (
        <Form method="post" className="space-y-4">
          <p>Deleting your account removes, at once and for good:</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>your reading progress saved to your account (this browser keeps its own copy until you clear it);</li>
            <li>
              the text of every comment and reply you posted, its earlier versions, your name and what you had seen
              beside it (a comment others answered leaves &ldquo;Deleted by its writer&rdquo; so their replies still
              read);
            </li>
            <li>your reports of comments, and your sessions on every device;</li>
            <li>your sign-in account (email, password, name) at Firebase Authentication.</li>
          </ul>
          <p>
            Reports you sent through the feedback hub stay for moderators, no longer tied to you. Translation notes
            published from them stay, credited to &ldquo;A reader&rdquo;.
          </p>
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              className="choice-box"
              aria-invalid={errors.confirm ? true : undefined}
              aria-describedby={errors.confirm ? "confirm-error" : undefined}
              onChange={(event) => setTickedAfter(event.currentTarget.checked ? actionData : undefined)}
            />
            I want my account deleted
          </label>
          {errors.confirm ? (
            <p id="confirm-error" className="text-sm font-medium text-destructive">
              {errors.confirm}
            </p>
          ) : null}
          <FormError>{errors.form}</FormError>
          <Button type="submit" variant="destructive" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Deleting…" : "Delete my account"}
          </Button>
        </Form>
      ) : (
        <p>
          <Link to={signInPath("/account/delete")} className="font-medium text-primary underline">
            Sign in
          </Link>{" "}
          to delete your account.
        </p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
