import { useSyncExternalStore } from 'react';

export type ThemeMode = 'light' | 'dark';

const THEME_KEY = 'themeMode';
const THEME_EVENT = 'themeModeChange';

function readThemeMode(): ThemeMode {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function setThemeMode(mode: ThemeMode): void {
  try {
    localStorage.setItem(THEME_KEY, mode);
  } catch {
    // Not remembered across visits; the switch still applies now.
  }
  window.dispatchEvent(new Event(THEME_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(THEME_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(THEME_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The light/dark choice, shared by every tab of the browser. */
export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(subscribe, readThemeMode, () => 'light');
}
