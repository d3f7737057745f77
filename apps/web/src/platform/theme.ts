import {
  createTheme,
  getContrastRatio,
  lighten,
  type PaletteMode,
  type Theme,
} from '@mui/material/styles';
import { BASE_FONT_SIZE, DEFAULT_THEME_COLOR, PRIMARY_MAIN } from '@portal/contract/constants';
import { storageKeys } from '@portal/contract/storage-keys';
import { create } from 'zustand';
import { readStored, writeStored } from './storage.ts';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Only a well-formed hex colour from the server becomes the primary colour. */
function isThemeColor(value: string | null | undefined): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/** The dark palette's page background (MUI's), which dark-mode text and buttons sit on. */
const DARK_BACKGROUND = '#121212';
/** WCAG AA for normal text. */
const AA = 4.5;

/**
 * The brand colour as dark mode shows it: lightened just enough to read at AA on the dark
 * background (a deep blue such as #0551A3 is about 2.4:1 there).
 */
export function readableOnDark(color: string): string {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = lighten(color, amount);
    if (getContrastRatio(candidate, DARK_BACKGROUND) >= AA) return candidate;
  }
  return '#ffffff';
}

/**
 * The portal's theme (SPEC.md section 9): primary #0551A3 with dark #004995, secondary green,
 * 14px base font, light or dark. A company's theme_color, when given, becomes the primary colour;
 * in dark mode it is lightened to read at WCAG AA.
 */
export function createAppTheme(mode: PaletteMode, companyColor?: string | null): Theme {
  const brand = isThemeColor(companyColor) ? companyColor : PRIMARY_MAIN;
  const primary =
    mode === 'dark'
      ? { main: readableOnDark(brand) }
      : isThemeColor(companyColor)
        ? { main: companyColor }
        : { main: PRIMARY_MAIN, dark: DEFAULT_THEME_COLOR };
  return createTheme({
    palette: {
      mode,
      // Text on a coloured button reads at AA (MUI's default picks black or white at 3:1).
      contrastThreshold: AA,
      primary,
      secondary: { main: mode === 'dark' ? '#66bb6a' : '#2e7d32' },
    },
    typography: {
      fontSize: BASE_FONT_SIZE,
      htmlFontSize: 16,
      fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
    },
  });
}

// ---- Light or dark, remembered in theme_mode.

function storedMode(): PaletteMode {
  return readStored(storageKeys.themeMode) === 'dark' ? 'dark' : 'light';
}

interface ThemeModeState {
  mode: PaletteMode;
  /** The user switched in this page: a saved choice arriving later must not undo it. */
  switchedHere: boolean;
  /** Switches light and dark; returns the new mode (the shell also remembers it for the user). */
  toggle: () => PaletteMode;
  /** Applies a mode chosen elsewhere, such as the user's saved choice after sign-in. */
  setMode: (mode: PaletteMode) => void;
}

export const useThemeMode = create<ThemeModeState>()((set, get) => ({
  mode: storedMode(),
  switchedHere: false,
  toggle: () => {
    const mode = get().mode === 'dark' ? 'light' : 'dark';
    get().setMode(mode);
    set({ switchedHere: true });
    return mode;
  },
  setMode: (mode) => {
    writeStored(storageKeys.themeMode, mode);
    set({ mode });
  },
}));
