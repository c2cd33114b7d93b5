/** Whether the browser asks sites not to track it (any of the places browsers have put the setting). */
export function doNotTrackIsOn() {
  const nav = navigator as Navigator & { msDoNotTrack?: string };
  const win = window as Window & { doNotTrack?: string };
  return [nav.doNotTrack, nav.msDoNotTrack, win.doNotTrack].some((value) => value === "1" || value === "yes");
}
