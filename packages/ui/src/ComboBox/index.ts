export { ComboBox, ComboBoxItem, ComboBoxSection } from './ComboBox';
export type { ComboBoxProps } from './ComboBox';
