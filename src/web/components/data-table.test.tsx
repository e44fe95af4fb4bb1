import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setViewportWidth } from '../testing/render';
import { DataTable, type Column } from './data-table';

type Row = { id: number; name: string; total: string };
const rows: Row[] = [
  { id: 1, name: 'Ana', total: '$10 USD' },
  { id: 2, name: 'Bob', total: '$20 USD' },
];
const columns: Column<Row>[] = [
  { key: 'name', header: 'Nombre', phone: 'plain', cell: (row) => row.name },
  { key: 'total', header: 'Total', align: 'right', cell: (row) => row.total },
  { key: 'id', header: 'Número', phone: 'hidden', cell: (row) => `#${row.id}` },
];

describe('DataTable', () => {
  afterEach(() => setViewportWidth(1024));

  it('is a table named by its label, a column header per column and a row per row, cells in column order', () => {
    renderWithProviders(<DataTable columns={columns} rows={rows} rowKey={(row) => row.id} minWidth={400} label="Pedidos" />);
    const table = screen.getByRole('table', { name: 'Pedidos' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => [header.textContent, header.getAttribute('scope')])).toEqual([
      ['Nombre', 'col'],
      ['Total', 'col'],
      ['Número', 'col'],
    ]);
    const [, first] = within(table).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Ana', '$10 USD', '#1']);
  });

  it('names each cell on a phone card by its column, except the plain and the hidden ones', () => {
    renderWithProviders(<DataTable columns={columns} rows={rows} rowKey={(row) => row.id} minWidth={400} label="Pedidos" />);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([null, 'Total', null]);
  });

  it('shows a visible caption when given one, and the empty content when there are no rows', () => {
    const { unmount } = renderWithProviders(<DataTable columns={columns} rows={rows} rowKey={(row) => row.id} minWidth={400} caption="Dos pedidos" />);
    expect(screen.getByRole('table', { name: 'Dos pedidos' })).toContainElement(screen.getByText('Dos pedidos'));
    unmount();
    renderWithProviders(<DataTable columns={columns} rows={[]} rowKey={(row) => row.id} minWidth={400} label="Pedidos" empty={<p>Nada todavía</p>} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Nada todavía')).toBeInTheDocument();
  });

  it('draws the caller’s card per row in a list named as the table on a phone', async () => {
    setViewportWidth(360);
    renderWithProviders(<DataTable columns={columns} rows={rows} rowKey={(row) => row.id} minWidth={400} label="Pedidos" card={(row) => <span>{`${row.name}: ${row.total}`}</span>} />);
    const list = await screen.findByRole('list', { name: 'Pedidos' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ana: $10 USD', 'Bob: $20 USD']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
