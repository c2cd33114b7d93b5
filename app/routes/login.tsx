import { data, redirect, useNavigate, useRevalidator } from "react-router";
import { type FormEvent, useEffect, useState } from "react";
import type { UserCredential } from "firebase/auth";
import { importWithRecovery } from "~/browser/lazy-import";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast-store";
import { authErrorField, authErrorMessage } from "~/lib/account/auth-errors";
import { collectErrors, type FormErrors, firstInvalid, readFields } from "~/lib/forms/form";
import { pageMeta } from "~/lib/http/meta";
import { safeRedirect } from "~/lib/http/safe-redirect";
import { countOf, nouns } from "~/lib/words";
import { getPublicConfig } from "~/server/env.server";
import { clearSessionCookies, getSession, getSignedInUser } from "~/server/session.server";
import { withCookies } from "~/server/cookies.server";
import type { Route } from "./+types/login";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/** The sign-in client loads just after the page rather than with it, so the page itself stays light. */
const authClient = () => importWithRecovery(() => import("~/browser/firebase-auth.client"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  // Signed in as the hub counts it (a token that verifies and a session still open), so the two never
  // send a reader back and forth.
  if (await getSignedInUser(request, context)) throw redirect(redirectTo);
  const { user, keysUnavailable } = await getSession(request, context.env);
  const { firebase } = getPublicConfig(context.env);
  // Sign-in works with a real web configuration, or locally with the emulator.
  const page = { redirectTo, firebase, available: Boolean(firebase.emulatorHost || firebase.apiKey), keysUnavailable };
  // A token that still verifies whose session was closed (signed out, run out, the account gone): the
  // cookie goes, and the page says why the reader is asked to sign in again.
  if (!user) return { ...page, sessionEnded: false };
  return data({ ...page, sessionEnded: true }, { headers: withCookies(await clearSessionCookies(context.env)) });
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "Sign in",
      description:
        "Sign in or create an account to join the discussions, keep your progress on every device and report mistakes.",
    },
  );

type Mode = "sign-in" | "sign-up" | "reset";

const loginFields = ["name", "email", "password"] as const;
type LoginField = (typeof loginFields)[number];

/**
 * Checked before any request is made. Plain checks rather than a schema library: this is a public
 * page, and its first-load JavaScript stays small.
 */
function checkCredentials(mode: Mode, values: Record<LoginField, string>) {
  const email = values.email.trim();
  return collectErrors<LoginField>({
    email: !email
      ? "Enter your email address."
      : !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && "That does not look like an email address.",
    password: passwordProblem(mode, values.password),
    name: mode === "sign-up" && values.name.trim().length > 60 && "At most 60 characters.",
  });
}

/**
 * What is wrong with the password typed, if anything (none is asked for a reset). Its length is
 * checked as Firebase checks it; creating an account, the field's own hint says how long a password
 * is, so the error says only how long this one is.
 */
function passwordProblem(mode: Mode, password: string): string | false {
  if (mode === "reset") return false;
  if (!password) return mode === "sign-up" ? "Choose a password." : "Enter your password.";
  if (password.length >= 6) return false;
  return mode === "sign-up"
    ? `Too short: ${countOf([...password].length, nouns.character)}.`
    : "Passwords have at least 6 characters.";
}

/**
 * What the page a reader came from needs an account for, said above the form: the pages that send a
 * signed-out reader here (app/server/session.server.ts) would otherwise leave them wondering why.
 */
