import { Table, type TableProps } from '@mantine/core';
import classes from './responsive-table.module.css';

type ResponsiveTableProps = TableProps & {
  /** Below this width (on tablets) the table scrolls sideways rather than squeezing its columns. */
  minWidth: number;
};

/**
 * A table that is a table on wide screens and one card per row on a phone. Give every cell
 * whose meaning is not obvious without its header a `data-label` (the column's name): on a
 * phone it shows above the cell's content.
 */
export function ResponsiveTable({ minWidth, className, ...props }: ResponsiveTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} className={classes.scroll}>
      <Table {...props} className={className ? `${classes.table} ${className}` : classes.table} />
    </Table.ScrollContainer>
  );
}
