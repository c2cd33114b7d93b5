import { type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { useLoaderData, useNavigate, useRevalidator } from "react-router";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { UserCredential } from "firebase/auth";
import { establishSession, loadAuth } from "~/browser/firebase-auth.client";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { toast } from "~/components/ui/toast-store";
import { authErrorField, authErrorMessage } from "~/lib/auth-errors";
import { cn } from "~/lib/cn";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { getPublicConfig } from "~/server/env.server";
import { getSession } from "~/server/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const { user, keysUnavailable } = await getSession(request, context.env);
  if (user) throw redirect(redirectTo);
  const { firebase } = getPublicConfig(context.env);
  // Sign-in works with a real web configuration, or locally with the emulator.
  return { redirectTo, firebase, available: Boolean(firebase.emulatorHost || firebase.apiKey), keysUnavailable };
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(siteNameFrom(matches), {
    title: "Sign in",
    description: "Sign in or create an account to report mistakes and follow what becomes of your reports.",
  });

type Mode = "sign-in" | "sign-up" | "reset";

type Errors = Partial<Record<"email" | "password" | "name" | "form", string>>;

/**
 * Checked before any request is made. Plain checks rather than a schema library: this is a public
 * page, and its first-load JavaScript stays small.
 */
function checkCredentials(mode: Mode, values: Record<string, string>): Errors {
  const errors: Errors = {};
  const email = (values.email ?? "").trim();
  if (!email) errors.email = "Enter your email address.";
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = "That does not look like an email address.";
  if (mode !== "reset" && (values.password ?? "").length < 6) errors.password = "Passwords have at least 6 characters.";
  if (mode === "sign-up" && (values.name ?? "").trim().length > 60) errors.name = "At most 60 characters.";
  return errors;
}

export default function Login() {
  const { redirectTo, firebase, available, keysUnavailable } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<Mode>("sign-in");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [resetSent, setResetSent] = useState<string | null>(null);

  useEffect(() => {
    setHydrated(true);
    // Start loading the sign-in SDK while the reader types.
    if (available) void loadAuth(firebase);
  }, [available, firebase]);

  async function finish(run: () => Promise<UserCredential>) {
    setBusy(true);
    setErrors({});
    try {
      const credential = await run();
      await establishSession(credential.user);
      toast({ title: "Signed in", description: `Welcome${credential.user.displayName ? `, ${credential.user.displayName}` : ""}.` });
      revalidator.revalidate();
      navigate(redirectTo, { replace: true });
    } catch (error) {
      const field = authErrorField(error);
      const message = (error as { status?: number }).status ? (error as Error).message : authErrorMessage(error);
      setErrors(field ? { [field]: message } : { form: message });
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    // Refused before any request: nothing is sent with a short password or a malformed email.
    const found = checkCredentials(mode, values);
    if (Object.keys(found).length) return setErrors(found);
    const email = values.email!.trim();
    if (mode === "reset") {
      setBusy(true);
      setErrors({});
      try {
        const { auth, sdk } = await loadAuth(firebase);
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
    const password = values.password!;
    await finish(async () => {
      const { auth, sdk } = await loadAuth(firebase);
      if (mode === "sign-in") return sdk.signInWithEmailAndPassword(auth, email, password);
      const credential = await sdk.createUserWithEmailAndPassword(auth, email, password);
      const name = values.name?.trim();
      if (name) await sdk.updateProfile(credential.user, { displayName: name });
      return credential;
    });
  }

  async function google() {
    await finish(async () => {
      const { auth, sdk } = await loadAuth(firebase);
      return sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider(), sdk.browserPopupRedirectResolver);
    });
  }

  const tabs: Array<[Mode, string]> = [
    ["sign-in", "Sign in"],
    ["sign-up", "Create account"],
    ["reset", "Reset password"],
  ];

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={tabs.find(([value]) => value === mode)?.[1] ?? "Sign in"} lead="An account lets you report mistakes and follow what becomes of your reports. Reading needs no account." />
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
          <div role="tablist" aria-label="What would you like to do?" className="mb-6 grid grid-cols-3 gap-1 rounded-lg bg-muted p-1 text-sm">
            {tabs.map(([value, label]) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={mode === value}
                onClick={() => {
                  setMode(value);
                  setErrors({});
                  setResetSent(null);
                }}
                className={cn("rounded-md px-2 py-2 font-medium", mode === value ? "bg-background shadow" : "text-muted-foreground")}
              >
                {label}
              </button>
            ))}
          </div>
          {resetSent ? (
            <p role="status" className="rounded-md border border-border bg-card p-4">
              If an account exists for {resetSent}, an email with a link to choose a new password is on its way.
            </p>
          ) : (
            <form onSubmit={submit} noValidate className="space-y-4" aria-describedby={errors.form ? "login-form-error" : undefined}>
              {mode === "sign-up" ? <Field name="name" label="Display name (optional)" autoComplete="nickname" error={errors.name} /> : null}
              <Field name="email" label="Email address" type="email" autoComplete="email" error={errors.email} />
              {mode !== "reset" ? (
                <Field
                  name="password"
                  label="Password"
                  type="password"
                  autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
                  error={errors.password}
                  hint={mode === "sign-up" ? "At least 6 characters." : undefined}
                />
              ) : null}
              {errors.form ? (
                <p id="login-form-error" role="alert" className="text-sm font-medium text-destructive">
                  {errors.form}
                </p>
              ) : null}
              <button
                type="submit"
                disabled={busy || !hydrated}
                className="h-11 w-full rounded-md bg-primary font-medium text-primary-foreground disabled:opacity-60"
              >
                {busy ? "Please wait…" : mode === "sign-in" ? "Sign in" : mode === "sign-up" ? "Create account" : "Send reset link"}
              </button>
            </form>
          )}
          {mode !== "reset" ? (
            <div className="mt-6 space-y-3">
              <p className="text-center text-sm text-muted-foreground">or</p>
              <button
                type="button"
                onClick={google}
                disabled={busy || !hydrated}
                className="h-11 w-full rounded-md border border-border font-medium hover:border-primary disabled:opacity-60"
              >
                Continue with Google
              </button>
            </div>
          ) : null}
          {!hydrated ? <p className="mt-4 text-sm text-muted-foreground">Signing in needs JavaScript.</p> : null}
        </>
      )}
    </div>
  );
}

function Field({
  name,
  label,
  type = "text",
  autoComplete,
  error,
  hint,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={cn("h-11 rounded-md border bg-background px-3", error ? "border-destructive" : "border-border")}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
