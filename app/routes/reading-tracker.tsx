import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useFetcher, useLoaderData } from "react-router";
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { Spoiler } from "~/components/spoiler";
import { toast } from "~/components/ui/toast-store";
import { cn } from "~/lib/cn";
import { mediumLabels, unitPath } from "~/lib/content/units";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import {
  emptyProgress,
  mergeProgress,
  type Progress,
  progressPosition,
  sameProgress,
} from "~/lib/progress";
import { announceShieldChange, type ShieldMode, shieldModes, useShield } from "~/lib/spoiler-shield";
import { readStored, writeStored } from "~/lib/storage-keys";
import { useOptionalUser } from "~/lib/user";
import { getTrackerData, type TrackerUnit } from "~/models/progress.server";
import { getSession } from "~/server/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await getSession(request, context.env);
  return getTrackerData(context.db, user?.uid ?? null);
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(siteNameFrom(matches), {
    title: "Reading tracker",
    description: "Track how far you are in the web novel, light novels, side stories, anime and Break Time, and keep spoilers away.",
  });

const modeLabels: Record<ShieldMode, { label: string; help: string }> = {
  hide: { label: "Hide", help: "Anything past your progress is replaced by a note you can open." },
  blur: { label: "Blur", help: "Anything past your progress is blurred until you click it." },
  off: { label: "Off", help: "Show everything, spoilers included." },
};

/** The schema library loads with the tracker's first use of it, not with the page. */
const progressFile = () => import("~/lib/progress-file");

async function loadLocal(): Promise<Progress> {
  const { parseProgressFile } = await progressFile();
  return parseProgressFile(readStored("progress") ?? "").progress ?? emptyProgress;
}

