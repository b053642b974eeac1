/**
 * The browser plan: per machine with an adapter, the harness's generated paths (one per transition,
 * tests/harness/paths.ts) over only what the screens offer — the events the adapter can cause, in
 * the states where the screens offer them — reduced to a covering set (every drivable transition at
 * least once, fewest paths). For the machines in `CHAINED` the paths are chained instead: one path goes on
 * from where it stands to the nearest transition not yet walked, so a path's fixed cost (a browser context,
 * a login, a first page load, its world) is paid for several transitions. The replay spec walks exactly these; `npm run paths` and docs/machines read the
 * same plan, and the replay writes what it walked (tests/artifacts/paths/) for `npm run paths -- --check`.
 */
import {
  initialTransition,
  transition as step,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { MACHINES, type CatalogEntry } from '../../../machines/catalog.ts';
import { coveringSet, walkedTransitions } from '../../harness/coverset.ts';
import { transitionPaths } from '../../harness/paths.ts';
import { describeTransition } from '../../harness/transitions.ts';
import type { MachineAdapter } from './adapter.ts';
import { ADAPTERS } from './adapters.ts';

export interface BrowserPath {
  readonly machine: string;
  /** The transition the path was generated for (it may walk others on its way). */
  readonly transition: string;
  readonly events: readonly EventObject[];
  /** Every transition the path walks. */
  readonly walks: readonly string[];
}

export interface MachinePlan {
  readonly entry: CatalogEntry;
  readonly adapter: MachineAdapter;
  /** The input the browser's paths start from (the adapter's, else the catalog's). */
  readonly input: unknown;
  readonly paths: readonly BrowserPath[];
  /** Transitions the plan's paths walk: what the browser covers once the replay passes. */
  readonly walks: ReadonlySet<string>;
  /** Transitions left out, each with why (not drivable on the screens, or no drivable path reaches it). */
  readonly notDriven: ReadonlyMap<string, string>;
}

/**
 * Machines whose adapters take any walk the screens offer, in any order (checked by replaying them): their
 * browser paths are chained (`chainedPaths`). The others keep one shortest path per transition left: several
 * of their adapters prepare a path's world from its whole event list (a route held or dropped for the whole
 * path, the file or login chosen for one outcome), which a longer walk breaks (tried on 27 November, causes
 * not all examined: upload, employee-form,
 * the group creation form, profile, dispatched-doc, ignored-pages,
 * signbook-creation and signbook-template each failed at least one chained path; signer, 21 paths → 6,
 * campaign-creation, 17 → 6, and the group's page, 5 → 3, passed; then the mask editor, 6 → 3, the employees
 * list, 10 → 3, the campaigns list's read, 2 → 1, the documents archive list, 10 → 2, and the signbook's page,
 * 8 → 6, passed twice each, while document-upload, notifications, campaign-documents, employee-sheet and
 * campaign failed chained paths the same day, causes not examined); auth, 23 → 4, passed twice once each of its
 * sessions (a restored one, each login) took its persona from its own events, not the whole path's; dsn-import,
 * 13 → 3, once each submit set the network its own sending needs. employee-form, 19 → 6 (the sheet 18 → 5, the
 * employee's page 1 → 1), passed twice once each e-mail change chose its e-mail from its own lookup's outcome (an
 * employee created for the step, offered for import, only for a lookup that offers one) and a creation the model
 * saves with the e-mail of an offer declined first (or whose import failed) had that employee change e-mail first:
 * the model keeps no trace of the offer, the real server refused the e-mail (« Un salarié utilise déjà cet
 * e-mail »); and once an import's answer was awaited before typing on (it overwrote what followed).
 * employee-sheet, 14 → 5, passed twice once its employee was the path's own with its safe not created (no demo
 * employee, which a path could not deactivate) and the e-mail and postal address were saved per step (before each
 * read, before each letter) rather than from the whole path.
 * document-upload, 16 → 5, and campaign-documents, 14 → 5, passed twice once their adapters said what may
 * follow what (`chainable`: what the real world keeps of a path's earlier steps and the model does not) —
 * the upload's check answered at once after pdf.js has loaded (the path waited for nothing and sent a slip
 * whose file was not there yet), a canceled upload answering « canceled », the network held or throttled per
 * sending; one campaign per path for the events that need the same one, the one page naming nobody given
 * once, and nothing after a campaign action that went through.
 * signbook-creation, 11 → 3, passed twice once each read of the document types failed or not for its own step
 * (the opening's, or the one a change of organisation starts; a dropped call dropped once), the file picked chose
 * from the check's answer further on, and a submit was no longer offered while the page's own PDF check runs
 * (over at once in the browser: the draft the model keeps would be sent). signbook-template, 11 → 3, passed twice
 * once its failed read was the connection dropped for the path's own template, not an id no template has (a
 * chained walk goes on to delete it: the model deletes, the real server answered « not found »), and each read,
 * save or deletion dropped only the one call its own outcome fails. dispatched-doc, 6 → 4, passed twice once a
 * campaign that cannot be read was a link under one that does not exist even when the path reads a real
 * document first. ignored-pages, 7 → 4, passed twice once the sample's one ignored page, given (by the page or
 * by the other operator), is no longer offered to open or to be given again, and the list read again after the
 * other operator gave it ends the path (the real server lists none, the model's fixture two), and an assignment
 * failed from its own outcome further on. profile, 6 → 2, passed twice once a language change is no longer
 * offered while a save or a change of password is in flight: the model's language change (its region
 * re-entered) takes them back to editing without their answer, while the real server has answered by then.
 * rights-form, 16 → 5, passed twice once the user logs in once (a delete the server keeps as a deactivation)
 * at the delete that needs it, reading their login as saved now, a login is the taken one when any save
 * sending it (a conflict's reload and « Reprendre mes saisies » included) is refused for it, and a delete is
 * offered only on an active user (the model cannot tell a user the server keeps from one it deletes).
 * org-form, 9 → 2, passed twice once nothing is offered after the creation (the page has left for the sheet),
 * a lookup's or creation's call is held until its answer is the next fact (an early answer filled the form,
 * or left for the sheet, while the model still saw it in flight), and a SIRET both not found and refused as
 * taken is another company's of the domain (the lookup finds the admin's own). org-conf, 8 → 3, passed twice once a save is answered with the
 * fixture's configuration (the one read) only when nothing changed since the read. campaign, 17 → 9, passed twice
 * once the safe double's rules were set per distribution run by the step that starts it (the split's end,
 * « Valider », « Relancer ») from that run's own facts, not for the whole path before the campaign exists, a run's
 * first deposit held only in the path's first run (the table then shows nothing sent) and such a run ending
 * distributed, and the long payroll, the trial's campaign and a campaign with two refused documents each serve two
 * transitions (renamed then canceled, one deleted then all, one sent again then the other). notifications, 17 → 6, passed
 * twice once each upload was held in the network (or, watched, throttled) from its own events up to its end, not the
 * whole path's, a slip an earlier upload left in the dialog was removed before the next, a new login after a clear
 * went back to the documents page and waited for its own push join, and a watched upload no longer fails (`chainable`).
 * alerts, 14 → 5, passed twice once one persona and its organisations served all of a path's count events (the
 * first its form login, each later one a switch to another organisation, or the push that login or switch brought
 * right after its loaded count), an alert's end ran only what its lifetime had left on the paused clock, and no
 * count followed a toast (the paused clock under a switch) nor, with reminders, a reminder closed (the model keeps
 * the closed count, the real one differs between organisations), and a closed toast's end came next (the real one
 * is gone at once); alert, 4 → 3, passed twice closing only its standing toast (each path is one alert, its end
 * final).
 * A variant is named `machine, variant`.
 */
const CHAINED: ReadonlySet<string> = new Set([
  'alerts',
  'alert',
  'signer',
  'campaign-creation',
  'group-form, the group’s page (edit)',
  'mask-editor',
  'employee-list',
  'read, the campaigns list (push)',
  'document-list',
  'signbook',
  'auth',
  'dsn-import',
  'document-upload',
  'campaign-documents',
  'employee-form',
  'employee-form, the employee page (update)',
  'employee-sheet',
  'signbook-creation',
  'signbook-template',
  'ignored-pages',
  'profile',
  'dispatched-doc',
  'rights-form',
  'org-form',
  'org-conf',
  'campaign',
  'notifications',
]);

/** Events at most in one chained path: a failure hides the rest of its walk, and a path must end in its time. */
const MAX_CHAINED_EVENTS = 14;

/**
 * Chained covering paths: from the machine's start, the shortest walk (through what the screens offer) to
 * the nearest transition not yet walked, then on from there, until nothing new is in reach or the path is
 * long enough; then a new path from the start, until every target is walked.
 */
const chainedPaths = (
  machine: AnyStateMachine,
  input: unknown,
  events: readonly EventObject[],
  offered: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean,
  serialize: (snapshot: AnyMachineSnapshot) => string,
  targets: ReadonlySet<string>,
  chainable: NonNullable<MachineAdapter['chainable']> = () => true,
): EventObject[][] => {
  const left = new Set(targets);
  const keysOf = (s: AnyMachineSnapshot, e: EventObject) =>
    machine.getTransitionData(s, e).map((t) => describeTransition(t).key);
  const next = (s: AnyMachineSnapshot, e: EventObject) =>
    (step(machine as never, s as never, e as never) as unknown as [AnyMachineSnapshot])[0];
  /**
   * Breadth first from `from` (the path having walked `path`): the fewest events ending with one that walks a
   * transition left, each one the adapter lets follow what came before (`chainable`).
   */
  const nearest = (from: AnyMachineSnapshot, path: readonly EventObject[]): EventObject[] | null => {
    const seen = new Set([serialize(from)]);
    let layer: { s: AnyMachineSnapshot; walk: EventObject[] }[] = [{ s: from, walk: [] }];
    while (layer.length) {
      const deeper: typeof layer = [];
      for (const { s, walk } of layer) {
        for (const e of events.filter((e) => s.can(e) && offered(s, e) && chainable([...path, ...walk], s, e))) {
          if (keysOf(s, e).some((key) => left.has(key))) return [...walk, e];
          const after = next(s, e);
          const id = serialize(after);
          if (seen.has(id)) continue;
          seen.add(id);
          deeper.push({ s: after, walk: [...walk, e] });
        }
      }
      layer = deeper;
    }
    return null;
  };
  const paths: EventObject[][] = [];
  for (;;) {
    let [s] = initialTransition(machine as never, input as never) as unknown as [AnyMachineSnapshot];
    const path: EventObject[] = [];
    for (;;) {
      const walk = nearest(s, path);
      if (!walk || (path.length > 0 && path.length + walk.length > MAX_CHAINED_EVENTS)) break;
      for (const e of walk) {
        for (const key of keysOf(s, e)) left.delete(key);
        s = next(s, e);
        path.push(e);
      }
    }
    if (path.length === 0) return paths;
    paths.push(path);
  }
};

/** `already`: what the machine's earlier adapters walk; a variant's paths are chosen for the rest only. */
const planFor = (entry: CatalogEntry, adapter: MachineAdapter, already: ReadonlySet<string>): MachinePlan => {
  const { machine, fixtures, input, serializeState } = entry;
  const skipped = adapter.notDriven ?? {};
  // The harness's generation again, with only the events the screens can cause where they offer them.
  const drivableFixtures = Object.fromEntries(Object.entries(fixtures).filter(([type]) => type in adapter.events));
  const offered = (snapshot: AnyMachineSnapshot, event: EventObject) =>
    (adapter.offered?.(snapshot, event) ?? true) &&
    machine.getTransitionData(snapshot, event).every((t) => !(describeTransition(t).key in skipped));
  const browserInput = 'input' in adapter ? adapter.input : input;
  const serialize =
    serializeState ?? ((s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context }));
  const drivable = transitionPaths(machine, {
    events: drivableFixtures,
    input: browserInput,
    offered,
    ...(serializeState ? { serializeState } : {}),
  }).map((p) => ({
    machine: entry.name,
    transition: p.transition.key,
    events: p.events,
    walks: walkedTransitions(machine, p.events, browserInput),
  }));
  const done = new Set<string>();
  const paths = CHAINED.has(adapter.variant ? `${entry.name}, ${adapter.variant}` : entry.name)
    ? chainedPaths(
        machine,
        browserInput,
        Object.values(drivableFixtures).flat(),
        offered,
        serialize,
        new Set(drivable.flatMap((p) => p.walks).filter((key) => !already.has(key))),
        adapter.chainable,
      ).map((events) => {
        const walks = walkedTransitions(machine, events, browserInput);
        const covered = new Set(done);
        const first = walks.find((key) => !covered.has(key) && !already.has(key))!;
        walks.forEach((key) => done.add(key));
        return { machine: entry.name, transition: first, events, walks };
      })
    : coveringSet(drivable.map((p) => p.walks.filter((key) => !already.has(key)))).map((i) => drivable[i]!);
  const walks = new Set(paths.flatMap((p) => p.walks));
  /**
   * Every transition's path again, through anything the machine accepts: only the reports read it, so the
   * replay's workers (which load the plan each) do not generate it.
   */
  const notDrivenOf = (): Map<string, string> => {
    const notDriven = new Map<string, string>();
    const generated = transitionPaths(machine, {
      events: fixtures,
      input,
      ...(serializeState ? { serializeState } : {}),
    });
    for (const p of generated) {
      const key = p.transition.key;
      if (walks.has(key)) continue;
      const undriven = p.events.find((e) => !(e.type in adapter.events));
      notDriven.set(
        key,
        skipped[key] ??
          (undriven
            ? `no screen action causes \`${undriven.type}\``
            : 'no path through what the screens offer reaches it'),
      );
    }
    return notDriven;
  };
  let notDriven: ReadonlyMap<string, string> | undefined;
  return {
    entry,
    adapter,
    input: browserInput,
    paths,
    walks,
    get notDriven() {
      return (notDriven ??= notDrivenOf());
    },
  };
};

