import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { FigureGrid } from './figure-grid';

describe('FigureGrid', () => {
  it('lays the figures out as one description list: each label a term, its value the definition after it', () => {
    const { container } = renderWithProviders(
      <FigureGrid
        cols={2}
        figures={[
          { label: 'Ingresos', value: '$39.98' },
          { label: 'Ventas', value: '2' },
        ]}
      />,
    );
    const list = container.querySelector('dl')!;
    expect(list).toBeInTheDocument();
    expect(within(list).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.tagName, term.nextElementSibling?.textContent])).toEqual([
      ['Ingresos', 'DD', '$39.98'],
      ['Ventas', 'DD', '2'],
    ]);
  });

  it('adds a note under the value only to the figures that have one', () => {
    const { container } = renderWithProviders(
      <FigureGrid
        cols={2}
        figures={[
          { label: 'Ingresos netos', value: '$39.98', note: 'Sin reembolsos' },
          { label: 'Ventas', value: '2' },
        ]}
      />,
    );
    const [withNote, withoutNote] = [...container.querySelectorAll('dt')].map((term) => term.parentElement!);
    expect([...withNote!.querySelectorAll('dd')].map((definition) => definition.textContent)).toEqual(['$39.98', 'Sin reembolsos']);
    expect([...withoutNote!.querySelectorAll('dd')].map((definition) => definition.textContent)).toEqual(['2']);
    expect(screen.getAllByText('Sin reembolsos')).toHaveLength(1);
  });
});