export default function ReadingTracker() {
  const { units, saved } = useLoaderData<typeof loader>();
  const signedIn = Boolean(useOptionalUser());
  const shield = useShield();
  const save = useFetcher();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const positions = useMemo(() => new Map(units.map((unit) => [unit.key, unit.position])), [units]);
  const byMedium = useMemo(() => {
    const groups: Record<TrackerUnit["medium"], TrackerUnit[]> = { web_novel: [], light_novels: [], side_stories: [], anime: [], break_time: [] };
    for (const unit of units) groups[unit.medium].push(unit);
    return groups;
  }, [units]);

  /** Stores progress in this browser (and the account), and tells every shield. */
  function commit(next: Progress, { sync = true } = {}) {
    const withPosition = { ...next, position: progressPosition(next, (key) => positions.get(key)), updatedAt: new Date().toISOString() };
    writeStored("progress", JSON.stringify(withPosition));
    announceShieldChange();
    setProgress(withPosition);
    if (sync && signedIn) save.submit({ progress: JSON.stringify(withPosition) }, { method: "post", action: "/resources/progress" });
  }

  // On arrival: this browser's progress, merged with the account's (furthest wins, nothing lost).
  useEffect(() => {
    void loadLocal().then((local) => {
    const merged = saved ? mergeProgress(local, saved) : local;
    if (saved && !sameProgress(merged, saved)) commit(merged);
    else if (!sameProgress(merged, local)) commit(merged, { sync: false });
    else setProgress({ ...merged, position: progressPosition(merged, (key) => positions.get(key)) });
    });
    // Once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!progress) {
    return (
      <>
        <PageHeader title="Reading tracker" lead="Your progress is kept in this browser. Loading it…" />
        <noscript>
          <p>The reading tracker needs JavaScript: your progress is kept in your browser.</p>
        </noscript>
      </>
    );
  }

  /** "Mark everything up to here as read": every medium, up to this point of the story. */
  function markUpTo(position: number) {
    const upTo = (list: TrackerUnit[]) => list.filter((unit) => unit.position <= position);
    const lastOf = (list: TrackerUnit[]) => list.at(-1)?.key ?? null;
    const lightNovels: Record<string, number> = { ...progress!.lightNovels };
    for (const unit of upTo(byMedium.light_novels)) {
      const number = Number(unit.key.slice(unit.key.lastIndexOf("-") + 1));
      if (unit.collection) lightNovels[unit.collection] = Math.max(lightNovels[unit.collection] ?? 0, number);
    }
    commit(
      mergeProgress(progress!, {
        ...emptyProgress,
        webNovel: lastOf(upTo(byMedium.web_novel)),
        lightNovels,
        sideStories: upTo(byMedium.side_stories).map((unit) => unit.key),
        anime: lastOf(upTo(byMedium.anime)),
        breakTime: upTo(byMedium.break_time).map((unit) => unit.key),
      }),
    );
    toast({ title: "Progress saved", description: "Everything up to that point is marked as read." });
  }

  const upNext = nextUp(progress, units, positions);
  const collections = [...new Set(byMedium.light_novels.map((unit) => unit.collection ?? ""))];

  function exportFile() {
    const blob = new Blob([JSON.stringify(progress, null, 2)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `reading-progress-${new Date().toISOString().slice(0, 10)}.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > 1_000_000) return setImportError("This file is too large to be a progress export.");
    const { parseProgressFile } = await progressFile();
    const parsed = parseProgressFile(await file.text());
    if (!parsed.progress) return setImportError(parsed.error);
    setImportError(null);
    commit(mergeProgress(progress!, parsed.progress));
    toast({ title: "Progress imported", description: "It was merged with the progress in this browser." });
  }

  const select = (medium: TrackerUnit["medium"], value: string | null) => {
    if (medium === "web_novel") commit({ ...progress, webNovel: value });
    if (medium === "anime") commit({ ...progress, anime: value });
  };

  return (
    <>
      <PageHeader
        title="Reading tracker"
        lead={
          signedIn
            ? "Your progress is saved to your account and follows you to every device you sign in on."
            : "Your progress is kept in this browser. Sign in to keep it on every device."
        }
      >
        {!signedIn ? (
          <Link to="/login?redirectTo=%2Freading_tracker" className="text-sm font-medium text-primary underline">
            Sign in to sync
          </Link>
        ) : save.state !== "idle" ? (
          <p className="text-sm text-muted-foreground" role="status">Saving…</p>
        ) : null}
      </PageHeader>

      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-8">
          <Section title={mediumLabels.web_novel}>
            <UnitSelect label="Last chapter read" units={byMedium.web_novel} value={progress.webNovel} onChange={(value) => select("web_novel", value)} />
          </Section>
          <Section title={mediumLabels.light_novels}>
            <div className="grid gap-3 sm:grid-cols-3">
              {collections.map((collection) => {
                const volumes = byMedium.light_novels.filter((unit) => unit.collection === collection);
                const current = progress.lightNovels[collection];
                return (
                  <UnitSelect
                    key={collection}
                    label={`${volumes[0]?.group ?? collection}: last volume`}
                    units={volumes}
                    value={current ? `ln:${collection}-${current}` : null}
                    onChange={(value) => {
                      const lightNovels = { ...progress.lightNovels };
                      if (value) lightNovels[collection] = Number(value.split("-").at(-1));
                      else delete lightNovels[collection];
                      commit({ ...progress, lightNovels });
                    }}
                  />
                );
              })}
            </div>
          </Section>
          <Section title={mediumLabels.anime}>
            <UnitSelect label="Last episode watched" units={byMedium.anime} value={progress.anime} onChange={(value) => select("anime", value)} />
          </Section>
          <Section title={mediumLabels.side_stories}>
            <Checklist
              units={byMedium.side_stories}
              checked={progress.sideStories}
              suggestedBefore={progress.position}
              onChange={(keys) => commit({ ...progress, sideStories: keys })}
            />
          </Section>
          <Section title={mediumLabels.break_time}>
            <Checklist units={byMedium.break_time} checked={progress.breakTime} onChange={(keys) => commit({ ...progress, breakTime: keys })} />
          </Section>
        </div>

        {/* On phones "Up next" and the shield come first; on wide screens they sit beside the lists. */}
        <aside className="order-first space-y-8 lg:order-none">
          <Section title="Up next">
            {upNext.length ? (
              <ol className="space-y-2">
                {upNext.map((unit) => (
                  <li key={unit.key} className="rounded-lg border border-border bg-card p-3 text-sm">
                    <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{mediumLabels[unit.medium]}</p>
                    <Link to={unitPath(unit.key)} className="font-medium text-primary underline">
                      {unit.label}
                    </Link>
                    <p>
                      <Spoiler revealAt={unit.titleRevealAt} what="The title">
                        {unit.title}
                      </Spoiler>
                    </p>
                    <button type="button" onClick={() => markUpTo(unit.position)} className="mt-2 rounded-md border border-border px-2 py-1 text-xs font-medium hover:border-primary">
                      Mark everything up to here as read
                    </button>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted-foreground">You are all caught up.</p>
            )}
          </Section>

          <Section title="Spoiler shield">
            <fieldset className="space-y-2">
              <legend className="sr-only">How to show things beyond your progress</legend>
              {shieldModes.map((mode) => (
                <label key={mode} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="spoiler-mode"
                    value={mode}
                    checked={(shield?.mode ?? "hide") === mode}
                    onChange={() => {
                      writeStored("spoilerMode", mode === "hide" ? null : mode);
                      announceShieldChange();
                    }}
                    className="mt-1"
                  />
                  <span>
                    <span className="font-medium">{modeLabels[mode].label}</span> — {modeLabels[mode].help}
                  </span>
                </label>
              ))}
            </fieldset>
            <p className="mt-2 text-xs text-muted-foreground">
              With no progress set, the shield treats you as a new reader: everything after the first chapter is shielded.
            </p>
          </Section>

          <Section title="Export and import">
            <div className="flex flex-wrap gap-2">
              <button type="button" onClick={exportFile} className="rounded-md border border-border px-3 py-2 text-sm font-medium hover:border-primary">
                Export to a file
              </button>
              <button type="button" onClick={() => fileInput.current?.click()} className="rounded-md border border-border px-3 py-2 text-sm font-medium hover:border-primary">
                Import from a file
              </button>
              <input ref={fileInput} type="file" accept="application/json,.json" onChange={importFile} className="sr-only" aria-label="Progress file to import" />
            </div>
            {importError ? (
              <p role="alert" className="mt-2 text-sm font-medium text-destructive">
                {importError}
              </p>
            ) : null}
          </Section>
        </aside>
      </div>
    </>
  );
}

/**
 * The next things to read or watch, in story order: what is unread in the media the reader follows,
 * side stories included (a new reader starts with the web novel).
 */
function nextUp(progress: Progress, units: TrackerUnit[], positions: Map<string, number>, count = 8) {
  const at = (key: string | null) => (key ? (positions.get(key) ?? 0) : -1);
  const followed = new Set<string>(["side_stories"]);
  if (progress.webNovel || (!progress.anime && !Object.keys(progress.lightNovels).length)) followed.add("web_novel");
  if (progress.anime || progress.breakTime.length) followed.add("anime").add("break_time");
  const checked = new Set([...progress.sideStories, ...progress.breakTime]);
  const unread = (unit: TrackerUnit) => {
    switch (unit.medium) {
      case "web_novel":
        return unit.position > at(progress.webNovel);
      case "anime":
        return unit.position > at(progress.anime);
      case "light_novels":
        return unit.collection !== null && unit.collection in progress.lightNovels && Number(unit.key.split("-").at(-1)) > progress.lightNovels[unit.collection]!;
      default:
        return !checked.has(unit.key);
    }
  };
  return units.filter((unit) => (followed.has(unit.medium) || unit.medium === "light_novels") && unread(unit)).slice(0, count);
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function UnitSelect({ label, units, value, onChange }: { label: string; units: TrackerUnit[]; value: string | null; onChange: (value: string | null) => void }) {
  const groups = [...new Set(units.map((unit) => unit.group))];
  const id = `select-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value || null)} className="h-11 rounded-md border border-border bg-background px-2">
        <option value="">Not started</option>
        {groups.map((group) => (
          <optgroup key={group} label={group}>
            {units
              .filter((unit) => unit.group === group)
              .map((unit) => (
                <option key={unit.key} value={unit.key}>
                  {unit.label}
                  {unit.titleRevealAt === null ? `: ${unit.title}` : ""}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

function Checklist({
  units,
  checked,
  suggestedBefore,
  onChange,
}: {
  units: TrackerUnit[];
  checked: string[];
  suggestedBefore?: number;
  onChange: (keys: string[]) => void;
}) {
  const set = new Set(checked);
  return (
    <ul className="grid gap-1 sm:grid-cols-2">
      {units.map((unit) => {
        const suggested = suggestedBefore !== undefined && !set.has(unit.key) && unit.position <= suggestedBefore;
        return (
          <li key={unit.key}>
            <label className={cn("flex items-start gap-2 rounded-md p-2 text-sm", suggested && "bg-accent")}>
              <input
                type="checkbox"
                checked={set.has(unit.key)}
                onChange={(event) => {
                  const next = new Set(set);
                  if (event.target.checked) next.add(unit.key);
                  else next.delete(unit.key);
                  onChange([...next].sort());
                }}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{unit.title}</span>
                <span className="block text-xs text-muted-foreground">
                  {unit.label === unit.title ? "" : unit.label}
                  {suggested ? `${unit.label === unit.title ? "" : " · "}You have reached its reading point` : ""}
                </span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
