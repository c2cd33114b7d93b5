import { type ShieldMode, shieldModes } from "~/lib/shield/shield";
import { setShieldMode, useShield } from "~/browser/spoiler-shield";

const modeLabels: Record<ShieldMode, { label: string; help: string }> = {
  hide: { label: "Hide", help: "Anything past your progress is replaced by a note you can open." },
  blur: { label: "Blur", help: "Anything past your progress is blurred until you click it." },
  off: { label: "Off", help: "Show everything, spoilers included." },
};

/** How the spoiler shield shows things beyond the reader's progress; applies to every page at once. */
export function ShieldModePicker() {
  const shield = useShield();
  const current = shield?.mode ?? "hide";
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="sr-only">How to show things beyond your progress</legend>
        {shieldModes.map((mode) => (
          <label key={mode} className="flex min-h-11 items-start gap-2 py-1 text-sm">
            <input
              type="radio"
              name="spoiler-mode"
              value={mode}
              checked={current === mode}
              onChange={() => setShieldMode(mode)}
              className="mt-1"
            />
            <span>
              <span className="font-medium">{modeLabels[mode].label}</span> — {modeLabels[mode].help}
            </span>
          </label>
        ))}
      </fieldset>
      {shield && !shield.hasProgress ? (
        <p className="mt-2 text-xs text-muted-foreground">
          With no progress set, the shield treats you as a new reader who has read nothing: everything the story reveals
          is shielded.
        </p>
      ) : null}
    </>
  );
}
