import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { renderWithProviders } from '../testing/render';
import { StarRating, toHalfStars } from './star-rating';

/** How many stars are drawn filled: a half-filled star counts one half. */
function filledStars(container: HTMLElement) {
  const stars = [...container.querySelectorAll('path[data-fill]')];
  expect(stars).toHaveLength(5);
  return stars.reduce((sum, star) => sum + { full: 1, half: 0.5, empty: 0 }[star.getAttribute('data-fill') as 'full' | 'half' | 'empty'], 0);
}

describe('StarRating', () => {
  it.each([
    [4.7, '4,7 de 5', 4.5],
    [4.75, '4,8 de 5', 5],
    [3.2, '3,2 de 5', 3],
    [19 / 6, '3,2 de 5', 3],
    [2.5, '2,5 de 5', 2.5],
    [0, '0,0 de 5', 0],
  ])('shows the real average %s as "%s" with %s stars', (average, text, stars) => {
    const { container } = renderWithProviders(<StarRating average={average} />);
    expect(screen.getByRole('img', { name: text })).toBeInTheDocument();
    expect(filledStars(container)).toBe(stars);
    expect(toHalfStars(average)).toBe(stars);
  });

  it('writes the decimal the English way in English, and shows the text beside the stars when asked', async () => {
    await act(() => setLanguage('en'));
    renderWithProviders(<StarRating average={4.66} withValue />);
    expect(screen.getByText('4.7 of 5')).toBeInTheDocument();
  });

  it('says there are no reviews rather than "0,0 de 5" when nobody rated the course', () => {
    renderWithProviders(<StarRating average={0} count={0} withValue />);
    expect(screen.getByText('Sin reseñas')).toBeInTheDocument();
    expect(screen.queryByText('0,0 de 5')).not.toBeInTheDocument();
  });

  it("reads one review's whole-number rating without a decimal", () => {
    const { container } = renderWithProviders(<StarRating average={4} whole />);
    expect(screen.getByRole('img', { name: '4 de 5' })).toBeInTheDocument();
    expect(filledStars(container)).toBe(4);
  });
});
