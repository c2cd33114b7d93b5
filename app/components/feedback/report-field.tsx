import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { useOriginalLanguage } from "~/components/original-text";
import type { FieldDefinition } from "~/lib/forms/report-forms";
import { characterCount } from "~/lib/forms/text-length";

/** One field of a report form, drawn from its definition; a text box says how long its text is (`length`). */
export function ReportField({
  field,
  value,
  length,
  error,
  options,
}: {
  field: FieldDefinition;
  value: string;
  length: number;
  error?: string;
  options?: Array<{ value: string; label: string }>;
}) {
  const originalLanguage = useOriginalLanguage();
  const label = (
    <>
      {field.label}
      {field.required ? (
        <span aria-hidden="true"> *</span>
      ) : (
        <span className="font-normal text-muted-foreground"> (optional)</span>
      )}
    </>
  );
  const description =
    field.kind === "textarea"
      ? `${field.help ? `${field.help} ` : ""}${characterCount(length, field.max)}.`
      : field.help;
  return (
    <Field id={`field-${field.name}`} label={label} description={description} error={error} required={field.required}>
      {field.kind === "textarea" ? (
        <Textarea
          name={field.name}
          defaultValue={value}
          rows={4}
          placeholder={field.placeholder}
          lang={field.inOriginal ? originalLanguage : undefined}
        />
      ) : field.kind === "select" ? (
        <Select name={field.name} defaultValue={value}>
          <option value="">Choose…</option>
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      ) : field.kind === "browser" ? (
        <Input name={field.name} value={value} readOnly className="text-sm text-muted-foreground" />
      ) : (
        <Input name={field.name} defaultValue={value} placeholder={field.placeholder} />
      )}
    </Field>
  );
}
