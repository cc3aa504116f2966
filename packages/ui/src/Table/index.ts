export { Table, TableHeader, Column, TableBody, Row, Cell } from './Table';
export type { TableProps, TableHeaderProps, ColumnProps, TableBodyProps, RowProps, CellProps } from './Table';
