import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ownPicture } from '../../../shared/covers';
import { CourseCover, coverHue, titleInitials } from './course-cover';

describe('course cover', () => {
  it('shows the course’s own picture (a teacher’s upload or its intro’s frame)', () => {
    const { container } = renderWithProviders(<CourseCover course={{ id: 1, title: 'Python', imageUrl: '/media/posters/1.jpg?v=2' }} />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/posters/1.jpg?v=2');
    expect(container.querySelector('[data-cover="drawn"]')).toBeNull();
  });

  it('draws a cover, with no picture of the course to fetch, for a stock or missing picture', () => {
    expect(ownPicture('/covers/programming.svg')).toBeNull();
    expect(ownPicture(null)).toBeNull();
    const { container } = renderWithProviders(<CourseCover course={{ id: 7, title: 'Python desde cero', imageUrl: '/covers/programming.svg' }} />);
    const drawn = container.querySelector<HTMLElement>('[data-cover="drawn"]');
    expect(drawn).not.toBeNull();
    expect(drawn!.style.getPropertyValue('--cover-hue')).toBe(String(coverHue(7)));
    // The category's icon (one file per category, not per course) and the title's initials.
    expect(drawn!.querySelector('img')).toHaveAttribute('src', '/covers/icons/programming.svg');
    expect(drawn).toHaveTextContent('PD');
    const missing = renderWithProviders(<CourseCover course={{ id: 8, title: 'Sin imagen', imageUrl: null }} />).container;
    expect(missing.querySelector('[data-cover="drawn"] img')).toHaveAttribute('src', '/covers/icons/default.svg');
  });

  it('gives courses next to each other far-apart colours, and initials from the title’s words', () => {
    const hues = Array.from({ length: 8 }, (_, index) => coverHue(index + 1));
    for (let index = 1; index < hues.length; index++) {
      const apart = Math.abs(hues[index]! - hues[index - 1]!);
      expect(Math.min(apart, 360 - apart)).toBeGreaterThanOrEqual(30);
    }
    expect(titleInitials('Python desde cero')).toBe('PD');
    expect(titleInitials('¡Guitarra para principiantes!')).toBe('GP');
    expect(titleInitials('SQL')).toBe('S');
    expect(titleInitials('')).toBe('');
  });
});
