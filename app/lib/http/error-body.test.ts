import { describe, expect, it } from "vitest";
import { errorBody, errorOf, formErrorsOf, readError, summaryOf } from "./error-body";

describe("the one error body", () => {
  it("carries a message, and a form's messages beside it", () => {
    expect(errorBody("Use POST.")).toEqual({ error: { message: "Use POST." } });
    expect(errorBody("This is needed.", { title: "This is needed." })).toEqual({
      error: { message: "This is needed.", fields: { title: "This is needed." } },
    });
  });

  it("sums up a form's messages with the form's own, else the first field's", () => {
    expect(summaryOf({ title: "Too long.", form: "Wait a minute." })).toBe("Wait a minute.");
    expect(summaryOf({ title: "Too long.", volume: "Choose a volume." })).toBe("Too long.");
  });

  it("reads the error from an action's data, and nothing from anything else", () => {
    expect(errorOf({ error: { message: "No." }, values: {} })).toEqual({ message: "No." });
    // The public API's body is the same shape with more beside the message.
    expect(errorOf({ error: { status: 400, code: "bad_parameter", message: "page" } })?.message).toBe("page");
    for (const value of [null, undefined, "No.", { message: "No." }, { error: "No." }, { error: { message: 5 } }])
      expect(errorOf(value)).toBeNull();
  });

  it("gives a form its messages: each field's, the whole form's, none before a refusal", () => {
    expect(formErrorsOf({ error: { message: "Too long.", fields: { title: "Too long." } }, values: {} })).toEqual({
      title: "Too long.",
    });
    expect(formErrorsOf({ error: { message: "Sign-in cannot be checked right now." } })).toEqual({
      form: "Sign-in cannot be checked right now.",
    });
    expect(formErrorsOf(undefined)).toEqual({});
  });

  it("reads a failed fetch in the site's words, else the caller's", async () => {
    const refused = Response.json(errorBody("That sign-in is not valid."), { status: 401 });
    expect(await readError(refused, "Failed.")).toEqual({ message: "That sign-in is not valid." });
    expect(await readError(new Response("<html>Bad gateway</html>", { status: 502 }), "Failed.")).toEqual({
      message: "Failed.",
    });
  });
});
