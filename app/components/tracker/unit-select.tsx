import { useRef, useState } from "react";
import { Field } from "~/components/ui/field";
import { WrappingSelect } from "~/components/ui/wrapping-select";
import { pickerLabel, type TrackerUnit } from "~/lib/progress/tracker-units";
import { isRevealed } from "~/lib/shield/shield";
import { useShield } from "~/browser/spoiler-shield";
import { afterNextPaint } from "~/browser/when-idle";

/**
 * Picks one unit from a short list (a collection's volumes, an arc's chapters), each named within
 * its group ("Volume 3 · Memory Sold by the Ounce"). A title shows only where the spoiler rule allows.
 * `empty` names the choice of no unit: "Not started", or a prompt when the value lies elsewhere.
 */
export function UnitSelect({
  label,
  units,
  value,
  onChange,
  empty = "Not started",
  emptyChoosable = true,
  description,
  disabled,
}: {
  label: string;
  units: readonly TrackerUnit[];
  value: string | null;
  onChange: (unitKey: string | null) => void;
  empty?: string;
  /** Whether choosing the empty option means something ("Not started") or it only prompts for a choice. */
  emptyChoosable?: boolean;
  description?: string;
  disabled?: boolean;
}) {
  const shield = useShield();
  // The choice shows at once; progress changes (the whole tracker drawn again) just after, off the input's
  // frame. A quicker choice (keys pressed in a row) replaces the one still waiting: only the last is made.
  const [choosing, setChoosing] = useState<{ key: string | null; from: string | null } | null>(null);
  const latest = useRef(0);
  const selected = choosing && choosing.from === value ? choosing.key : value;
  const chosen = units.find((unit) => unit.key === selected);
  return (
    <Field label={label} description={description}>
      <WrappingSelect
        value={chosen ? chosen.key : ""}
        shown={chosen ? pickerLabel(chosen, isRevealed(shield, chosen.title.revealedBy)) : empty}
        disabled={disabled}
        onChange={(event) => {
          const key = event.target.value || null;
          const turn = ++latest.current;
          setChoosing({ key, from: value });
          void afterNextPaint().then(() => {
            if (turn !== latest.current) return;
            setChoosing(null);
            onChange(key);
          });
        }}
      >
        <option value="" disabled={!emptyChoosable}>
          {empty}
        </option>
        {units.map((unit) => (
          <option key={unit.key} value={unit.key}>
            {pickerLabel(unit, isRevealed(shield, unit.title.revealedBy))}
          </option>
        ))}
      </WrappingSelect>
    </Field>
  );
}
