import { Container, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/page-title';
import { useSession } from '../../../session/get-session';
import { CategoryGrid } from '../components/category-grid';
import { HeroSearch } from '../components/hero-search';
import { HomeFigures } from '../components/home-figures';

// Below the first screen: the cards' code comes after the page's (the server's HTML shows meanwhile).
const HomeRows = lazy(() => import('../components/home-rows'));

/**
 * / — Home: the hero with the search and the platform's figures, the categories, rows of the
 * most popular, the newest and the best rated courses, and "why choose us" (spec section 2).
 */
export function HomePage() {
  const { t, i18n } = useTranslation('catalog');
  // The home tab shows the brand alone, as the server does.
  useDocumentTitle();
  const { isSignedIn } = useSession();

  return (
    <Container size="lg" py={48}>
      <Stack gap={56}>
        <section>
          <Title order={1} maw={720}>
            {t('home.title')}
          </Title>
          <Text size="xl" c="dimmed" mt="md" maw={640}>
            {t('home.subtitle')}
          </Text>
          <HeroSearch />
          <HomeFigures />
        </section>

        <section aria-labelledby="home-categories">
          <Title order={2} id="home-categories" mb="xs">
            {t('home.categories')}
          </Title>
          <CategoryGrid />
        </section>

        {/* React hydrates the rows after the rest of the page. A language switch before then (the
            switch pressed, or the choice stored in this browser applied once the page is hydrated)
            has React hydrate them first, as drawn, but they read the language from i18next, which
            has already changed: the text would not match the server's (error 418). A key per
            language has React draw them afresh instead. */}
        <Suspense key={i18n.resolvedLanguage} fallback={<div style={{ minHeight: 1200 }} />}>
          <HomeRows signedIn={isSignedIn} />
        </Suspense>
      </Stack>
    </Container>
  );
}
