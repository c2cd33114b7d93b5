/*
 * "Sign out and clear this device", told to every tab of this browser at once. A tab whose sync with the
 * account or save to it is under way when the device is cleared (in another tab, or this one) would
 * otherwise store what the account answers afterwards: the reader's progress, back on the device they
 * just cleared. So each signed-in tab hears of a clearing (`hearDeviceCleared`), clears again what it may
 * have stored just before it heard, and a request under way keeps nothing of its answer when a clearing
 * was heard since it was sent (`clearingsHeard`, read before and after).
 */

const channelName = "rc:device-cleared";

let clearings = 0;

/** How many clearings this tab has heard: a request compares it before and after its answer. */
export function clearingsHeard() {
  return clearings;
}

/** Tells every tab listening, this one too, that the device is being cleared. */
export function tellDeviceCleared() {
  if (typeof BroadcastChannel !== "function") return;
  const channel = new BroadcastChannel(channelName);
  channel.postMessage("cleared");
  channel.close();
}

/**
 * Listens for clearings while a reader is signed in here, until the returned function is called: each
 * one counts, and `forget` removes what a request of this tab stored after the clearing tab cleared but
 * before this one heard of it.
 */
export function hearDeviceCleared(forget: () => void) {
  if (typeof BroadcastChannel !== "function") return () => {};
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = () => {
    clearings += 1;
    forget();
  };
  return () => channel.close();
}
