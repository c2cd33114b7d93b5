import { useEffect, useMemo, useRef, useState } from "react";
import { saveProgressToAccount } from "~/browser/progress-sync.client";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ProgressTransfer } from "~/components/tracker/progress-transfer";
import { CrossingOffers, placeName } from "~/components/tracker/crossing-offers";
import { ShieldModePicker } from "~/components/tracker/shield-mode-picker";
import { type AccountSave, TrackerHeader, TrackerLoading } from "~/components/tracker/tracker-header";
import { SkippedUnits } from "~/components/tracker/skipped-units";
import { TrackerSection } from "~/components/tracker/tracker-section";
import { UnitChecklist } from "~/components/tracker/unit-checklist";
import { UnitPicker, type UnitPickerWords } from "~/components/tracker/unit-picker";
import { UnitSelect } from "~/components/tracker/unit-select";
import { consumedVerb, UpNext } from "~/components/tracker/up-next";
import { toast } from "~/components/ui/toast-store";
import { mediumLabels } from "~/lib/content/units";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import {
  changedProgress,
  lastVolumeKey,
  markRead,
  mergeProgress,
  reconcileProgress,
  withLastVolume,
  withPosition,
} from "~/lib/progress";
import { emptyProgress, type Progress } from "~/lib/progress-record";
import { lightNovelCollections, unitsByMedium } from "~/lib/tracker-units";
import { upNext } from "~/lib/up-next";
import { crossings } from "~/lib/media-crossing";
import { revealParameter } from "~/lib/spoiler-shield";
import { loadShield } from "~/browser/spoiler-shield";
import { fetchTimeline, useTimeline } from "~/browser/tracker-timeline";
import { readStoredProgress } from "~/browser/read-stored-progress";
import { storeProgress } from "~/browser/stored-progress";
import { useOptionalUser } from "~/browser/user";
import { getSavedProgress } from "~/models/progress.server";
import { getSession } from "~/server/session.server";
import { sealedFor } from "~/server/shield.server";
import type { Route } from "./+types/reading-tracker";

