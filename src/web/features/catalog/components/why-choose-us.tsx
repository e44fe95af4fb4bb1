import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { BookIcon, HeartIcon, SchoolIcon, ShieldIcon, type IconProps } from '../../../components/icons';

const reasons: { key: 'languages' | 'pace' | 'reviews' | 'payment'; Icon: ComponentType<IconProps> }[] = [
  { key: 'languages', Icon: BookIcon },
  { key: 'pace', Icon: SchoolIcon },
  { key: 'reviews', Icon: HeartIcon },
  { key: 'payment', Icon: ShieldIcon },
];

/** The home page's "why choose us" block. */
export function WhyChooseUs() {
  const { t } = useTranslation('catalog');
  return (
    <section aria-labelledby="why-choose-us">
      <Title order={2} id="why-choose-us" mb="lg">
        {t('home.whyChooseUs')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
        {reasons.map(({ key, Icon }) => (
          <Stack key={key} gap="xs">
            <ThemeIcon size={44} radius="md" variant="light">
              <Icon size={24} />
            </ThemeIcon>
            <Title order={3} size="h4">
              {t(`home.why.${key}.title`)}
            </Title>
            <Text c="dimmed">{t(`home.why.${key}.text`)}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </section>
  );
}
