import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { OverlayHost } from '../components/overlays';
import { i18n } from '../i18n';
import { cssVariablesResolver, theme } from './theme';

type AppProvidersProps = {
  children: ReactNode;
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals, so tests see dialogs at once. */
  mantineEnv?: 'default' | 'test';
  /** The server renders each request with its language's own instance; the browser has one. */
  i18nInstance?: I18n;
};

/**
 * Everything a page may rely on: translations, server state and the UI kit, plus the host
 * of dialogs and toasts (its ModalsProvider and Notifications load with the first use).
 */
export function AppProviders({ children, queryClient, mantineEnv = 'default', i18nInstance = i18n }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18nInstance}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={mantineEnv}>
          <OverlayHost />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
