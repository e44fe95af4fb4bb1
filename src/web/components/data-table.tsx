import { Paper, Stack, Table, type TableProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';
import classes from './data-table.module.css';

/** One column: its header (already translated), what each row shows in it, and how it lays out. */
export type Column<Row> = {
  /** Unique among the table's columns (React's key). */
  key: string;
  /** Translated; on a phone's card it also names the cell. */
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /** Keeps the cell on one line (dates, amounts). */
  nowrap?: boolean;
  /** Extra style of the column's cells. */
  style?: CSSProperties;
  /**
   * On a phone, where each row is a card: `label` (the default) writes the header above the
   * cell; `plain` shows the cell alone, for one whose meaning is obvious (an image, a button, a
   * title); `hidden` leaves it out of the card.
   */
  phone?: 'label' | 'plain' | 'hidden';
};

/** The table's accessible name: a visible caption, or a label for screen readers only. */
type TableName = { caption: string; label?: never } | { label: string; caption?: never };

type DataTableProps<Row> = TableName &
  Pick<TableProps, 'striped' | 'highlightOnHover' | 'verticalSpacing'> & {
    columns: readonly Column<Row>[];
    rows: readonly Row[];
    rowKey: (row: Row) => string | number;
    /** Below this width (on tablets) the table scrolls sideways rather than squeezing its columns. */
    minWidth: number;
    /** Shown instead of the table when there are no rows (nothing by default). */
    empty?: ReactNode;
    /**
     * A card of its own for each row on a phone (below 40em), in a list named as the table:
     * for rows whose card reads better laid out than stacked cell by cell.
     */
    card?: (row: Row) => ReactNode;
  };

const phoneQuery = '(max-width: 40em)';

/**
 * The app's one table: columns declared once, each with its header, cell, alignment and
 * phone layout. A real table on wide screens (scrolling sideways below `minWidth`); on a phone
 * (below Mantine's `sm`) each row becomes a card of its cells, each under its column's name —
 * or, given `card`, one card per row drawn by the caller.
 */
export function DataTable<Row>({ columns, rows, rowKey, minWidth, empty = null, card, caption, label, ...tableProps }: DataTableProps<Row>) {
  const phone = useMediaQuery(phoneQuery);
  if (rows.length === 0) return <>{empty}</>;
  if (card && phone) {
    return (
      <Stack gap="sm" component="ul" aria-label={caption ?? label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row) => (
          <Paper component="li" key={rowKey(row)} withBorder radius="md" p="sm">
            {card(row)}
          </Paper>
        ))}
      </Stack>
    );
  }
  // A table with its own phone cards keeps scrolling between the phone and `sm`: it never stacks.
  const stacks = !card;
  return (
    <Table.ScrollContainer minWidth={minWidth} className={stacks ? classes.scroll : undefined}>
      <Table {...tableProps} className={stacks ? classes.table : undefined} aria-label={label}>
        {caption ? <Table.Caption>{caption}</Table.Caption> : null}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta={column.align} className={column.phone === 'hidden' ? classes.phoneHidden : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={column.align}
                  data-label={stacks && (column.phone ?? 'label') === 'label' ? column.header : undefined}
                  className={column.phone === 'hidden' ? classes.phoneHidden : undefined}
                  style={column.nowrap ? { whiteSpace: 'nowrap', ...column.style } : column.style}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
