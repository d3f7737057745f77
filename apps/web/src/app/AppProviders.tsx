import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useSession } from '../features/auth/session.ts';
import { queryClient } from '../platform/query-client.ts';
import { createAppTheme, useThemeMode } from '../platform/theme.ts';
import { Toaster } from '../platform/Toaster.tsx';

/** Server state, theme (light or dark, in the company's colour) and toasts for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const mode = useThemeMode((state) => state.mode);
  const companyColor = useSession((state) => state.themeColor);
  const theme = useMemo(() => createAppTheme(mode, companyColor), [mode, companyColor]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
