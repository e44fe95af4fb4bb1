import { Button, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** No course matches: the 404 picture and "Explorar de nuevo", which clears the filters and reloads. */
export function EmptyResults({ onExploreAgain }: { onExploreAgain: () => void }) {
  const { t } = useTranslation('catalog');
  return (
    <Stack align="center" ta="center" gap="md" py="xl">
      <Image src="/images/not-found.svg" alt="" width={280} height={210} w={280} maw="100%" h="auto" />
      <Text size="lg" fw={600}>
        {t('empty.title')}
      </Text>
      <Button onClick={onExploreAgain}>{t('empty.exploreAgain')}</Button>
    </Stack>
  );
}
