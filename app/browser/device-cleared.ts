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
  const teller = new BroadcastChannel(channelName);
  teller.postMessage("cleared");
  teller.close();
}

/** What listens for clearings in this tab now, and the channel they are heard on while any does. */
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

/**
 * Listens for clearings until the returned function is called: each one is counted once however many
 * listen, then every listener is told (a signed-in tab clears again what a request of its own stored
 * after the clearing tab cleared but before this one heard of it; the tracker starts over).
 */
export function hearDeviceCleared(onHeard: () => void) {
  if (typeof BroadcastChannel !== "function") return () => {};
  listeners.add(onHeard);
  if (!channel) {
    channel = new BroadcastChannel(channelName);
    channel.onmessage = () => {
      clearings += 1;
      listeners.forEach((listener) => listener());
    };
  }
  return () => {
    listeners.delete(onHeard);
    if (listeners.size || !channel) return;
    channel.close();
    channel = null;
  };
}
