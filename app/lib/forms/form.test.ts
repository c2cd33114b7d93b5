import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkWith, collectErrors, errorsAfterEdit, errorsFromIssues, firstInvalid, readFields, refuse } from "./form";

describe("form pattern", () => {
  it("keeps the first message per field and gives issues about no field, or a hidden one, to the whole form", () => {
    const issues = [
      { path: ["email"], message: "Enter your email address." },
      { path: ["email"], message: "Too long." },
      { path: [], message: "Something is off." },
      { path: ["reportId"], message: "That decision is incomplete." },
    ];
    expect(errorsFromIssues(issues)).toEqual({
      email: "Enter your email address.",
      form: "Something is off.",
      reportId: "That decision is incomplete.",
    });
    expect(errorsFromIssues(issues, ["email"])).toEqual({
      email: "Enter your email address.",
      form: "Something is off.",
    });
  });

  it("collects plain checks, keeping only the failures", () => {
    expect(collectErrors({ email: "Enter your email address.", password: false, name: undefined })).toEqual({
      email: "Enter your email address.",
    });
    expect(collectErrors({ email: null, password: "" })).toBeNull();
  });

  it("checks with a schema: the clean values, or a message per field", () => {
    const schema = z.object({
      note: z.string().trim().max(3, "At most 3 characters."),
      status: z.enum(["open", "done"], { error: "Choose a status." }),
    });
    expect(checkWith(schema, { note: " ok ", status: "open" })).toEqual({
      values: { note: "ok", status: "open" },
      errors: null,
    });
    expect(checkWith(schema, { note: "too long", status: "lost" })).toEqual({
      values: null,
      errors: { note: "At most 3 characters.", status: "Choose a status." },
    });
  });

  it("reads the named text fields of a submission, missing ones and files as empty text", () => {
    const body = new FormData();
    body.set("title", "Dark timeline");
    body.set("upload", new Blob(["x"]), "x.txt");
    expect(readFields(body, ["title", "idea", "upload"])).toEqual({ title: "Dark timeline", idea: "", upload: "" });
  });

  it("finds the first invalid field in the page's order", () => {
    expect(firstInvalid(["name", "email", "password"], { password: "Short.", email: "Missing." })).toBe("email");
    expect(firstInvalid(["name"], null)).toBeNull();
  });

  it("refuses with the messages, the input and a status", () => {
    const refusal = refuse({ form: "Wait a minute." }, { title: "Kept" }, 429);
    expect(refusal.data).toEqual({
      error: { message: "Wait a minute.", fields: { form: "Wait a minute." } },
      values: { title: "Kept" },
    });
    expect(refusal.init?.status).toBe(429);
  });
});

describe("errorsAfterEdit", () => {
  const shown = { title: "Give it a title.", official: "Quote the official text." };

  it("clears the error of a field the reader fixed, and keeps the others'", () => {
    expect(errorsAfterEdit(shown, "title", { official: "Quote the official text." })).toEqual({
      official: "Quote the official text.",
    });
  });

  it("says what is still wrong with the field changed, and tells off no field that showed nothing", () => {
    expect(errorsAfterEdit(shown, "title", { title: "At most 140 characters.", page: "A page number." })).toEqual({
      title: "At most 140 characters.",
      official: "Quote the official text.",
    });
    expect(errorsAfterEdit(shown, "page", { page: "A page number." })).toBe(shown);
  });
});
