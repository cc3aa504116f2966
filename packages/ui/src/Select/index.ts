export { Select, SelectItem, SelectSection } from './Select';
export type { SelectProps, SelectItemProps, SelectSectionProps } from './Select';
