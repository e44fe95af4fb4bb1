import '@mantine/dropzone/styles.css';
import { Alert, Badge, Button, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useTranslation } from 'react-i18next';
import { limits } from '../../../../shared/limits';
import { isPortrait, type UploadedVideo } from '../../../../shared/schemas/media';
import { videoOrientation } from '../../../../shared/limits';
import { toast } from '../../../components/toasts';
import type { VideoUploads } from '../lib/use-video-uploads';
import { reloadVideoAfterNetworkError } from '../../../lib/video-recovery';

/** 75 → "1:15": the same in both languages. */
const clock = (total: number) => `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;

function VideoItem({ video, uploads }: { video: UploadedVideo; uploads: VideoUploads }) {
  const { t } = useTranslation(['teaching', 'validation']);
  // Its place in the order the files were chosen, uploads still under way included.
  const index = uploads.videoSlot(video.id);
  const size = isPortrait(video) ? videoOrientation.portrait : videoOrientation.landscape;
  const label = index === 0 ? t('upload.intro') : t('upload.main');
  const tooLong = index === 0 && video.durationSeconds > limits.introMaxSeconds;
  return (
    <Paper component="li" withBorder p="sm" radius="md" style={{ listStyle: 'none' }}>
      <Stack gap="xs" align="flex-start">
        <Group gap="xs">
          <Badge variant="light" color={index === 0 ? 'blue' : 'grape'}>
            {label}
          </Badge>
          <Text size="sm" c="dimmed">
            {clock(video.durationSeconds)} · {video.width}×{video.height}
          </Text>
        </Group>
        <video
          src={video.url}
          controls
          preload="metadata"
          onError={reloadVideoAfterNetworkError}
          width={size.width}
          height={size.height}
          style={{ maxWidth: '100%', background: '#000', borderRadius: 8 }}
          aria-label={label}
        />
        {tooLong ? (
          <Text size="sm" c="red.8" role="alert">
            {t('validation:introTooLong')}
          </Text>
        ) : null}
        <Button variant="light" color="red" size="xs" onClick={() => uploads.remove(video.id)} disabled={uploads.isRemoving} aria-label={t('upload.removeLabel', { name: label })}>
          {t('upload.remove')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The video dropzone of /form and /uploadvideo: drop or pick MP4 files, watch each upload's
 * progress, then see the uploaded videos (intro first) with player controls.
 */
export function VideoUploader({ uploads }: { uploads: VideoUploads }) {
  const { t } = useTranslation('teaching');
  const full = uploads.videos.length + uploads.inProgress.length >= limits.videosPerCourse;
  const disabled = uploads.isUploading || full;

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={uploads.start}
        onReject={(rejections) => {
          for (const rejection of rejections) toast.error(t('upload.notMp4', { name: rejection.file.name }));
        }}
        accept={{ 'video/mp4': ['.mp4', '.m4v'] }}
        multiple
        disabled={disabled}
        aria-disabled={disabled}
        aria-label={t('upload.dropzone')}
        radius="md"
        p="lg"
        style={disabled ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
      >
        <Stack gap={4} align="center" ta="center" style={{ pointerEvents: 'none' }}>
          <Text fw={500}>{full && !uploads.isUploading ? t('upload.dropzoneFull') : t('upload.dropzone')}</Text>
          <Text size="sm" c="dimmed">
            {t('upload.dropzoneHint')}
          </Text>
        </Stack>
      </Dropzone>

      {uploads.isUploading ? (
        <Stack gap="xs" aria-live="polite">
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('upload.uploadingVideo')}</Text>
          </Group>
          {uploads.inProgress.map((item) => (
            <Stack key={item.key} gap={2}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="light" color={item.slot === 0 ? 'blue' : 'grape'}>
                    {item.slot === 0 ? t('upload.intro') : t('upload.main')}
                  </Badge>
                  <Text size="xs">{t('upload.progress', { name: item.name, count: item.percent })}</Text>
                </Group>
                <Button variant="subtle" color="red" size="xs" onClick={() => uploads.cancel(item.key)} aria-label={t('upload.cancelLabel', { name: item.name })}>
                  {t('upload.cancel')}
                </Button>
              </Group>
              <Progress value={item.percent} size="lg" aria-label={item.name} />
            </Stack>
          ))}
        </Stack>
      ) : null}

      {uploads.isLoading ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('upload.uploading')}</Text>
        </Group>
      ) : uploads.videos.length === 0 && !uploads.isUploading ? (
        <Text c="dimmed">{t('upload.noVideos')}</Text>
      ) : (
        <Stack gap="xs">
          <Group component="ul" aria-label={t('upload.listLabel')} gap="md" align="flex-start" p={0} m={0}>
            {uploads.videos.map((video) => (
              <VideoItem key={video.id} video={video} uploads={uploads} />
            ))}
          </Group>
          {uploads.videos.length === limits.videosPerCourse ? (
            <Button variant="subtle" size="xs" onClick={uploads.swap} style={{ alignSelf: 'flex-start' }}>
              {t('upload.swap')}
            </Button>
          ) : null}
        </Stack>
      )}
      <Alert variant="light" color="gray" p="xs">
        <Text size="sm">{t('introNote')}</Text>
      </Alert>
    </Stack>
  );
}
