/**
 * Every key the site writes to browser storage (read and written through app/browser/storage.ts). The privacy policy lists these (with what each holds,
 * in storage-notes.ts), so a key that is not declared here must not be written.
 */
export const storageKeys = {
  theme: { key: "rc:theme", where: "localStorage" },
  analyticsOptOut: { key: "rc:analytics-opt-out", where: "localStorage" },
  progress: { key: "rc:progress", where: "localStorage" },
  progressOwner: { key: "rc:progress-owner", where: "localStorage" },
  progressApart: { key: "rc:progress-apart", where: "localStorage" },
  spoilerMode: { key: "rc:spoiler-mode", where: "localStorage" },
  unreachedTitles: { key: "rc:unreached-titles", where: "localStorage" },
  reportDraft: { key: "rc:draft", where: "localStorage" },
  progressSynced: { key: "rc:progress-synced", where: "sessionStorage" },
  progressUnsent: { key: "rc:progress-unsent", where: "localStorage" },
  progressRevision: { key: "rc:progress-revision", where: "localStorage" },
  progressSetBack: { key: "rc:progress-set-back", where: "localStorage" },
  progressWait: { key: "rc:progress-wait", where: "localStorage" },
  chunkReload: { key: "rc:chunk-reload", where: "sessionStorage" },
} as const;

export type StorageKeyName = keyof typeof storageKeys;
/** A key as it is written to storage: "rc:theme", "rc:progress"… */
export type StoredKey = (typeof storageKeys)[StorageKeyName]["key"];
