import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../../src/platform/theme.ts';

describe('the theme', () => {
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

  it('keeps the brand colour as given in light mode', () => {
    expect(createAppTheme('light', '#004995').palette.primary.main).toBe('#004995');
    expect(createAppTheme('light').palette.primary.main).toBe('#0551A3');
  });
});
