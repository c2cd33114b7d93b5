import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import type { TrackerUnit } from "~/lib/progress";

/** Picks the last unit reached in one medium (or collection), grouped by arc, collection or season. */
export function UnitSelect({
  label,
  units,
  value,
  onChange,
}: {
  label: string;
  units: readonly TrackerUnit[];
  value: string | null;
  onChange: (unitKey: string | null) => void;
}) {
  const groups = [...new Set(units.map((unit) => unit.group))];
  const id = `select-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Field label={label} id={id}>
      <Select value={value ?? ""} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">Not started</option>
        {groups.map((group) => (
          <optgroup key={group} label={group}>
            {units
              .filter((unit) => unit.group === group)
              .map((unit) => (
                <option key={unit.key} value={unit.key}>
                  {unit.label}
                  {/* Titles that could spoil are left out of the picker. */}
                  {unit.titleRevealAt === null ? `: ${unit.title}` : ""}
                </option>
              ))}
          </optgroup>
        ))}
      </Select>
    </Field>
  );
}
