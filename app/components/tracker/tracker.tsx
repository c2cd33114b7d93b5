import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import type { ExternalId } from "~/lib/progress/external-ids";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { ProgressHistory, formatSavedAt } from "./progress-history";
import { ProgressTransfer } from "./progress-transfer";
import { CrossingOffers, placeName } from "./crossing-offers";
import { ShieldModePicker } from "./shield-mode-picker";
import { TrackerHeader, TrackerLoading } from "./tracker-header";
import { SkippedUnits } from "./skipped-units";
import { TrackerSection } from "./tracker-section";
import { useOfflineKeeping } from "~/components/offline/keep-for-offline";
import { StoredForOffline } from "~/components/offline/stored-for-offline";
import { UnitChecklist } from "./unit-checklist";
import { UnitPicker, type UnitPickerWords } from "./unit-picker";
import { UnitSelect } from "./unit-select";
import { consumedVerb, UpNext } from "./up-next";
import { loadToaster, toast } from "~/components/ui/toast-store";
import { type Medium, mediumLabels } from "~/lib/content/units";
import {
  changedProgress,
  markRead,
  mergeProgress,
  sameProgress,
  withLastVolume,
  withPosition,
  withMangaChapter,
  withRecutEpisode,
} from "~/lib/progress/changes";
import { type AccountProgress, mediaSetBack } from "~/lib/progress/set-back";
import { emptyProgress, lastMangaChapter, lastRecutEpisode, lastVolumeKey, type Progress } from "~/lib/progress/record";
import { animeRecuts, lightNovelCollections, mangaSeries, unitsByMedium } from "~/lib/progress/tracker-units";
import { PASSED_LISTED, readerPlaces, upNext } from "~/lib/progress/up-next";
import { type Crossing, crossings } from "~/lib/progress/media-crossing";
import { useTimeline } from "~/browser/tracker-timeline";
import { readStoredProgress } from "~/browser/read-stored-progress";
import { subscribeToStoredProgress } from "~/browser/stored-progress";
import { hearDeviceCleared } from "~/browser/device-cleared";
import { ownProgress, setAsideOthersProgress } from "~/browser/progress-apart";
import { reconcileWithAccount, saveProgress, sendUnsentProgress, useProgressSave } from "~/browser/progress-save";
import { useOptionalUser } from "~/browser/user";
import { useFocusKeptInList } from "~/browser/focus";
import { whenIdle } from "~/browser/when-idle";

const webNovelWords: UnitPickerWords = { group: "Arc", unit: "Last chapter read", noun: "chapter" };
const animeWords: UnitPickerWords = { group: "Season", unit: "Last episode watched", noun: "episode" };

/** What the route's loaders bring the tracker: the account's saved progress (signed in) and the timeline the pickers list. */
export interface TrackerData {
  saved: AccountProgress | null;
  units: TrackerUnit[];
  externalIds: ExternalId[];
  reveal: string;
  /** The timeline came from a copy kept for less than the reader knows (offline, after a tick): its titles are behind. */
  behind?: boolean;
}

/**
 * The tracker itself, once the timeline is here: the pickers, the checklists, Up next, crossing offers,
 * the shield mode, export and import. Nothing of it is drawn before the timeline arrives (the page shows
 * `TrackerLoading` until then), so the route loads this module beside the timeline, not in its first load.
 */
/**
 * The tracker's header with where the account's copy of the reader's progress stands, and a Try again
 * that sends what it is owed. Also the header of the tracker whose timeline could not be loaded (the route
 * draws it there once this code is here), so a change not synced yet is still said.
 */
export function SavingHeader({ accountShown = false }: { accountShown?: boolean }) {
  const account = useOptionalUser()?.uid ?? null;
  const save = useProgressSave();
  return (
    <TrackerHeader
      signedIn={account !== null}
      save={save}
      onRetry={account ? () => void sendUnsentProgress(account, { atOnce: true }).catch(() => {}) : undefined}
      accountShown={accountShown}
    />
  );
}

