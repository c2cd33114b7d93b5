import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useShield } from "~/browser/spoiler-shield";
import { keepUnit, keptUnits, removeKeptUnit } from "~/browser/service-worker.client";
import { Button } from "~/components/ui/button";
import { formatBytes, type KeptUnit } from "~/lib/runtime/kept-units";
import { REFUSED } from "./keep-button";

/**
 * "Stored for offline", on the reading tracker (where a reader manages their progress, which decides
 * what a kept copy holds): each arc, season and volume kept on this device with its size and a Remove
 * button. A unit that could not be kept again (after the site was updated or progress moved, with no
 * network) says so, with a button to keep it again.
 */
export function StoredForOffline() {
  const shield = useShield();
  /** undefined while asking; null when the worker cannot say (its storage refused). */
  const [units, setUnits] = useState<KeptUnit[] | null | undefined>(undefined);
  const [keeping, setKeeping] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void keptUnits().then((kept) => current && setUnits(kept));
    return () => {
      current = false;
    };
  }, []);

  if (units === undefined) return null;
  if (units === null) return <p className="text-sm text-muted-foreground">{REFUSED}</p>;
  if (!units.length)
    return (
      <p className="text-sm text-muted-foreground">
        Nothing yet. “Keep for offline” on an arc, a season or a volume keeps its pages on this device, as far as you
        have read or watched.
      </p>
    );

  const keepAgain = async (unit: KeptUnit) => {
    if (!shield) return;
    setKeeping(unit.unit);
    await keepUnit(unit, shield);
    setUnits(await keptUnits());
    setKeeping(null);
  };
  const total = units.reduce((sum, unit) => sum + unit.bytes, 0);
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground">
        Kept as far as you have read or watched, and kept again when your progress moves. {formatBytes(total)} in all.
      </p>
      <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Stored for offline">
        {[...units]
          .sort((a, b) => a.place.localeCompare(b.place, undefined, { numeric: true }))
          .map((unit) => (
            <li key={unit.unit} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2">
              <div className="min-w-0">
                <Link to={unit.pages[0] ?? "/"} className="font-medium text-primary underline">
                  {unit.place}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {unit.state === "lost"
                    ? "Not stored now: it could not be fetched again."
                    : unit.state === "refresh"
                      ? `${formatBytes(unit.bytes)} · to be fetched again at your progress`
                      : `${formatBytes(unit.bytes)} · ${unit.pages.length === 1 ? "1 page" : `${unit.pages.length} pages`}`}
                </p>
              </div>
              <div className="flex gap-2">
                {unit.state === "lost" ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-busy={keeping === unit.unit}
                    aria-label={`${keeping === unit.unit ? "Keeping…" : "Keep again"}: ${unit.place}`}
                    onClick={() => void keepAgain(unit)}
                  >
                    {keeping === unit.unit ? "Keeping…" : "Keep again"}
                  </Button>
                ) : null}
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Remove: ${unit.place}`}
                  onClick={() => void removeKeptUnit(unit.unit).then((kept) => kept && setUnits(kept))}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
      </ul>
    </div>
  );
}
