import { Alert, Anchor, Center, Loader, Modal, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CurriculumLessonView, LessonContent } from '../../../../shared/schemas/curriculum';
import { VideoPlayer } from '../../../components/video-player';
import { usePlayerSettings } from '../../../entities/player-settings/use-player-settings';
import { errorMessage } from '../../../lib/error-message';
import { useLessonPreview } from '../api/get-lesson-preview';
import classes from './course-curriculum.module.css';

/**
 * A free-preview lesson, for anyone: its video (HLS once transcoded, the MP4 before, as the
 * intro plays), its text, or its file to download. Its own chunk, loaded by the first "Preview".
 */
export default function LessonPreviewDialog({ lesson, onClose }: { lesson: CurriculumLessonView; onClose: () => void }) {
  const { t, i18n } = useTranslation('catalog');
  const content = useLessonPreview(lesson.id);

  return (
    <Modal opened onClose={onClose} title={t('curriculum.previewTitle', { title: lesson.title })} size="xl" centered closeButtonProps={{ 'aria-label': t('curriculum.close') }}>
      {content.isPending ? (
        <Center py="xl" role="status">
          <Loader aria-hidden="true" />
          <VisuallyHidden>{t('curriculum.loading')}</VisuallyHidden>
        </Center>
      ) : content.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(content.error, i18n)}
        </Alert>
      ) : (
        <LessonBody content={content.data} />
      )}
    </Modal>
  );
}

function LessonBody({ content }: { content: LessonContent }) {
  const { t } = useTranslation('catalog');
  const settings = usePlayerSettings();
  if (content.video) {
    const { video } = content;
    return (
      <VideoPlayer
        hlsUrl={video.hlsUrl}
        mp4Url={video.url}
        captions={video.captions}
        thumbnailsUrl={video.thumbnailsUrl}
        settings={settings.settings}
        onSettingsChange={settings.change}
        transcript
        stageStyle={{ width: '100%', maxHeight: '70vh', aspectRatio: `${video.width} / ${video.height}` }}
        autoPlay
        preload="metadata"
        poster={video.posterUrl ?? undefined}
        aria-label={t('curriculum.previewVideo', { title: content.title })}
      />
    );
  }
  // Rendered from Markdown and sanitised by the server.
  if (content.html !== null) return <div className={classes.text} dangerouslySetInnerHTML={{ __html: content.html }} />;
  if (content.download) {
    return (
      <Anchor href={content.download.url} download={content.download.name}>
        {t('curriculum.download', { name: content.download.name })}
      </Anchor>
    );
  }
  return null;
}
