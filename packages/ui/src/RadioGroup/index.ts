export { Radio, RadioGroup } from './RadioGroup';
export type { RadioProps, RadioGroupProps } from './RadioGroup';
