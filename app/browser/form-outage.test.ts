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

  it("keeps the page and the text when the route will not read so large a body (a 413), saying so beside the form", async () => {
    // Characters that show nothing are not counted, but they travel: a body past the route's limit.
    const text = `A fair comment.${"\u200b".repeat(25_000)}`;
    const serverAction = vi.fn(async () => {
      // As the router throws a route's error answer (isRouteErrorResponse).
      throw { status: 413, statusText: "Payload Too Large", internal: false, data: "" };
    });
    const answer = await keepingTheForm(sent({ form: "post:new", text }), serverAction, ["form", "text"]);
    expect(answer).toMatchObject({
      data: {
        error: { fields: { form: expect.stringContaining("more than the site takes in one go") } },
        values: { form: "post:new", text },
      },
      init: { status: 413 },
    });
  });
});
