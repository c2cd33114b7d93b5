import { describe, expect, it } from "vitest";
import { authErrorField, authErrorMessage, genericAuthError } from "./auth-errors";

describe("authErrorMessage", () => {
  it.each([
    ["auth/wrong-password", "password is not right"],
    ["auth/invalid-email", "does not look like an email"],
    ["auth/user-not-found", "no account"],
    ["auth/email-already-in-use", "already exists"],
    ["auth/too-many-requests", "Too many attempts"],
    ["auth/expired-action-code", "expired"],
    ["auth/invalid-action-code", "not valid any more"],
    ["auth/requires-recent-login", "sign in again"],
    ["auth/invalid-credential", "email address or password"],
    ["auth/user-disabled", "disabled"],
    ["auth/user-token-expired", "expired"],
    ["auth/network-request-failed", "connection"],
  ])("%s reads as plain words", (code, words) => {
    expect(authErrorMessage({ code })).toContain(words);
  });
  it("falls back for anything else", () => {
    expect(authErrorMessage({ code: "auth/internal-error" })).toBe(genericAuthError);
    expect(authErrorMessage(new Error("boom"))).toBe(genericAuthError);
  });
  it("knows which field a message belongs to", () => {
    expect(authErrorField({ code: "auth/email-already-in-use" })).toBe("email");
    expect(authErrorField({ code: "auth/weak-password" })).toBe("password");
    expect(authErrorField({ code: "auth/too-many-requests" })).toBeNull();
  });
});
