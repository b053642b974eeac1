import { Subject, filter, type Observable } from 'rxjs';
import type { BusEvent, BusEventOf, BusEventType } from './events.ts';

export interface Bus {
  emit(event: BusEvent): void;
  readonly events$: Observable<BusEvent>;
  ofType<T extends BusEventType>(...types: readonly T[]): Observable<BusEventOf<T>>;
  /** Completes the stream: subscribers (invoked observable actors) finish with it. */
  close(): void;
}

export const createBus = (): Bus => {
  const subject = new Subject<BusEvent>();
  const events$ = subject.asObservable();
  return {
    emit: (event) => subject.next(event),
    events$,
    ofType: <T extends BusEventType>(...types: readonly T[]) =>
      events$.pipe(filter((e): e is BusEventOf<T> => (types as readonly string[]).includes(e.type))),
    close: () => subject.complete(),
  };
};
