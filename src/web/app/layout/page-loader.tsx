import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown in place of a page while its code arrives (first load only; later the old page stays). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py={96} role="status">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Center>
  );
}
