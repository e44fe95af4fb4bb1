import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SignInRedirect } from './sign-in-redirect';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/**
 * In place of a page that needs a signed-in user: the sign-in form, which brings the visitor back
 * to the page. The page's title and reason are no longer shown (the form opens at once); the
 * parameter stays so the teaching pages that pass them need no change.
 */
export function SignInNeeded(_page: { title: string; text: string }) {
  return <SignInRedirect />;
}