function asksForAccount(redirectTo: string) {
  if (/^\/feedback_hub(?:[/?#]|$)/.test(redirectTo))
    return "The feedback hub needs an account, so its reports can be followed up: sign in, or create one, to go on.";
  // A thread is read signed out: an account is what joining it takes.
  if (/^\/discuss(?:[/?#]|$)/.test(redirectTo)) return "Sign in, or create an account, to join the discussion.";
  if (/^\/account(?:[/?#]|$)/.test(redirectTo)) return "Sign in to go on to your account.";
  return null;
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { redirectTo, firebase, available, keysUnavailable } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // Kept as first said: the answer that said it also cleared the cookie, so the next one cannot.
  const [sessionEnded] = useState(loaderData.sessionEnded);
  useEffect(() => {
    // The header was drawn with that cookie; drawn again, it says signed out too.
    if (sessionEnded) void revalidator.revalidate();
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [mode, setMode] = useState<Mode>("sign-in");
  const [errors, setErrors] = useState<FormErrors<LoginField>>({});
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [resetSent, setResetSent] = useState<string | null>(null);

  useEffect(() => {
    setHydrated(true);
    // Start loading the sign-in SDK while the reader types.
    if (available)
      void authClient()
        .then(({ loadAuth }) => loadAuth(firebase))
        .catch(() => {});
  }, [available, firebase]);

  async function finish(run: () => Promise<UserCredential>) {
    setBusy(true);
    setErrors({});
    try {
      const credential = await run();
      const answer = await (await authClient()).establishSession(credential.user);
      if (!answer.accepted) {
        setErrors({ form: answer.message });
        return;
      }
      toast({
        title: "Signed in",
        description: `Welcome${credential.user.displayName ? `, ${credential.user.displayName}` : ""}.`,
      });
      revalidator.revalidate();
      navigate(redirectTo, { replace: true });
    } catch (error) {
      const field = authErrorField(error);
      setErrors(field ? { [field]: authErrorMessage(error) } : { form: authErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const values = readFields(new FormData(element), loginFields);
    // Refused before any request: nothing is sent with a short password or a malformed email.
    const found = checkCredentials(mode, values);
    if (found) {
      setErrors(found);
      const first = firstInvalid(loginFields, found);
      if (first) element.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const email = values.email.trim();
    if (mode === "reset") {
      setBusy(true);
      setErrors({});
      try {
        const { auth, sdk } = await (await authClient()).loadAuth(firebase);
        await sdk.sendPasswordResetEmail(auth, email);
        setResetSent(email);
      } catch (error) {
        const field = authErrorField(error);
        setErrors(field ? { [field]: authErrorMessage(error) } : { form: authErrorMessage(error) });
      } finally {
        setBusy(false);
      }
      return;
    }
    const password = values.password;
    await finish(async () => {
      const { auth, sdk } = await (await authClient()).loadAuth(firebase);
      if (mode === "sign-in") return sdk.signInWithEmailAndPassword(auth, email, password);
      const credential = await sdk.createUserWithEmailAndPassword(auth, email, password);
      const name = values.name.trim();
      if (name) await sdk.updateProfile(credential.user, { displayName: name });
      return credential;
    });
  }

  async function google() {
    await finish(async () => {
      const { auth, sdk } = await (await authClient()).loadAuth(firebase);
      return sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider(), sdk.browserPopupRedirectResolver);
    });
  }

  const needsAccount = asksForAccount(redirectTo);
  const tabs: Array<[Mode, string]> = [
    ["sign-in", "Sign in"],
    ["sign-up", "Create account"],
    ["reset", "Reset password"],
  ];

  return (
    <div className="@container mx-auto max-w-md">
      <PageHeader
        title={tabs.find(([value]) => value === mode)?.[1] ?? "Sign in"}
        lead="An account lets you join the discussion of each chapter and episode, keeps your progress on every device, and lets you report mistakes and follow what becomes of them. Reading needs no account."
      />
      {needsAccount ? (
        <p role="status" className="mb-4 rounded-md border border-border bg-muted p-3 text-sm">
          {needsAccount}
        </p>
      ) : null}
      {sessionEnded ? (
        <p role="status" className="mb-4 rounded-md border border-border bg-muted p-3 text-sm">
          Your session ended, so you are signed out here. Sign in again to go on.
        </p>
      ) : null}
      {keysUnavailable ? (
        <p role="alert" className="mb-4 rounded-md border border-destructive p-3 text-sm">
          Sign-in cannot be checked right now. You can still read everything; please try signing in again later.
        </p>
      ) : null}
      {!available ? (
        <p role="alert" className="rounded-md border border-border p-4">
          Sign-in is not configured on this deployment.
        </p>
      ) : (
        <>
          <div
            role="tablist"
            aria-label="What would you like to do?"
            // Three of a width, but "Sign in" keeps to one line where large text makes each tab wrap. Where
            // even so they would not fit side by side (a phone at twice the text size), one under another.
            className="mb-6 grid grid-cols-[minmax(max-content,1fr)_1fr_1fr] gap-1 rounded-lg bg-muted p-1 text-sm @max-[13rem]:grid-cols-1"
          >
            {tabs.map(([value, label]) => (
              <Button
                key={value}
                variant="tab"
                size="sm"
                role="tab"
                aria-selected={mode === value}
                className="px-2"
                onClick={() => {
                  setMode(value);
                  setErrors({});
                  setResetSent(null);
                }}
              >
                {label}
              </Button>
            ))}
          </div>
          {resetSent ? (
            <p role="status" className="rounded-md border border-border bg-card p-4">
              If an account exists for {resetSent}, an email with a link to choose a new password is on its way.
            </p>
          ) : (
            <form
              onSubmit={submit}
              noValidate
              className="space-y-4"
              aria-describedby={errors.form ? "login-form-error" : undefined}
            >
              {mode === "sign-up" ? (
                <Field label="Display name (optional)" error={errors.name}>
                  <Input name="name" autoComplete="nickname" />
                </Field>
              ) : null}
              <Field label="Email address" error={errors.email} required>
                <Input name="email" type="email" autoComplete="email" />
              </Field>
              {mode !== "reset" ? (
                <Field
                  label="Password"
                  error={errors.password}
                  description={mode === "sign-up" ? "At least 6 characters." : undefined}
                  required
                >
                  <Input
                    name="password"
                    type="password"
                    autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
                  />
                </Field>
              ) : null}
              <FormError id="login-form-error">{errors.form}</FormError>
              <Button type="submit" disabled={busy || !hydrated} className="w-full">
                {busy
                  ? "Please wait…"
                  : mode === "sign-in"
                    ? "Sign in"
                    : mode === "sign-up"
                      ? "Create account"
                      : "Send reset link"}
              </Button>
            </form>
          )}
          {mode !== "reset" ? (
            <div className="mt-6 space-y-3">
              <p className="text-center text-sm text-muted-foreground">or</p>
              <Button
                variant="outline"
                onClick={google}
                disabled={busy || !hydrated}
                // Grows with its words where large text wraps them (a phone at twice the text size).
                className="h-auto min-h-11 w-full py-2 text-center"
              >
                Continue with Google
              </Button>
            </div>
          ) : null}
          {!hydrated ? <p className="mt-4 text-sm text-muted-foreground">Signing in needs JavaScript.</p> : null}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
