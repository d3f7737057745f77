import { SPINNER_FADE_MS } from '@portal/contract/constants';

/**
 * index.html shows a full-page spinner; it goes SPINNER_FADE_MS after the window load event
 * (SPEC.md section 9), fading out and then leaving the document.
 */
export function hidePageSpinnerAfterLoad(): void {
  const spinner = document.getElementById('page-spinner');
  if (!spinner) return;
  const fade = () =>
    window.setTimeout(() => {
      spinner.addEventListener('transitionend', () => spinner.remove(), { once: true });
      spinner.classList.add('page-spinner--done');
      // No transition runs when motion is reduced or the tab is hidden; remove it anyway.
      window.setTimeout(() => spinner.remove(), 1000);
    }, SPINNER_FADE_MS);
  if (document.readyState === 'complete') fade();
  else window.addEventListener('load', fade, { once: true });
}