/** The signed-in reader's saved progress; nothing for anyone else (no D1 read). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await getSession(request, context.env);
  return sealedFor(request, { saved: user ? await getSavedProgress(context.db, user.uid) : null });
}

/**
 * The pickers list the whole timeline, which first paint does not need (progress lives in the
 * browser): it is fetched after hydration, cacheable, instead of travelling in the page, with the
 * titles this reader knows (the page asks again as their progress moves: useTimeline).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const reveal = revealParameter(await loadShield());
  const [{ saved }, { units, externalIds }] = await Promise.all([serverLoader(), fetchTimeline(reveal)]);
  return { saved, units, externalIds, reveal };
}
clientLoader.hydrate = true as const;

const webNovelWords: UnitPickerWords = { group: "Arc", unit: "Last chapter read", noun: "chapter" };
const animeWords: UnitPickerWords = { group: "Season", unit: "Last episode watched", noun: "episode" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteNameFrom(matches), {
    title: "Reading tracker",
    description:
      "Track how far you are in the web novel, light novels, side stories, anime and Break Time, and keep spoilers away.",
  });

export function HydrateFallback() {
  return <TrackerLoading signedIn={Boolean(useOptionalUser())} />;
}

export default function ReadingTracker({ loaderData }: Route.ComponentProps) {
  const { saved } = loaderData;
  const units = useTimeline(loaderData);
  const signedIn = Boolean(useOptionalUser());
  const [save, setSave] = useState<AccountSave>("saved");
  const savesUnderWay = useRef(0);
  const [progress, setProgress] = useState<Progress | null>(null);
  const byMedium = useMemo(() => unitsByMedium(units), [units]);
  const collections = useMemo(() => lightNovelCollections(units), [units]);

  /** Keeps a change in this browser (which every shield hears of) and in the account; nothing on the page loads again. */
  function commit(next: Progress, { sync = true } = {}) {
    const changed = changedProgress(next, units);
    storeProgress(changed);
    setProgress(changed);
    if (!sync || !signedIn) return;
    savesUnderWay.current += 1;
    setSave("saving");
    void saveProgressToAccount(changed).then((saved) => {
      savesUnderWay.current -= 1;
      if (!saved) setSave("failed");
      else if (savesUnderWay.current === 0) setSave("saved");
    });
  }

  // On arrival: this browser's progress, merged with the account's (furthest wins, nothing lost).
  useEffect(() => {
    const {
      progress: merged,
      storeLocally,
      sendToAccount,
    } = reconcileProgress(readStoredProgress() ?? emptyProgress, saved);
    const send = signedIn && sendToAccount;
    if (send || storeLocally) commit(merged, { sync: send });
    else setProgress(withPosition(merged, units));
    // Once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const offers = useMemo(() => (progress ? crossings(progress, units) : []), [progress, units]);
  if (!progress) return <TrackerLoading signedIn={signedIn} />;

  return (
    <>
      <TrackerHeader signedIn={signedIn} save={save} />

      {/*
        Phones: the pickers first (setting progress is what most readers come for), then "Up next", then
        the checklists. Wide screens: pickers and checklists on the left, "Up next" in a column beside them.
      */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 space-y-8">
          <TrackerSection title={mediumLabels.web_novel}>
            <UnitPicker
              words={webNovelWords}
              units={byMedium.web_novel}
              value={progress.webNovel}
              onChange={(webNovel) => commit({ ...progress, webNovel })}
            />
            <SkippedUnits
              units={byMedium.web_novel}
              skipped={progress.skipped}
              onRead={(unit) => commit(markRead(progress, unit))}
            />
          </TrackerSection>
          <TrackerSection title={mediumLabels.light_novels}>
            <div className="grid items-end gap-3 sm:grid-cols-3">
              {collections.map((collection) => (
                <UnitSelect
                  key={collection.code}
                  label={`${collection.name}: last volume`}
                  units={collection.volumes}
                  value={lastVolumeKey(progress, collection.code)}
                  onChange={(volume) => commit(withLastVolume(progress, collection.code, volume))}
                />
              ))}
            </div>
            <SkippedUnits
              units={byMedium.light_novels}
              skipped={progress.skipped}
              onRead={(unit) => commit(markRead(progress, unit))}
            />
          </TrackerSection>
          <TrackerSection title={mediumLabels.anime}>
            <UnitPicker
              words={animeWords}
              units={byMedium.anime}
              value={progress.anime}
              onChange={(anime) => commit({ ...progress, anime })}
            />
          </TrackerSection>
          {offers.length ? (
            <TrackerSection title="Continue in another medium">
              <CrossingOffers
                crossings={offers}
                onCross={(crossing) => {
                  commit(crossing.progress);
                  toast({
                    title: "Progress saved",
                    description: `You start ${crossing.to.name} at ${placeName(crossing.start)}.${crossing.skipped.length ? " What you passed over stays unread until you mark it." : ""}`,
                  });
                }}
              />
            </TrackerSection>
          ) : null}
        </div>

        <aside className="min-w-0 space-y-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <TrackerSection title="Up next">
            <UpNext
              units={upNext(progress, units)}
              onMarkRead={(unit) => {
                commit(markRead(progress, unit));
                toast({ title: "Progress saved", description: `${unit.label} is marked as ${consumedVerb(unit)}.` });
              }}
            />
          </TrackerSection>
          <TrackerSection title="Spoiler shield">
            <ShieldModePicker />
          </TrackerSection>
          <TrackerSection title="Export and import">
            <ProgressTransfer
              progress={progress}
              units={units}
              externalIds={loaderData.externalIds}
              onImport={(imported, from) => {
                commit(mergeProgress(progress, imported));
                toast({
                  title: "Progress imported",
                  description: from === "file" ? "It was merged with the progress in this browser." : from.summary,
                });
              }}
            />
          </TrackerSection>
        </aside>

        <div className="min-w-0 space-y-8">
          <TrackerSection title={mediumLabels.side_stories}>
            <UnitChecklist
              units={byMedium.side_stories}
              checked={progress.sideStories}
              suggestedBefore={progress.position}
              onChange={(sideStories) => commit({ ...progress, sideStories })}
            />
          </TrackerSection>
          <TrackerSection title={mediumLabels.break_time}>
            <UnitChecklist
              units={byMedium.break_time}
              checked={progress.breakTime}
              onChange={(breakTime) => commit({ ...progress, breakTime })}
            />
          </TrackerSection>
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
