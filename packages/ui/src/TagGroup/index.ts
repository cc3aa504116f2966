export { TagGroup, Tag } from './TagGroup';
export type { TagGroupProps, TagProps } from './TagGroup';
