/** Dashboard dialogs' remembered choices (seed 000 §9: "the choice to dismiss popups" persists). */
const WELCOME_KEY = 'app.welcome.dismissed';
const VERSION_KEY = 'app.version.lastSeen';
const VERSION_MUTED_KEY = 'app.version.muted';

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string): void => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // preference only: forgetting it just shows the dialog again
  }
};

export const isWelcomeDismissed = (): boolean => read(WELCOME_KEY) === '1';
export const dismissWelcome = (): void => write(WELCOME_KEY, '1');

/**
 * The new-version dialog shows when the running version differs from the last one seen, unless
 * muted. A first visit only records the version: the welcome dialog greets new users instead.
 */
export const shouldShowNewVersion = (version: string): boolean => {
  if (read(VERSION_MUTED_KEY) === '1') return false;
  const seen = read(VERSION_KEY);
  if (seen === null) {
    write(VERSION_KEY, version);
    return false;
  }
  return seen !== version;
};
export const markVersionSeen = (version: string, mute: boolean): void => {
  write(VERSION_KEY, version);
  if (mute) write(VERSION_MUTED_KEY, '1');
};
