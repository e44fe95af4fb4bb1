import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VideoProcessing as VideoProcessingData } from '../../../../shared/schemas/media';

const colours = { queued: 'gray', processing: 'blue', ready: 'green', failed: 'red' } as const;

/** One video's processing: "procesando 42 %", "listo", "falló: …". */
export function VideoProcessingBadge({ item }: { item: VideoProcessingData }) {
  const { t } = useTranslation('teaching');
  const which = t(item.position === 1 ? 'processing.intro' : 'processing.main');
  if (!item.state) return null;
  const text =
    item.state === 'processing'
      ? t('processing.processing', { percent: item.percent })
      : item.state === 'failed'
        ? t('processing.failed', { reason: t(`processing.failures.${item.failure ?? 'error'}`) })
        : t(`processing.${item.state}`);
  return (
    <Badge color={colours[item.state]} variant="light" tt="none" title={item.state === 'failed' ? t('processing.failedHint') : undefined}>
      {which}: {text}
    </Badge>
  );
}

/**
 * The processing of a course's videos, intro first; nothing for a course whose videos were never
 * queued. With `onRetry`, a failed video offers to be processed again.
 */
export function VideoProcessingBadges({ items, withLabel = false, onRetry, retrying = false }: { items: VideoProcessingData[]; withLabel?: boolean; onRetry?: (position: number) => void; retrying?: boolean }) {
  const { t } = useTranslation('teaching');
  const shown = items.filter((item) => item.state !== null);
  if (shown.length === 0) return null;
  return (
    <Group gap={4} mt={4} role="status" aria-live="polite" data-testid="video-processing">
      {withLabel ? (
        <Text size="sm" fw={500}>
          {t('processing.title')}
        </Text>
      ) : null}
      {shown.map((item) => (
        <Group key={item.position} gap={4} wrap="nowrap">
          <VideoProcessingBadge item={item} />
          {onRetry && item.state === 'failed' ? (
            <Button size="compact-xs" variant="subtle" loading={retrying} onClick={() => onRetry(item.position)}>
              {t('processing.retry')}
            </Button>
          ) : null}
        </Group>
      ))}
    </Group>
  );
}
