/** Business constants of SPEC.md section 9. */
export const APP_VERSION = '2.0.0';
export const BRAND = 'Store Portal';
export const DEFAULT_TIMEZONE = 'America/Virgin';
export const DEFAULT_THEME_COLOR = '#004995';
export const PRIMARY_MAIN = '#0551A3';
export const DEFAULT_TIMEOUT_LIMIT_MINUTES = 10;
export const TOAST_DURATION_MS = 4000;
export const TOAST_MIN_WIDTH = 400;
export const LOADING_INDICATOR_DELAY_MS = 300;
export const SPINNER_FADE_MS = 500;
export const SIDEBAR_WIDTH = 260;
export const BASE_FONT_SIZE = 14;
export const HOME_SCREEN_FETCH_SIZE = 1000;
export const SIDEBAR_FETCH_SIZE = 1000;

/** US time zones offered for stores (SPEC.md section 3), plus the default. */
export const storeTimeZones = [
  { value: 'America/Chicago', label: 'Central' },
  { value: 'America/New_York', label: 'Eastern' },
  { value: 'America/Ojinaga', label: 'Mountain' },
  { value: 'America/Los_Angeles', label: 'Pacific' },
  { value: 'America/Virgin', label: 'Atlantic (Virgin Islands)' },
] as const;

/** SPEC.md section 3: stores are grouped by district name, with this name when there is none. */
export const UNNAMED_DISTRICT = 'unnamed district';
