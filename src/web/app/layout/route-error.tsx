import { Button, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '../../components/not-found';
import { PageTitle } from '../../components/page-title';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';

/**
 * A page that failed: 404s (an unknown address, or a record the API does not have) get the
 * not-found page; anything else, often a page's code that failed to download after a deploy,
 * offers a reload.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isApiError(error) && error.status === 404) return <NotFound text={errorMessage(error)} />;
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <PageTitle title={t('routeError.title')} mb={0} />
        <Text size="lg">{isApiError(error) ? errorMessage(error) : t('routeError.text')}</Text>
        <Button
          onClick={() => {
            window.location.reload();
          }}
        >{t('routeError.reload')}</Button>
      </Stack>
    </Container>
  );
}
