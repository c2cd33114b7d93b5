import { useId, useMemo, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { WrappingSelect } from "~/components/ui/wrapping-select";
import { numberedInGroup, pickerLabel, type TrackerUnit, unitGroups, unitsFound } from "~/lib/progress/tracker-units";
import { isRevealed } from "~/lib/shield/shield";
import { useShield } from "~/browser/spoiler-shield";
import { withArticle } from "~/lib/words";
import { UnitSelect } from "./unit-select";

export interface UnitPickerWords {
  /** The first picker's label: "Arc", "Season". */
  group: string;
  /** The second picker's label: "Last chapter read". */
  unit: string;
  /** One unit, for prompts: "chapter", "episode". */
  noun: string;
}

/**
 * The last unit reached in a long medium, in two short choices: the arc (or season), then the
 * chapter within it; or typed, by number or title. Choosing an arc only shows its chapters: progress
 * changes when a chapter is chosen, so looking at another arc never moves the reader.
 */
export function UnitPicker({
  units,
  value,
  onChange,
  words,
}: {
  units: readonly TrackerUnit[];
  value: string | null;
  onChange: (unitKey: string | null) => void;
  words: UnitPickerWords;
}) {
  const shield = useShield();
  const groups = useMemo(() => unitGroups(units), [units]);
  const current = units.find((unit) => unit.key === value) ?? null;
  // The arc the reader is looking at, while it is not the one their progress is in; forgotten once progress changes.
  const [browsing, setBrowsing] = useState<{ group: string; from: string | null } | null>(null);
  const group = browsing && browsing.from === value ? browsing.group : (current?.group ?? "");
  const listed = groups.find((candidate) => candidate.name === group)?.units ?? [];
  // While another arc is shown, the reader is told their progress has not moved.
  const stays =
    current && current.group !== group
      ? `Your progress stays at ${pickerLabel(current, isRevealed(shield, current.title.revealedBy), { withGroup: true })} until you choose ${withArticle(words.noun)}.`
      : undefined;

  return (
    <div className="grid gap-3">
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <Field label={words.group}>
          <WrappingSelect
            value={group}
            shown={group || "Not started"}
            onChange={(event) => {
              if (event.target.value) setBrowsing({ group: event.target.value, from: value });
              else onChange(null);
            }}
          >
            <option value="">Not started</option>
            {groups.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name}
              </option>
            ))}
          </WrappingSelect>
        </Field>
        <UnitSelect
          label={words.unit}
          units={listed}
          value={value}
          onChange={onChange}
          empty={group ? `Choose ${withArticle(words.noun)}` : `Choose ${withArticle(words.group.toLowerCase())} first`}
          emptyChoosable={false}
          disabled={!group}
          description={stays}
        />
      </div>
      <FindUnit units={units} near={group} onChange={onChange} noun={words.noun} />
    </div>
  );
}

/** A number as the suggestions write it, from the series' own: one a few units in, past a prologue. */
const numberExample = (units: readonly TrackerUnit[]) =>
  units[Math.min(9, units.length - 1)]?.label.replace(/ · /g, " ");

/**
 * Whether the box's text came whole (a suggestion picked from the browser's list, a paste, a drop) rather
 * than key by key: only a whole entry that names a unit sets progress as it comes. Typed, "Chapter 1"
 * names a unit on the way to "Chapter 12"; the reader's Enter says when they are done. Chromium picks a
 * suggestion with a plain `input` event, Firefox and Safari with `insertReplacementText`.
 */
function cameWhole(event: Event) {
  return (
    !(event instanceof InputEvent) ||
    !/^(insertText|insertCompositionText|insertLineBreak|delete)/.test(event.inputType)
  );
}

/** How many of the units the words hold Enter offers to tap. */
const MOST_CHOICES = 6;

/**
 * Type to find: the browser's own suggestions (a datalist) over every unit, named with its arc and,
 * where the spoiler rule allows, its title. A suggestion chosen, or a label pasted whole, sets progress;
 * Enter on a number alone sets the unit so named in the arc shown above (`near`): "12" is its Chapter 12,
 * as the picker beside the box lists it (numberedInGroup). Enter on other words that find one suggestion
 * by its name sets it too (unitsFound: "arc 2 chapter 1" is not chapter 12), and on others says how many
 * hold them (a title the reader has not reached is not among them), offering those in the arc shown above
 * first: a reader in arc 5 who types "chapter 3" most likely means arc 5's. An episode found by its place in its season, not its name ("13" for a
 * season's thirteenth, named "12.5"), or a web novel entry by its number on the serial site ("57" for
 * Arc 2 · Chapter 24), or a season and its episode written with a dash ("2-3"), is offered, never set,
 * even alone: it may not be the one meant.
 * The list is built once the reader comes to the box (focus), not before: every unit's label, a
 * thousand at a long series, would otherwise be written again on every tap of the pickers above.
 */
