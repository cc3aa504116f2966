export { Pagination, pageRange } from './Pagination';
export type { PaginationProps } from './Pagination';
