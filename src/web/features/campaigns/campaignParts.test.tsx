// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignMachine, selectCampaign, snapshotFor } from '../../../../machines/campaign/index.ts';
import type { CampaignStatus } from '../../../contract/enums.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { CampaignActions } from './CampaignActions.tsx';
import { LifecycleDiagram } from './LifecycleDiagram.tsx';
import { dispatchProgress } from './CampaignProgress.tsx';
import { LifecycleStepper } from './LifecycleStepper.tsx';
import { lifecycleGraph } from './lifecycleGraph.ts';
import { mainPath, stepsFor } from './stepperPath.ts';

afterEach(cleanup);

const enabled = (el: HTMLElement) => !(el as HTMLButtonElement).disabled;

describe('lifecycle diagram', () => {
  it('draws every state of the chart, lights only the current one and lists where it can go', () => {
    renderWithProviders(<LifecycleDiagram machine={campaignMachine} current="awaitingValidation" />);
    const steps = within(screen.getByRole('list', { name: 'Cycle de vie complet de la campagne' })).getAllByRole(
      'listitem',
      {
        // Only the state boxes, not the nested lists of moves.
        name: (_, el) => el.hasAttribute('data-state'),
      },
    );
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual([
      'splitting',
      'awaitingValidation',
      'dispatching',
      'dispatched',
      'inError',
      'refused',
      'canceled',
    ]);
    const lit = steps.filter((s) => s.getAttribute('aria-current') === 'step');
    expect(lit).toHaveLength(1);
    expect(lit[0]?.textContent).toContain('À valider');
    expect(lit[0]?.textContent).toContain('Étape actuelle');
    expect(lit[0]?.textContent).toContain('→ Distribution (valider)');
    expect(lit[0]?.textContent).toContain('→ Refusée (refuser)');
    expect(steps.find((s) => s.dataset.state === 'dispatched')?.textContent).toContain('Étape finale');
  });

  it('names every move in words, one document retried or sent included', () => {
    renderWithProviders(<LifecycleDiagram machine={campaignMachine} current="inError" />);
    const section = screen.getByRole('region', { name: 'Cycle de vie complet de la campagne' });
    expect(section.textContent).not.toContain('campaigns.lifecycle.');
    const inError = within(section)
      .getAllByRole('listitem')
      .find((el) => el.dataset.state === 'inError');
    expect(inError?.textContent).toContain('→ Distribuée (relancer ou envoyer un document)');
    expect(inError?.textContent).toContain('→ Distribution (relancer)');
  });

  it('reads the moves from the chart, not from a drawing: retry leads back to distribution', () => {
    const graph = lifecycleGraph(campaignMachine);
    expect(graph.initial).toBe('splitting');
    expect(graph.edges).toContainEqual({ from: 'inError', to: 'dispatching', event: 'campaign.retry' });
    expect(graph.edges).toContainEqual({ from: 'splitting', to: 'awaitingValidation', event: 'job.split.completed' });
    // Moves that stay inside a state (update, queued → running) are not arrows between steps.
    expect(graph.edges.some((e) => e.from === e.to)).toBe(false);
  });
});

const renderActions = (status: CampaignStatus, selectedCount = 0, flags = { canRetry: false, canDelete: false }) => {
  const onAction = vi.fn();
  const view = selectCampaign(snapshotFor(status, flags));
  renderWithProviders(<CampaignActions view={view} selectedCount={selectedCount} busy={null} onAction={onAction} />);
  const button = (name: string) => screen.getByRole('button', { name });
  return { onAction, button };
};

