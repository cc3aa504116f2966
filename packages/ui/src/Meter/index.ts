export { Meter } from './Meter';
export type { MeterProps, MeterVariant } from './Meter';
