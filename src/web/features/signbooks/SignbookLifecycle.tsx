/**
 * The signbook's lifecycle actor: machines/signbook restored from the view the server serves
 * (status, signatories per step, who signed or refused — `snapshotFor`, as the server restores rows
 * without a stored snapshot), so what it renders offers exactly what `snapshot.can(...)` allows. The
 * page keys it by that description (`lifecycleKey`): a new description restores a new actor.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import {
  selectSignbook,
  signbookMachine,
  snapshotFor,
  type SignbookMachineView,
} from '../../../../machines/signbook/index.ts';
import type { SignbookView } from '../../../contract/signbook.ts';

type Described = Pick<SignbookView, 'status' | 'steps'>;

/** The lifecycle context the server would restore for this view. */
export const lifecycleOf = (view: Described) => {
  const steps = [...view.steps].sort((a, b) => a.index - b.index).map((s) => s.signatories.map((g) => g.id));
  const all = view.steps.flatMap((s) => s.signatories);
  return {
    steps,
    signed: all.filter((g) => g.state === 'signed').map((g) => g.id),
    refusedBy: all.find((g) => g.state === 'refused')?.id ?? null,
  };
};

export const lifecycleKey = (view: Described): string => JSON.stringify([view.status, lifecycleOf(view)]);

export const SignbookLifecycle = ({
  view,
  children,
}: {
  view: Described;
  children: (lifecycle: SignbookMachineView) => ReactNode;
}) => {
  const context = lifecycleOf(view);
  const actor = useActorRef(signbookMachine, {
    snapshot: snapshotFor(view.status, context),
    input: { steps: context.steps },
  });
  const lifecycle = useSelector(actor, selectSignbook);
  return children(lifecycle);
};
