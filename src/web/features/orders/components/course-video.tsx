import { Alert, AspectRatio, Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMainVideo } from '../api/get-main-video';

/** The course's main (second) video, autoplaying with controls, from a short-lived signed URL. */
export function CourseVideo({ courseId, title }: { courseId: number; title: string }) {
  const { t } = useTranslation('orders');
  const video = useMainVideo(courseId);
  if (video.isPending) {
    return (
      <AspectRatio ratio={16 / 9}>
        <Center bg="dark.7" role="status">
          <Loader color="gray.0" aria-hidden="true" />
          <VisuallyHidden>{t('player.loading')}</VisuallyHidden>
        </Center>
      </AspectRatio>
    );
  }
  if (video.isError) {
    return <Alert color="yellow">{t('player.videoUnavailable')}</Alert>;
  }
  const { url, width, height } = video.data;
  const ratio = width > 0 && height > 0 ? width / height : 16 / 9;
  return (
    <AspectRatio ratio={ratio} maw={ratio < 1 ? 420 : undefined} mx="auto" w="100%">
      <video src={url} controls autoPlay playsInline preload="metadata" aria-label={t('player.videoLabel', { title })} style={{ background: '#000' }}>
        {t('player.videoUnsupported')}
      </video>
    </AspectRatio>
  );
}
