import { useEffect, useMemo, useState } from "react";
import { useShield } from "~/browser/spoiler-shield";
import { keepUnit, keptUnits } from "~/browser/service-worker.client";
import { Button } from "~/components/ui/button";
import { formatBytes, type KeepRequest, type KeptUnit, unitToKeep } from "~/lib/runtime/kept-units";

/** Said when the device will not store what the reader keeps: a notice, never an error. */
export const REFUSED =
  "This device would not store it: its storage is full or turned off, or this is a private window.";

/** Where a keep stands, as its button shows it. */
type KeepState =
  { kind: "unkept" } | { kind: "keeping" } | { kind: "kept"; bytes: number } | { kind: "failed" } | { kind: "refused" };

const stateOf = (kept: KeptUnit | undefined): KeepState =>
  !kept ? { kind: "unkept" } : kept.state === "lost" ? { kind: "failed" } : { kind: "kept", bytes: kept.bytes };

/**
 * The keep button of one unit: "Keep for offline", "Keeping…", "Kept · 120 KB" (a tap keeps it again, at
 * what the reader knows now) or "Not kept · Try again". Its name names the unit by its place, never by a
 * title the reader may not have reached. Storage the device refuses is said beside it, never as an error.
 */
export function KeepButton({ keep: request }: { keep: KeepRequest }) {
  const unit = useMemo(() => unitToKeep(request), [request]);
  const shield = useShield();
  const [state, setState] = useState<KeepState>({ kind: "unkept" });
  const [announced, setAnnounced] = useState("");

  useEffect(() => {
    let current = true;
    void keptUnits().then((units) => {
      if (current) setState(stateOf(units?.find((each) => each.unit === unit.unit)));
    });
    return () => {
      current = false;
    };
  }, [unit.unit]);

  const keep = async () => {
    if (!shield || state.kind === "keeping") return;
    setState({ kind: "keeping" });
    setAnnounced(`Keeping ${unit.place} for offline…`);
    const answer = await keepUnit(unit, shield);
    if (answer.outcome === "kept") {
      setState({ kind: "kept", bytes: answer.unit.bytes });
      setAnnounced(`${unit.place} is kept on this device for offline: ${formatBytes(answer.unit.bytes)}.`);
    } else {
      setState({ kind: answer.outcome });
      setAnnounced(answer.outcome === "failed" ? `${unit.place} could not be kept: check your connection.` : REFUSED);
    }
  };

  const label =
    state.kind === "keeping"
      ? "Keeping…"
      : state.kind === "kept"
        ? `Kept · ${formatBytes(state.bytes)}`
        : state.kind === "failed"
          ? "Not kept · Try again"
          : "Keep for offline";
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3" data-keep-for-offline={unit.unit}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void keep()}
        aria-disabled={state.kind === "keeping" || !shield}
        aria-busy={state.kind === "keeping"}
        // The visible words first, then the unit by its place: "Keep for offline: Arc 5".
        aria-label={`${label}: ${unit.place}${state.kind === "kept" ? ", keep it again with what you know now" : ""}`}
      >
        {label}
      </Button>
      {state.kind === "refused" ? (
        <p className="text-sm text-muted-foreground" aria-hidden="true">
          {REFUSED}
        </p>
      ) : null}
      <span role="status" className="sr-only">
        {announced}
      </span>
    </div>
  );
}
