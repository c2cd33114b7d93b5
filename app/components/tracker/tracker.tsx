import { useEffect, useMemo, useState } from "react";
import type { ExternalId } from "~/lib/progress/external-ids";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { ProgressTransfer } from "./progress-transfer";
import { CrossingOffers, placeName } from "./crossing-offers";
import { ShieldModePicker } from "./shield-mode-picker";
import { TrackerHeader, TrackerLoading } from "./tracker-header";
import { SkippedUnits } from "./skipped-units";
import { TrackerSection } from "./tracker-section";
import { UnitChecklist } from "./unit-checklist";
import { UnitPicker, type UnitPickerWords } from "./unit-picker";
import { UnitSelect } from "./unit-select";
import { consumedVerb, UpNext } from "./up-next";
import { toast } from "~/components/ui/toast-store";
import { mediumLabels } from "~/lib/content/units";
import {
  changedProgress,
  markRead,
  mergeProgress,
  reconcileProgress,
  withLastVolume,
  withPosition,
} from "~/lib/progress/changes";
import { emptyProgress, lastVolumeKey, type Progress } from "~/lib/progress/record";
import { lightNovelCollections, unitsByMedium } from "~/lib/progress/tracker-units";
import { upNext } from "~/lib/progress/up-next";
import { crossings } from "~/lib/progress/media-crossing";
import { useTimeline } from "~/browser/tracker-timeline";
import { readStoredProgress } from "~/browser/read-stored-progress";
import { setAsideOthersProgress } from "~/browser/progress-apart";
import { saveProgress, useProgressSave } from "~/browser/progress-save";
import { useOptionalUser } from "~/browser/user";

const webNovelWords: UnitPickerWords = { group: "Arc", unit: "Last chapter read", noun: "chapter" };
const animeWords: UnitPickerWords = { group: "Season", unit: "Last episode watched", noun: "episode" };

/** What the route's loaders bring the tracker: the account's saved progress (signed in) and the timeline the pickers list. */
export interface TrackerData {
  saved: Progress | null;
  units: TrackerUnit[];
  externalIds: ExternalId[];
  reveal: string;
}

/**
 * The tracker itself, once the timeline is here: the pickers, the checklists, Up next, crossing offers,
 * the shield mode, export and import. Nothing of it is drawn before the timeline arrives (the page shows
 * `TrackerLoading` until then), so the route loads this module beside the timeline, not in its first load.
 */
export function Tracker({ loaderData }: { loaderData: TrackerData }) {
  const { saved } = loaderData;
  const units = useTimeline(loaderData);
  const account = useOptionalUser()?.uid ?? null;
  const signedIn = account !== null;
  const save = useProgressSave();
  const [progress, setProgress] = useState<Progress | null>(null);
  const byMedium = useMemo(() => unitsByMedium(units), [units]);
  const collections = useMemo(() => lightNovelCollections(units), [units]);

  /**
   * Keeps a change in this browser (which every shield hears of) and in the account; nothing on the page
   * loads again. What the account merged in from another device shows once it answers.
   */
  function commit(next: Progress, { sync = true } = {}) {
    const changed = changedProgress(next, units);
    setProgress(changed);
    void saveProgress(changed, { account: sync ? account : null }).then((result) => {
      if (result?.adopted) setProgress(withPosition(result.adopted, units));
    });
  }

  // On arrival: this browser's progress, merged with the account's (furthest wins, nothing lost). Only
  // the reader's own: another account's record is set aside first, and the reader asked about it.
  useEffect(() => {
    if (account && !setAsideOthersProgress(account)) {
      // It could not be moved (storage full or blocked): the account's own progress shows, nothing is stored.
      setProgress(withPosition(saved ?? emptyProgress, units));
      return;
    }
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