describe('campaign actions', () => {
  it('offers validation and refusal while awaiting validation, never retry or deletion', () => {
    const { button, onAction } = renderActions('NEEDS_VALIDATION', 1);
    expect(enabled(button('Valider et distribuer'))).toBe(true);
    expect(enabled(button('Refuser toute la distribution'))).toBe(true);
    expect(enabled(button('Refuser les documents cochés'))).toBe(true);
    expect(enabled(button('Annuler la campagne'))).toBe(true);
    expect(enabled(button('Relancer'))).toBe(false);
    expect(enabled(button('Supprimer les documents cochés'))).toBe(false);
    fireEvent.click(button('Valider et distribuer'));
    expect(onAction).toHaveBeenCalledWith('validate');
  });

  it('needs a checked document before refusing documents', () => {
    const { button } = renderActions('NEEDS_VALIDATION', 0);
    expect(enabled(button('Refuser les documents cochés'))).toBe(false);
  });

  it('offers retry in error only when the campaign can be retried', () => {
    renderActions('IN_ERROR', 0, { canRetry: true, canDelete: false });
    expect(enabled(screen.getByRole('button', { name: 'Relancer' }))).toBe(true);
    expect(enabled(screen.getByRole('button', { name: 'Valider et distribuer' }))).toBe(false);
    cleanup();
    renderActions('IN_ERROR', 2, { canRetry: false, canDelete: true });
    expect(enabled(screen.getByRole('button', { name: 'Relancer' }))).toBe(false);
    expect(enabled(screen.getByRole('button', { name: 'Supprimer les documents cochés' }))).toBe(true);
  });

  it('offers nothing once the campaign is distributed', () => {
    renderActions('DISPATCHED', 3);
    for (const b of screen.getAllByRole('button')) expect(enabled(b)).toBe(false);
  });
});

describe('lifecycle stepper', () => {
  const stepsOf = () =>
    within(screen.getByRole('list', { name: 'Cycle de vie de la campagne' }))
      .getAllByRole('listitem')
      .map((s) => [s.getAttribute('data-state'), s.getAttribute('data-mark')]);

  it('draws the main path from the chart, ticks the steps passed and lights the current one', async () => {
    const graph = lifecycleGraph(campaignMachine);
    expect(mainPath(graph)).toEqual(['splitting', 'awaitingValidation', 'dispatching', 'dispatched']);
    renderWithProviders(<LifecycleStepper machine={campaignMachine} current="dispatching" />);
    expect(stepsOf()).toEqual([
      ['splitting', 'done'],
      ['awaitingValidation', 'done'],
      ['dispatching', 'current'],
      ['dispatched', 'todo'],
    ]);
    const lit = screen.getAllByRole('listitem').filter((s) => s.getAttribute('aria-current') === 'step');
    expect(lit.map((s) => s.dataset.state)).toEqual(['dispatching']);
    // The full chart is one click away, not on the page.
    expect(screen.queryByRole('list', { name: 'Cycle de vie complet de la campagne' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Voir le cycle de vie complet' }));
    expect(await screen.findByRole('list', { name: 'Cycle de vie complet de la campagne' })).toBeTruthy();
  });

  it('puts an error or an early end in place of what follows the step it came from', () => {
    renderWithProviders(<LifecycleStepper machine={campaignMachine} current="inError" via="splitting" />);
    expect(stepsOf()).toEqual([
      ['splitting', 'done'],
      ['inError', 'current'],
    ]);
    cleanup();
    renderWithProviders(<LifecycleStepper machine={campaignMachine} current="refused" />);
    expect(stepsOf()).toEqual([
      ['splitting', 'done'],
      ['awaitingValidation', 'done'],
      ['refused', 'current'],
    ]);
    cleanup();
    expect(stepsFor(lifecycleGraph(campaignMachine), 'inError').map((s) => s.state)).toEqual([
      'splitting',
      'awaitingValidation',
      'dispatching',
      'inError',
    ]);
  });
});

describe('distribution progress', () => {
  it('counts the documents handled out of those the run distributes, refused ones apart', () => {
    const counts = { NEEDS_DISPATCHING: 5, DISPATCHING: 1, DISPATCHED: 10, NOT_DISPATCHED: 2, REFUSED: 3 };
    expect(dispatchProgress(counts)).toEqual({ done: 12, total: 18 });
    expect(dispatchProgress({ DISPATCHED: 18, REFUSED: 3 })).toEqual({ done: 18, total: 18 });
  });
});
