import { type ShieldMode, shieldModes } from "~/lib/shield/shield";
import { type TitlesChoice, titlesChoices } from "~/lib/shield/knowledge";
import { setShieldMode, setUnreachedTitles, useShield } from "~/browser/spoiler-shield";

const modeLabels: Record<ShieldMode, { label: string; help: string }> = {
  hide: { label: "Hide", help: "Anything past your progress is replaced by a note you can open." },
  blur: { label: "Blur", help: "Anything past your progress is blurred until you click it." },
  off: { label: "Off", help: "Show everything, spoilers included." },
};

const titlesLabels: Record<TitlesChoice, { label: string; help: string }> = {
  hide: { label: "Hide", help: "Named by their place: “Arc 6 · Chapter 24”, “Season 2 · Episode 3”." },
  show: { label: "Show", help: "Shown by their titles, unless a title gives something away." },
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
      <fieldset className="mt-4 space-y-2">
        <legend className="text-sm font-medium">Titles of what I have not reached</legend>
        {titlesChoices.map((choice) => (
          <label key={choice} className="flex min-h-11 items-start gap-2 py-1 text-sm">
            <input
              type="radio"
              name="unreached-titles"
              value={choice}
              checked={(shield?.knowledge.unreachedTitles ?? "hide") === choice}
              onChange={() => setUnreachedTitles(choice)}
              className="mt-1"
            />
            <span>
              <span className="font-medium">{titlesLabels[choice].label}</span> — {titlesLabels[choice].help}
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
