import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';

/** /favourites — Favourite courses (same tab layout as my courses) (spec section 2). Only its heading so far. */
export function FavouritesPage() {
  const { t } = useTranslation('orders');
  return (
    <Container size="lg" py="xl">
      <PageTitle title={t('favourites.title')} />
    </Container>
  );
}
