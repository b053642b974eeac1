// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignMachine, selectCampaign, snapshotFor } from '../../../../machines/campaign/index.ts';
import type { CampaignStatus } from '../../../contract/enums.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { CampaignActions } from './CampaignActions.tsx';
import { CampaignCounters } from './CampaignCounters.tsx';
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
  const offered = () => screen.queryAllByRole('button').map((b) => b.textContent);
  return { onAction, button, offered };
};

describe('campaign actions', () => {
  it('offers validation and refusal while awaiting validation, never retry or deletion', () => {
    const { button, onAction, offered } = renderActions('NEEDS_VALIDATION', 1);
    expect(offered()).toEqual([
      'Valider et distribuer',
      'Refuser les documents cochés',
      'Refuser toute la distribution',
      'Annuler la campagne',
    ]);
    expect(enabled(button('Refuser les documents cochés'))).toBe(true);
    fireEvent.click(button('Valider et distribuer'));
    expect(onAction).toHaveBeenCalledWith('validate');
  });

  it('needs a checked document before refusing documents, and says so until one is checked', () => {
    const { button } = renderActions('NEEDS_VALIDATION', 0);
    const refuse = button('Refuser les documents cochés');
    expect(enabled(refuse)).toBe(false);
    const why = document.getElementById(refuse.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('Cochez dans le tableau les documents à refuser.');
    cleanup();
    const checked = renderActions('NEEDS_VALIDATION', 2);
    expect(checked.button('Refuser les documents cochés').hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText('Cochez dans le tableau les documents à refuser.')).toBeNull();
  });

  it('offers retry in error only when the campaign can be retried, and cancel only with neither remedy', () => {
    const first = renderActions('IN_ERROR', 0, { canRetry: true, canDelete: false });
    expect(first.offered()).toEqual(['Relancer']);
    cleanup();
    const second = renderActions('IN_ERROR', 2, { canRetry: false, canDelete: true });
    expect(second.offered()).toEqual(['Supprimer les documents cochés']);
    expect(enabled(second.button('Supprimer les documents cochés'))).toBe(true);
    cleanup();
    // A failed split distributed nothing: no retry, no deletion, only cancelling is left.
    expect(renderActions('IN_ERROR', 0).offered()).toEqual(['Annuler la campagne']);
  });

  it('offers nothing once the campaign is distributed, and says so', () => {
    const { offered } = renderActions('DISPATCHED', 3);
    expect(offered()).toEqual([]);
    expect(screen.getByRole('group', { name: 'Actions sur la campagne' }).textContent).toBe(
      'Aucune action possible à cette étape',
    );
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

describe('lifecycle stepper without review', () => {
  it('draws validation skipped, never done, before and after it would have come', () => {
    const graph = lifecycleGraph(campaignMachine);
    const marks = (current: string, via?: string) =>
      stepsFor(graph, current, via, ['awaitingValidation']).map((s) => [s.state, s.mark]);
    expect(marks('splitting')).toEqual([
      ['splitting', 'current'],
      ['awaitingValidation', 'skipped'],
      ['dispatching', 'todo'],
      ['dispatched', 'todo'],
    ]);
    expect(marks('inError')).toEqual([
      ['splitting', 'done'],
      ['awaitingValidation', 'skipped'],
      ['dispatching', 'done'],
      ['inError', 'current'],
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

describe('campaign counters', () => {
  it('names the card that adds waiting and failed documents apart from the « Non distribué » status (issue 15)', () => {
    renderWithProviders(
      <CampaignCounters counts={{ DISPATCHED: 42, WAITING_FOR_USER_REGISTRATION: 8, NOT_DISPATCHED: 8 }} />,
    );
    const card = document.querySelector('[data-counter="notDispatched"]') as HTMLElement;
    expect(card.textContent).toBe('En attente ou non distribués16');
    const badges = within(screen.getByLabelText('Documents par statut'));
    expect(badges.getByText('Non distribué : 8')).toBeTruthy();
    // A newcomer read « Non distribués 16 » above « Non distribué : 8 »: the card no longer wears the status's name.
    expect(card.textContent).not.toMatch(/^Non distribués/);
  });
});
