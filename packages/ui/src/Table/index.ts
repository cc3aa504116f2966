export {
  Table,
  TableHeader,
  Column,
  TableBody,
  Row,
  Cell,
  unlabeledCardCells,
  describeUnlabeledCardCells,
} from './Table';
export type { TableProps, TableHeaderProps, ColumnProps, TableBodyProps, RowProps, CellProps } from './Table';
