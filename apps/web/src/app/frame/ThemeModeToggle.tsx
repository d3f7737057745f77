import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import type { ShellSettings } from '@portal/contract/shell';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../platform/toasts.ts';
import { useThemeMode } from '../../platform/theme.ts';
import { saveThemeMode, shellQueryKeys } from '../../features/shell/shell-api.ts';
import { LazyTooltip } from '../../platform/ui/LazyTooltip.tsx';

/** Light or dark: applied at once, kept in this browser and remembered for the user on the server. */
export function ThemeModeToggle() {
  const { mode, toggle } = useThemeMode();
  const queryClient = useQueryClient();
  const label = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  const onClick = () => {
    const next = toggle();
    queryClient.setQueryData<ShellSettings>(shellQueryKeys.settings, (settings) =>
      settings ? { ...settings, theme_mode: next } : settings,
    );
    saveThemeMode(next).catch((error: unknown) => {
      notify.warning(error instanceof Error ? error.message : 'Server error');
    });
  };
  return (
    <LazyTooltip title={label}>
      <IconButton color="inherit" onClick={onClick} aria-label={label}>
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </LazyTooltip>
  );
}
