export { Table, TableHeader, Column, TableBody, Row, Cell } from './Table';
export { unlabeledCardCells, describeUnlabeledCardCells } from './cardLabels';
export type { TableProps, TableHeaderProps, ColumnProps, TableBodyProps, RowProps, CellProps } from './Table';
