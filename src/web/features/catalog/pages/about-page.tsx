import { Anchor, Avatar, Blockquote, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';

/** The team, in catalogue order; every text (names included) lives in the `about` catalogue. */
const members = [
  { key: 'ana', links: { github: 'https://github.com/', linkedin: 'https://www.linkedin.com/' } },
  { key: 'bruno', links: { github: 'https://github.com/', linkedin: 'https://www.linkedin.com/' } },
  { key: 'carla', links: { github: 'https://github.com/', linkedin: 'https://www.linkedin.com/' } },
  { key: 'diego', links: { github: 'https://github.com/', linkedin: 'https://www.linkedin.com/' } },
] as const;

/** /about — the team: each member's quote, a few words and their profile links. */
export function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <Container size="lg" py="xl">
      <PageTitle title={t('title')} />
      <Text size="lg" mb="md">
        {t('intro')}
      </Text>
      <Text mb="xl">{t('mission')}</Text>
      <Title order={2} mb="md">
        {t('team')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {members.map((member) => {
          const name = t(`members.${member.key}.name`);
          return (
            <Card key={member.key} withBorder padding="lg" component="article" aria-labelledby={`member-${member.key}`}>
              <Group wrap="nowrap" mb="sm">
                <Avatar name={name} color="indigo.9" variant="filled" size="lg" radius="xl" alt="" />
                <div>
                  <Title order={3} size="h4" id={`member-${member.key}`}>
                    {name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t(`members.${member.key}.role`)}
                  </Text>
                </div>
              </Group>
              <Blockquote cite={`— ${name}`} p="md" mb="sm">
                {t(`members.${member.key}.quote`)}
              </Blockquote>
              <Stack gap="xs">
                <Text size="sm">{t(`members.${member.key}.bio`)}</Text>
                <Group gap="md">
                  <Anchor href={member.links.github} target="_blank" rel="noopener noreferrer" aria-label={t('profileOnGithub', { name })}>
                    {t('sites.github')}
                  </Anchor>
                  <Anchor href={member.links.linkedin} target="_blank" rel="noopener noreferrer" aria-label={t('profileOnLinkedin', { name })}>
                    {t('sites.linkedin')}
                  </Anchor>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Container>
  );
}