function FindUnit({
  units,
  near,
  onChange,
  noun,
}: {
  units: readonly TrackerUnit[];
  near: string;
  onChange: (unitKey: string) => void;
  noun: string;
}) {
  const shield = useShield();
  const listId = useId();
  const [text, setText] = useState("");
  /** What Enter found: no unit (said as the field's error), or several, offered to tap (the browser's own list is gone by then on a phone). */
  const [told, setTold] = useState<
    { none: string } | { several: string; choices: ReadonlyArray<{ key: string; text: string }> } | null
  >(null);
  const [wanted, setWanted] = useState(false);
  const suggestions = useMemo(
    () =>
      wanted
        ? units.map((unit) => ({
            unit,
            text: pickerLabel(unit, isRevealed(shield, unit.title.revealedBy), { withGroup: true }),
          }))
        : [],
    [units, shield, wanted],
  );

  const typical = numberExample(units)?.match(/\d+(\.\d+)?$/)?.[0];
  const placeholder = typical ? `e.g. ${typical}` : undefined;

  const choose = (unitKey: string) => {
    onChange(unitKey);
    setText("");
    setTold(null);
  };

  return (
    <Field
      label={`Or find ${withArticle(noun)} by number or title`}
      error={told && "none" in told ? told.none : undefined}
    >
      <Input
        type="search"
        list={listId}
        value={text}
        onFocus={() => setWanted(true)}
        onKeyDown={(event) => {
          const typed = text.trim();
          if (event.key !== "Enter" || !typed) return;
          const numbered = numberedInGroup(units, typed, near);
          if (numbered) return choose(numbered.key);
          const holding = unitsFound(
            suggestions.map((suggestion) => suggestion.unit),
            suggestions.map((suggestion) => suggestion.text),
            typed,
            near,
          ).map(({ index, byPlace, readAs }) => {
            const { unit, text } = suggestions[index]!;
            return {
              unit,
              byPlace,
              readAs,
              text: byPlace
                ? pickerLabel(unit, isRevealed(shield, unit.title.revealedBy), { withGroup: true, withPlace: true })
                : text,
            };
          });
          // Said back short: a long paste would stretch the page sideways.
          const said = typed.length > 40 ? `${typed.slice(0, 40)}…` : typed;
          const example = numberExample(units);
          // Those found by place are always among the choices, however many units the number names.
          const byPlace = holding.filter((found) => found.byPlace).slice(0, MOST_CHOICES / 2);
          let byName = MOST_CHOICES - byPlace.length;
          const choices = holding.filter((found) => byPlace.includes(found) || (!found.byPlace && byName-- > 0));
          if (holding.length === 1 && !holding[0]!.byPlace) choose(holding[0]!.unit.key);
          else if (holding.length)
            setTold({
              several:
                holding.length === 1
                  ? holding[0]!.readAs
                    ? `“${said}” may be ${holding[0]!.readAs}: choose it if it is the one.`
                    : `No ${noun} goes by “${said}”; one ${holding[0]!.unit.medium === "web_novel" ? "has that number on the serial site" : "is in that place"}, named otherwise: choose it if it is the one.`
                  : holding.length > MOST_CHOICES
                    ? `${holding.length} match “${said}”, ${MOST_CHOICES} of them here: choose one, or type more of it.`
                    : `${holding.length} match “${said}”: choose one.`,
              choices: choices.map((suggestion) => ({ key: suggestion.unit.key, text: suggestion.text })),
            });
          else
            setTold({
              none: `No ${noun} you can see is named “${said}”: type its number${example ? `, such as “${example}”` : ""}, or choose one above.`,
            });
        }}
        autoComplete="off"
        maxLength={200}
        // The label says what to type; the hint is a number, as short as "e.g. 10", whole at twice the
        // text size on a 320 px phone beside the room the browser keeps for the suggestion arrow and clear button.
        placeholder={placeholder}
        onChange={(event) => {
          const typed = event.target.value.trim().toLowerCase();
          const found = cameWhole(event.nativeEvent)
            ? suggestions.find(
                (suggestion) =>
                  suggestion.text.toLowerCase() === typed || suggestion.unit.label.toLowerCase() === typed,
              )
            : undefined;
          setTold(null);
          if (found) {
            onChange(found.unit.key);
            setText("");
          } else setText(event.target.value);
        }}
        // The browser's own placeholder grey is too faint on both themes.
        className="w-full placeholder:text-muted-foreground"
      />
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={suggestion.unit.key} value={suggestion.text} />
        ))}
      </datalist>
      {told && "several" in told ? (
        <div role="status" className="text-sm">
          <p className="[overflow-wrap:anywhere]">{told.several}</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {told.choices.map((choice) => (
              <li key={choice.key} className="min-w-0">
                <Button
                  variant="outline"
                  size="sm"
                  className="h-auto min-h-9 text-left"
                  onClick={() => choose(choice.key)}
                >
                  <span className="[overflow-wrap:anywhere]">{choice.text}</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Field>
  );
}
