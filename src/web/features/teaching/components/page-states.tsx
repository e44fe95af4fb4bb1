import { Button, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { PageTitle } from '../../../components/page-title';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** Shown instead of a page that needs a signed-in user. */
export function SignInNeeded({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('teaching');
  return (
    <Container size="sm" py="xl">
      <PageTitle title={title} />
      <Stack align="flex-start">
        <Text>{text}</Text>
        <Button component={Link} to={paths.register()}>
          {t('create.signIn')}
        </Button>
      </Stack>
    </Container>
  );
}
