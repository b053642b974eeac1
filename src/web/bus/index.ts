export { createBus, type Bus } from './bus.ts';
export {
  pushType,
  type ApiBusEvent,
  type BusEvent,
  type BusEventOf,
  type BusEventType,
  type PushBusEvent,
} from './events.ts';
