import { Button, Container, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { PageTitle } from './page-title';

type NotFoundProps = {
  /** Defaults to "Página no encontrada"; pages pass e.g. the course-not-found message. */
  title?: string;
  text?: string;
};

/** The 404 page: for unknown addresses, and for pages whose record does not exist. */
export function NotFound({ title, text }: NotFoundProps) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Image src="/images/not-found.svg" alt="" width={280} height={210} w={280} maw="100%" h="auto" />
        <PageTitle title={title ?? t('notFound.title')} mb={0} />
        <Text size="lg">{text ?? t('notFound.text')}</Text>
        <Button component={Link} to={paths.home()} size="md">
          {t('notFound.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
