export { createBus, type Bus } from './bus.ts';
export { missedPushes } from './missed.ts';
export {
  failedType,
  pushType,
  succeededType,
  type ApiBusEvent,
  type ApiFailureFact,
  type BusEvent,
  type BusEventOf,
  type BusEventType,
  type CallParams,
  type PushBusEvent,
} from './events.ts';
