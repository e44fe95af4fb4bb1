import { Button, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { limits } from '../../../../shared/limits';
import { paths } from '../../../../shared/paths';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../../session/get-session';
import { PageSpinner, SignInNeeded } from '../../../components/page-states';
import { VideoUploader } from '../components/video-uploader';
import { useVideoUploads } from '../lib/use-video-uploads';

function Uploads() {
  const { t } = useTranslation('teaching');
  const uploads = useVideoUploads();
  return (
    <Stack gap="md">
      <VideoUploader uploads={uploads} />
      <Text size="sm" c="dimmed">
        {t('upload.keptFor')}
      </Text>
      {uploads.videos.length === limits.videosPerCourse ? (
        <Button component={Link} to={paths.createCourse()} style={{ alignSelf: 'flex-start' }}>
          {t('upload.goToForm')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** /uploadvideo — upload the videos a course will use (spec sections 2 and 4). */
export function UploadVideoPage() {
  const { t } = useTranslation('teaching');
  const { user, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  if (!user) return <SignInNeeded title={t('upload.title')} text={t('create.signInNeeded')} />;
  return (
    <Container size="md" py="xl">
      <PageTitle title={t('upload.title')} />
      <Uploads />
    </Container>
  );
}
