import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { RatingDistribution, ratingShares } from './rating-distribution';

describe('RatingDistribution', () => {
  it('keeps "100 %" on one line, even in a narrow table cell', async () => {
    renderWithProviders(<RatingDistribution ratings={ratingShares([0, 0, 0, 0, 3])} size="xs" label="Calificaciones de React" />);
    const list = await screen.findByRole('list', { name: 'Calificaciones de React' });
    const share = within(list).getByText('100 %');
    expect(share).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
