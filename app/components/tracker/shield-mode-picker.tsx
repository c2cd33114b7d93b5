import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import type { ShieldMode } from "~/lib/shield/shield";
import type { TitlesChoice } from "~/lib/shield/knowledge";
import { setShieldMode, setUnreachedTitles, useShield } from "~/browser/spoiler-shield";

const modeLabels: Record<ShieldMode, { label: string; help: string }> = {
  hide: { label: "Hide", help: "Anything past your progress is replaced by a note you can open." },
  blur: { label: "Blur", help: "Anything past your progress is blurred until you choose to see it." },
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
      <Choices
        name="spoiler-mode"
        legend={<span className="sr-only">How to show things beyond your progress</span>}
        labels={modeLabels}
        current={current}
        choose={setShieldMode}
      />
      {/* Said where the choice was made, so a tap that landed on "Off" by mistake is seen at once. */}
      <p role="status" className="text-sm font-medium text-destructive">
        {current === "off" ? "The shield is off: every page shows everything, the ending included." : ""}
      </p>
      <Choices
        name="unreached-titles"
        className="mt-4"
        legend={<span className="text-sm font-medium">Titles of what I have not reached</span>}
        labels={titlesLabels}
        current={shield?.knowledge.unreachedTitles ?? "hide"}
        choose={setUnreachedTitles}
      />
      {shield && !shield.hasProgress ? (
        <p className="mt-2 text-xs text-muted-foreground">
          With no progress set, the shield treats you as a new reader who has read nothing: everything the story reveals
          is shielded.
        </p>
      ) : null}
    </>
  );
}

/** One setting as radio buttons, each choice with its name and what it does. */
function Choices<C extends string>({
  name,
  legend,
  labels,
  current,
  choose,
  className,
}: {
  name: string;
  legend: ReactNode;
  labels: Record<C, { label: string; help: string }>;
  current: C;
  choose: (choice: C) => void;
  className?: string;
}) {
  return (
    <fieldset className={cn("space-y-2", className)}>
      <legend>{legend}</legend>
      {(Object.keys(labels) as C[]).map((choice) => (
        <label key={choice} className="flex min-h-11 items-start gap-2 py-1 text-sm">
          <input
            type="radio"
            name={name}
            value={choice}
            checked={current === choice}
            onChange={() => choose(choice)}
            className="choice-box"
          />
          <span>
            <span className="font-medium">{labels[choice].label}</span> — {labels[choice].help}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
