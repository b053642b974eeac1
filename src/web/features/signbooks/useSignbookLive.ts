/**
 * Keeps signbook screens current through push (`signbook.updated`): a list re-reads when any signbook
 * of the organisation changes; an open signbook follows its room and re-reads its own view (the pushed
 * payload of the organisation room is neutral: `canSign` and the pending code are per user).
 */
import { useEffect, useState } from 'react';
import { useServices } from '../../app/index.ts';

/** A counter that moves whenever a signbook (or the one `id`) changes on the server. */
export const useSignbookChanges = (id?: string): number => {
  const { bus, push } = useServices();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (id) push.follow('signbook', id);
    const sub = bus.ofType('push.signbook.updated').subscribe(({ payload }) => {
      if (!id || payload.id === id) setVersion((n) => n + 1);
    });
    return () => {
      sub.unsubscribe();
      if (id) push.unfollow('signbook', id);
    };
  }, [bus, push, id]);
  return version;
};
