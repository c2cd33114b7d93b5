import { storageKeys } from "~/lib/runtime/storage-keys";

export type ThemePreference = "light" | "dark" | "system";

export function parseThemePreference(value: string | null | undefined): ThemePreference {
  return value === "light" || value === "dark" ? value : "system";
}

/**
 * What a tap on the theme button chooses next: from following the system, the scheme the system does not
 * show (so the first tap always changes what the reader sees), then the system's own, then the system.
 */
export function nextThemePreference(current: ThemePreference, systemIsDark: boolean): ThemePreference {
  const other = systemIsDark ? "light" : "dark";
  if (current === "system") return other;
  return current === other ? (systemIsDark ? "dark" : "light") : "system";
}

/**
 * Reads the stored preference and applies it to <html>. It must stay self-contained: its source is
 * also inlined into <head> (themeScript) so the first paint already has the right theme.
 */
export function applyStoredTheme(storageKey: string) {
  let preference: string | null = null;
  try {
    preference = window.localStorage.getItem(storageKey);
  } catch {
    preference = null;
  }
  if (preference !== "light" && preference !== "dark") preference = "system";
  const dark =
    preference === "dark" || (preference === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  root.dataset.themePreference = preference;
}

/** Inline <head> script; the HTML stays the same for every reader, so pages remain cacheable. */
export const themeScript = `(${applyStoredTheme.toString()})(${JSON.stringify(storageKeys.theme.key)})`;
