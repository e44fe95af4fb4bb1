import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { OverlayHost } from '../components/overlays';
import { i18n } from '../i18n';
import { HydratedProvider } from '../lib/use-hydrated';
import { theme, themeCssVariables } from './theme';

type AppProvidersProps = {
  children: ReactNode;
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals, so tests see dialogs at once. */
  mantineEnv?: 'default' | 'test';
  /** The server renders each request with its language's own instance; the browser has one. */
  i18nInstance?: I18n;
  /** The server's render and the browser's hydration of it: the session waits until this is over (useHydrated). */
  hydrating?: boolean;
  /** What the end of hydration waits for besides React (HydratedProvider's `settled`): the session's first read. */
  hydrationSettled?: Promise<unknown>;
};

/**
 * Everything a page may rely on: translations, server state and the UI kit, plus the host
 * of dialogs and toasts (its ModalsProvider and Notifications load with the first use).
 */
export function AppProviders({ children, queryClient, mantineEnv = 'default', i18nInstance = i18n, hydrating = false, hydrationSettled }: AppProvidersProps) {
  return (
    <HydratedProvider hydrating={hydrating} settled={hydrationSettled}>
      <I18nextProvider i18n={i18nInstance}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider theme={theme} withCssVariables={false} defaultColorScheme="light" env={mantineEnv}>
            <style data-mantine-styles dangerouslySetInnerHTML={{ __html: themeCssVariables({ hydrating }) }} />
            <OverlayHost />
            {children}
          </MantineProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </HydratedProvider>
  );
}