export function Tracker({ loaderData }: { loaderData: TrackerData }) {
  const { saved } = loaderData;
  const { units, behind } = useTimeline(loaderData);
  const account = useOptionalUser()?.uid ?? null;
  const signedIn = account !== null;
  /** A service worker controls the page: it keeps arcs, seasons and volumes for offline. */
  const keepsOffline = useOfflineKeeping();
  const [progress, setProgress] = useState<Progress | null>(null);
  /**
   * The progress shown is an account's: the page arrived signed in and took the account's. Should the
   * session end with the page open, the header says so, not that the progress is this browser's own.
   */
  const [fromAccount, setFromAccount] = useState(false);
  // The progress on screen, for a change made from a toast after the page moved on (Undo).
  const shown = useRef<Progress | null>(null);
  // Saves the account took, so the history reads itself again.
  const [saves, setSaves] = useState(0);
  const byMedium = useMemo(() => unitsByMedium(units), [units]);
  const collections = useMemo(() => lightNovelCollections(units), [units]);
  const recuts = useMemo(() => animeRecuts(units), [units]);
  const manga = useMemo(() => mangaSeries(units), [units]);

  // A picker's step back is taken back from its toast (Undo): the toasts' code is fetched once the page is
  // idle, as "I have read up to here" fetches it, so a change made after the signal is gone can be undone.
  useEffect(() => whenIdle(() => void loadToaster().catch(() => {})), []);

  function show(next: Progress) {
    shown.current = next;
    setProgress(next);
  }

  /**
   * Keeps a change in this browser (which every shield hears of) and in the account; nothing on the page
   * loads again. Where it is behind what was on screen, it sets progress back on purpose (the account
   * takes it as it is, and other devices follow). What the account merged in from another device shows
   * once it answers. Returns what was on screen before and the media set back.
   */
  function commit(next: Progress, { sync = true } = {}) {
    const before = shown.current;
    const changed = changedProgress(next, units);
    const setBack = before ? mediaSetBack(before, changed) : [];
    show(changed);
    void saveProgress(changed, { account: sync ? account : null, setBack }).then((result) => {
      if (result?.adopted) show(withPosition(result.adopted, units));
      if (result?.outcome === "saved") setSaves((count) => count + 1);
    });
    return { before, setBack };
  }

  /**
   * A change the reader makes with a picker or a checklist: a step back says so, with an Undo. Made to
   * the progress on screen when it is made (a picker makes its change just after the paint, when another
   * may have been made since the page was drawn).
   */
  function change(update: (current: Progress) => Progress) {
    const current = shown.current;
    if (!current) return;
    // Changed signed out, the progress shown is this browser's own from now on.
    if (!signedIn) setFromAccount(false);
    const { before, setBack } = commit(update(current));
    if (before && setBack.length) toast(setBackToast(setBack, signedIn, () => commit(before)));
  }

  // On arrival: this browser's progress brought together with the account's (furthest wins, except where
  // the reader set progress back). Only the reader's own: another account's record is set aside first,
  // and the reader asked about it. The whole tracker is drawn for it in a transition, a slice at a time,
  // so a tap while it is drawn (a long timeline on a slow phone) is answered between slices.
  // Once per page load.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => startTransition(arrive), []);
  function arrive() {
    setFromAccount(account !== null && Boolean(saved?.progress));
    if (account && !setAsideOthersProgress(account)) {
      // It could not be moved (storage full or blocked): the account's own progress shows, nothing is stored.
      show(withPosition(saved?.progress ?? emptyProgress, units));
      return;
    }
    const local = readStoredProgress() ?? emptyProgress;
    const {
      progress: merged,
      storeLocally,
      sendToAccount,
    } = account
      ? reconcileWithAccount(account, local, saved)
      : { progress: local, storeLocally: false, sendToAccount: false };
    const send = signedIn && sendToAccount;
    if (send || storeLocally) commit(merged, { sync: send });
    else show(withPosition(merged, units));
    // Stored, it is this account's record (a save marks it so itself): the next account to sign in here
    // has it set aside, never merged into theirs.
    if (account && storeLocally && !send) ownProgress(account);
  }

  // A change stored by another tab (a set-back there) shows here too, so the next change made here starts
  // from it instead of saving this tab's older record over it.
  useEffect(
    () =>
      subscribeToStoredProgress(() => {
        const stored = readStoredProgress();
        if (stored && shown.current && !sameProgress(stored, shown.current)) show(withPosition(stored, units));
      }),
    [units],
  );

  // The device cleared ("Sign out and clear this device", here or in another tab): the tracker starts
  // over, so nothing of the last reader shows, nor is saved again by the next change made here.
  useEffect(
    () =>
      hearDeviceCleared(() => {
        setFromAccount(false);
        show(withPosition(emptyProgress, units));
      }),
    [units],
  );

  if (!progress) return <TrackerLoading signedIn={signedIn} />;
  // Where the reader is, for Up next and the side stories checklist: one pass over the timeline.
  const places = readerPlaces(progress, units);

  return (
    <>
      <SavingHeader accountShown={fromAccount && !signedIn} />
      {behind ? (
        <p role="status" data-titles-behind className="-mt-4 mb-6 text-sm text-muted-foreground">
          Titles of what you marked since the tracker was last loaded stay hidden until you are back online.
        </p>
      ) : null}

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
              onChange={(webNovel) => change((current) => ({ ...current, webNovel }))}
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
                  onChange={(volume) => change((current) => withLastVolume(current, collection.code, volume))}
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
              onChange={(anime) => change((current) => ({ ...current, anime }))}
            />
            {recuts.length ? (
              // A recut is watched apart from its season: its episodes say nothing of the season's others.
              <div className="grid items-end gap-3 sm:grid-cols-2">
                {recuts.map((recut) => (
                  <UnitSelect
                    key={recut.id}
                    label={`${recut.name}, watched up to`}
                    units={recut.episodes}
                    value={lastRecutEpisode(progress, recut.id)}
                    onChange={(episode) => change((current) => withRecutEpisode(current, recut.id, episode))}
                  />
                ))}
              </div>
            ) : null}
          </TrackerSection>
          {manga.length ? (
            <TrackerSection title={mediumLabels.manga}>
              {/* Each series is read on its own (decision 49): reading one says nothing of another. */}
              <div className="grid items-end gap-3 sm:grid-cols-2">
                {manga.map((series) => (
                  <UnitSelect
                    key={series.code}
                    label={`${series.name}, read up to`}
                    units={series.chapters}
                    value={lastMangaChapter(progress, series.code)}
                    onChange={(chapter) => change((current) => withMangaChapter(current, series.code, chapter))}
                  />
                ))}
              </div>
            </TrackerSection>
          ) : null}
          <ContinueElsewhere
            progress={progress}
            units={units}
            onCross={(crossing) => {
              const { before } = commit(crossing.progress);
              toast(
                savedToast(
                  `You start ${crossing.to.name} at ${placeName(crossing.start)}.${crossing.skipped.length ? " What you passed over stays unread until you mark it." : ""}`,
                  before && (() => commit(before)),
                ),
              );
            }}
          />
        </div>

        <aside className="min-w-0 space-y-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <TrackerSection title="Up next" id="up-next">
            <UpNext
              units={upNext(progress, units, PASSED_LISTED, places)}
              onMarkRead={(unit) => {
                const { before } = commit(markRead(progress, unit));
                toast(
                  savedToast(`${unit.label} is marked as ${consumedVerb(unit)}.`, before && (() => commit(before))),
                );
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
                const merged = mergeProgress(progress, imported);
                // An older backup holds nothing past what is here: merging changes nothing, which is said, with
                // a way to take the file's progress as it is (a set-back, with its own Undo).
                if (sameProgress(merged, progress)) {
                  toast({
                    title: "Nothing new to import",
                    description: `Your progress here is already as far as the ${from === "file" ? "file's" : "list's"}, or further, in every medium.`,
                    action: {
                      label: `Use the ${from === "file" ? "file's" : "list's"}`,
                      altText: "Set your progress back in the tracker",
                      onClick: () => change(() => imported),
                    },
                  });
                  return;
                }
                const { before } = commit(merged);
                toast({
                  title: "Progress imported",
                  description: from === "file" ? "It was merged with the progress in this browser." : from.summary,
                  action: before
                    ? undoAction("Put back your progress from before the import", () => {
                        commit(before);
                        toast({
                          title: "Import undone",
                          description: "Your progress is back to where it was before the import.",
                        });
                      })
                    : undefined,
                });
              }}
            />
          </TrackerSection>
          {keepsOffline ? (
            <TrackerSection title="Stored for offline" id="stored-for-offline">
              <StoredForOffline />
            </TrackerSection>
          ) : null}
          {signedIn ? (
            <TrackerSection title="History">
              <ProgressHistory
                progress={progress}
                units={units}
                saves={saves}
                onRestore={(entry) => {
                  const { before } = commit(entry.progress);
                  toast({
                    title: "Progress restored",
                    description: `Back to your save of ${formatSavedAt(entry.savedAt)}.`,
                    action: before
                      ? undoAction("Put back your progress from before the restore", () => commit(before))
                      : undefined,
                  });
                }}
              />
            </TrackerSection>
          ) : null}
        </aside>

        <div className="min-w-0 space-y-8">
          <TrackerSection title={mediumLabels.side_stories}>
            <UnitChecklist
              units={byMedium.side_stories}
              checked={progress.sideStories}
              suggestedBefore={places.story}
              onChange={(sideStories) => change((current) => ({ ...current, sideStories }))}
            />
          </TrackerSection>
          <TrackerSection title={mediumLabels.break_time}>
            <UnitChecklist
              units={byMedium.break_time}
              checked={progress.breakTime}
              onChange={(breakTime) => change((current) => ({ ...current, breakTime }))}
            />
          </TrackerSection>
          {byMedium.anime_specials.length ? (
            <TrackerSection title={mediumLabels.anime_specials}>
              <UnitChecklist
                units={byMedium.anime_specials}
                checked={progress.animeSpecials}
                onChange={(animeSpecials) => change((current) => ({ ...current, animeSpecials }))}
              />
            </TrackerSection>
          ) : null}
        </div>
      </div>
    </>
  );
}

