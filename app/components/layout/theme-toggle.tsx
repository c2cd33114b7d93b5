import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { storageKeys } from "~/lib/runtime/storage-keys";
import { writeStored } from "~/browser/storage";
import { applyStoredTheme, nextThemePreference, parseThemePreference, type ThemePreference } from "~/browser/theme";

const labels: Record<ThemePreference, string> = {
  system: "Theme: follows your system",
  light: "Theme: light",
  dark: "Theme: dark",
};

/**
 * Cycles system → the other scheme → the system's own → system (nextThemePreference). The icon comes
 * from CSS, so it is right before hydration too.
 */
export function ThemeToggle() {
  const [preference, setPreference] = useState<ThemePreference>("system");

  useEffect(() => {
    setPreference(parseThemePreference(document.documentElement.dataset.themePreference));
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const follow = () => applyStoredTheme(storageKeys.theme.key);
    media.addEventListener("change", follow);
    return () => media.removeEventListener("change", follow);
  }, []);

  function choose() {
    const next = nextThemePreference(preference, window.matchMedia("(prefers-color-scheme: dark)").matches);
    writeStored("theme", next === "system" ? null : next);
    applyStoredTheme(storageKeys.theme.key);
    setPreference(next);
  }

  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={choose}
      className="theme-toggle text-muted-foreground"
      aria-label={`${labels[preference]}. Change theme`}
      title={labels[preference]}
    >
      <svg data-icon="system" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <rect x="3" y="4" width="18" height="12" rx="2" />
        <path d="M8 20h8M12 16v4" />
      </svg>
      <svg data-icon="light" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
      <svg data-icon="dark" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    </Button>
  );
}
