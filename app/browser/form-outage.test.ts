import { describe, expect, it, vi } from "vitest";
import { lengthProblem } from "~/lib/forms/text-length";
import { keepingTheForm } from "./form-outage";

const sent = (fields: Record<string, string>) =>
  new Request("https://example.test/discuss/wn:1-3", { method: "POST", body: new URLSearchParams(fields) });
const tooLong = (values: Record<string, string>) => {
  const text = lengthProblem(values.text ?? "", 4000);
  return text ? { text } : null;
};

describe("a form's answer in the browser", () => {
  it("refuses a text past its limit before anything is sent, beside its field, with the whole text and its true length", async () => {
    const serverAction = vi.fn(async () => "sent");
    const text = "x".repeat(15_000);
    const answer = await keepingTheForm(sent({ form: "post:new", text }), serverAction, ["form", "text"], tooLong);
    expect(serverAction).not.toHaveBeenCalled();
    expect(answer).toMatchObject({
      data: {
        error: { fields: { text: "Keep it to 4,000 characters (this is 15,000)." } },
        values: { form: "post:new", text },
      },
      init: { status: 400 },
    });
  });

  it("sends a text within its limit on to the server", async () => {
    const serverAction = vi.fn(async () => "sent");
    expect(await keepingTheForm(sent({ text: "x".repeat(4000) }), serverAction, ["text"], tooLong)).toBe("sent");
    expect(serverAction).toHaveBeenCalledOnce();
  });
});