/** An Undo button for a toast: what a screen reader user is told to do instead, and what Undo does. */
function undoAction(altText: string, onClick: () => void) {
  return { label: "Undo", altText, onClick };
}

/** The toast that says a change moved progress on, with an Undo that puts back what was on screen. */
function savedToast(description: string, undo: (() => void) | null) {
  return {
    title: "Progress saved",
    description,
    ...(undo ? { action: undoAction("Set your progress back in the tracker", undo) } : {}),
  };
}

/** The toast that says a change set progress back, with an Undo that puts back what was on screen. */
function setBackToast(setBack: readonly Medium[], signedIn: boolean, undo: () => void) {
  const media = setBack.map((medium) => mediumLabels[medium]).join(", ");
  return {
    title: "Progress set back",
    description: `${media}: set back to what you chose.${signedIn ? " Your account keeps it, and your other devices follow." : ""}`,
    action: undoAction("Choose your progress again in the tracker", undo),
  };
}

/**
 * "Continue in another medium", where the reader's progress offers any crossing: worked out over the
 * whole timeline in a component of its own, so the tracker drawn in a transition yields before it.
 */
function ContinueElsewhere({
  progress,
  units,
  onCross,
}: {
  progress: Progress;
  units: readonly TrackerUnit[];
  onCross: (crossing: Crossing) => void;
}) {
  const offers = useMemo(() => crossings(progress, units), [progress, units]);
  // An offer taken goes (and the section with the last one): focus stays on the offers, or goes to Up
  // next, which now starts the medium the reader continues in.
  const { list, kept } = useFocusKeptInList<HTMLDivElement>({ otherwise: "#up-next h2" });
  if (!offers.length) return null;
  return (
    <TrackerSection title="Continue in another medium">
      <div ref={list}>
        <CrossingOffers
          crossings={offers}
          onCross={(crossing, event) => {
            kept(event);
            onCross(crossing);
          }}
        />
      </div>
    </TrackerSection>
  );
}
