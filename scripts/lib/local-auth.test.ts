import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AUTH_EMULATOR_PORT, authEmulatorHost, E2E_AUTH_EMULATOR_PORT, FIREBASE_PROJECT_ID } from "./local-auth";

// The Firebase CLI, wrangler and a new clone's .dev.vars read these files, not our constants.
describe("the local Firebase project", () => {
  it("is the one firebase.json, wrangler.toml and .dev.vars.example describe", () => {
    const firebase = JSON.parse(readFileSync("firebase.json", "utf8")) as {
      emulators: { auth: { host: string; port: number } };
    };
    expect(`${firebase.emulators.auth.host}:${firebase.emulators.auth.port}`).toBe(
      authEmulatorHost(AUTH_EMULATOR_PORT),
    );
    expect(readFileSync("wrangler.toml", "utf8")).toContain(`FIREBASE_PROJECT_ID = "${FIREBASE_PROJECT_ID}"`);
    expect(readFileSync(".dev.vars.example", "utf8")).toContain(`FIREBASE_AUTH_EMULATOR_HOST=${authEmulatorHost()}`);
  });

  it("gives the end-to-end tests an emulator of their own", () => {
    expect(E2E_AUTH_EMULATOR_PORT).not.toBe(AUTH_EMULATOR_PORT);
  });
});
