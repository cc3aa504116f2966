export { Breadcrumbs, Breadcrumb } from './Breadcrumbs';
export type { BreadcrumbsProps, BreadcrumbProps } from './Breadcrumbs';
