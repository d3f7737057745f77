import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, readableOnDark } from '../../src/platform/theme.ts';

describe('the theme (SPEC.md section 9)', () => {
  it('is #0551A3 / #004995 with a green secondary and a 14px base font', () => {
    const theme = createAppTheme('light');
    expect(theme.palette.primary.main).toBe('#0551A3');
    expect(theme.palette.primary.dark).toBe('#004995');
    expect(theme.palette.secondary.main).toBe('#2e7d32');
    expect(theme.typography.fontSize).toBe(14);
  });

  it("applies the company's colour as primary, ignoring anything that is not a colour", () => {
    expect(createAppTheme('light', '#aa3300').palette.primary.main).toBe('#aa3300');
    // Dark mode shows it lightened to read at AA (below).
    expect(createAppTheme('dark', '#aa3300').palette.primary.main).toBe(readableOnDark('#aa3300'));
    expect(createAppTheme('dark', 'red; background: url(x)').palette.primary.main).toBe(
      readableOnDark('#0551A3'),
    );
    expect(createAppTheme('dark').palette.mode).toBe('dark');
  });

  it('reads at WCAG AA in dark mode: primary text on the page, and text on primary buttons', () => {
    for (const color of [null, '#004995', '#0551A3', '#1b5e20']) {
      const { palette } = createAppTheme('dark', color);
      expect(getContrastRatio(palette.primary.main, palette.background.default)).toBeGreaterThan(
        4.5,
      );
      expect(
        getContrastRatio(palette.primary.contrastText, palette.primary.main),
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
});