export const browserPlans = (): MachinePlan[] => {
  const walkedBy = new Map<string, Set<string>>();
  return ADAPTERS.map((adapter) => {
    const entry = MACHINES.find((m) => m.name === adapter.machine);
    if (!entry) throw new Error(`browser adapter for unknown machine ${adapter.machine}`);
    const already = walkedBy.get(entry.name) ?? new Set<string>();
    const plan = planFor(entry, adapter, already);
    walkedBy.set(entry.name, new Set([...already, ...plan.walks]));
    return plan;
  });
};

/** One machine's plans (its adapter, and the variants for other screens), taken together. */
export interface MachinePlans {
  readonly entry: CatalogEntry;
  readonly plans: readonly MachinePlan[];
  readonly paths: number;
  readonly walks: ReadonlySet<string>;
  /** What no plan walks, with the first adapter's reason. */
  readonly notDriven: ReadonlyMap<string, string>;
}

export const plansByMachine = (): Map<string, MachinePlans> => {
  const out = new Map<string, MachinePlans>();
  for (const plan of browserPlans()) {
    const name = plan.entry.name;
    const plans = [...(out.get(name)?.plans ?? []), plan];
    const walks = new Set(plans.flatMap((p) => [...p.walks]));
    const notDriven = new Map<string, string>();
    for (const p of plans)
      for (const [key, why] of p.notDriven) if (!walks.has(key) && !notDriven.has(key)) notDriven.set(key, why);
    out.set(name, {
      entry: plan.entry,
      plans,
      paths: plans.reduce((n, p) => n + p.paths.length, 0),
      walks,
      notDriven,
    });
  }
  return out;
};
