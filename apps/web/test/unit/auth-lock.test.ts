import { describe, expect, it } from 'vitest';
import { autoLogoutLabel, ringColor, ringBands } from '../../src/features/auth/IdleLockRing.tsx';
import { safeRedirect } from '../../src/features/auth/lock.ts';

describe('the auto-logout ring', () => {
  it('says the time left as Auto Logout In m:ss', () => {
    expect(autoLogoutLabel(10 * 60_000)).toBe('Auto Logout In 10:00');
    expect(autoLogoutLabel(9 * 60_000 + 5_400)).toBe('Auto Logout In 9:06');
    expect(autoLogoutLabel(59_001)).toBe('Auto Logout In 1:00');
    expect(autoLogoutLabel(0)).toBe('Auto Logout In 0:00');
    expect(autoLogoutLabel(-5)).toBe('Auto Logout In 0:00');
  });

  it('colours the remaining percentage by five bands', () => {
    const colours = [0, 20, 21, 40, 41, 60, 61, 80, 81, 100].map(ringColor);
    const [red, orange, yellow, lightGreen, green] = ringBands.map((band) => band.color);
    expect(colours).toEqual([
      red,
      red,
      orange,
      orange,
      yellow,
      yellow,
      lightGreen,
      lightGreen,
      green,
      green,
    ]);
    expect(new Set(ringBands.map((band) => band.color)).size).toBe(5);
  });
});

describe('the lock screen redirect', () => {
  it('follows only paths on this site', () => {
    expect(safeRedirect('/users?tab=1')).toBe('/users?tab=1');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example/')).toBe('/');
    expect(safeRedirect('//evil.example/')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/locked?redirect_url=/x')).toBe('/');
  });
});
