// @vitest-environment node -- this file checks the markup the server sends, before any script runs.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "./field";
import { Input } from "./input";
import { Select } from "./select";
import { Textarea } from "./textarea";

/** The markup's elements as a screen reader would tie them together. */
function render(node: React.ReactNode) {
  const html = renderToStaticMarkup(node);
  const control = html.match(/<(input|select|textarea)\b[^>]*>/)![0];
  const attr = (name: string) => control.match(new RegExp(`${name}="([^"]*)"`))?.[1];
  return {
    html,
    id: attr("id"),
    invalid: attr("aria-invalid"),
    describedBy: attr("aria-describedby"),
    required: attr("aria-required"),
  };
}

describe("Field", () => {
  it("labels its control and ties the error and the description to it", () => {
    const field = render(
      <Field
        id="field-page"
        label="Which page was it on?"
        description="The address or its path."
        error="This is needed."
        required
      >
        <Input name="page" />
      </Field>,
    );
    expect(field.html).toContain('<label class="text-sm font-medium" for="field-page">Which page was it on?</label>');
    expect(field).toMatchObject({
      id: "field-page",
      invalid: "true",
      describedBy: "field-page-error field-page-description",
      required: "true",
    });
    expect(field.html).toContain(
      '<p id="field-page-error" class="text-sm font-medium text-destructive [overflow-wrap:anywhere]">This is needed.</p>',
    );
    expect(field.html).toContain('<p id="field-page-description"');
  });

  it("says nothing of errors while there are none, and works for every control", () => {
    for (const control of [<Input key="i" name="a" />, <Select key="s" name="a" />, <Textarea key="t" name="a" />]) {
      const field = render(<Field label="A">{control}</Field>);
      expect(field.id).toBeTruthy();
      expect(field.html).toContain(`for="${field.id}"`);
      expect(field).toMatchObject({ invalid: undefined, describedBy: undefined, required: undefined });
    }
  });

  it("leaves a control outside a field alone", () => {
    expect(renderToStaticMarkup(<Input name="q" aria-label="Search" />)).not.toContain("id=");
  });
});
