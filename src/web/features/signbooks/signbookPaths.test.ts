import { describe, expect, it } from 'vitest';
import { SIGNBOOK_SUB_STATUSES } from '../../../contract/enums.ts';
import { LIST_TABS, canonicalItemPath, itemPath, listBodyOf, listPath, scopeOf, titleKeyOf } from './signbookPaths.ts';

describe('signbook routes', () => {
  it('tells a sub-status from a signbook id in the shared segment', () => {
    expect(scopeOf({ status: 'in-progress', subStatusOrId: 'to-sign' })).toEqual({
      status: 'in-progress',
      subStatus: 'to-sign',
    });
    expect(scopeOf({ status: 'done', subStatusOrId: '6f1c' })).toEqual({ status: 'done', id: '6f1c' });
    expect(scopeOf({ status: 'in-progress', subStatus: 'waiting-for-others', id: 'a1' })).toEqual({
      status: 'in-progress',
      subStatus: 'waiting-for-others',
      id: 'a1',
    });
    expect(scopeOf({})).toEqual({});
  });

  it('builds list and item paths inside the list scope', () => {
    expect(listPath({})).toBe('/signworkflows');
    expect(listPath({ status: 'in-progress', subStatus: 'to-sign' })).toBe('/signworkflows/status/in-progress/to-sign');
    expect(itemPath({ status: 'in-progress', subStatus: 'to-sign' }, 'x')).toBe(
      '/signworkflows/status/in-progress/to-sign/x',
    );
    expect(itemPath({}, 'x', 'COMPLETE')).toBe('/signworkflows/status/done/x');
    expect(itemPath({}, 'x', 'IN_PROGRESS')).toBe('/signworkflows/status/in-progress/x');
    expect(itemPath({}, 'x', 'REFUSED')).toBe('/signworkflows/status/refused/x');
    expect(itemPath({}, 'x', 'IN_ERROR')).toBe('/signworkflows/status/error/x');
  });

  it('moves an open signbook under the list that shows it once its status leaves the current one', () => {
    expect(canonicalItemPath({ status: 'in-progress', id: 'x' }, 'REFUSED')).toBe('/signworkflows/status/refused/x');
    expect(canonicalItemPath({ status: 'in-progress', subStatus: 'to-sign', id: 'x' }, 'REFUSED')).toBe(
      '/signworkflows/status/refused/x',
    );
    expect(canonicalItemPath({ status: 'in-progress', id: 'x' }, 'COMPLETE')).toBe('/signworkflows/status/done/x');
    // Still listed where it is: no move (sealing failures stay under "in progress" too).
    expect(canonicalItemPath({ status: 'in-progress', id: 'x' }, 'IN_ERROR')).toBeNull();
    expect(canonicalItemPath({ status: 'in-progress', subStatus: 'to-sign', id: 'x' }, 'IN_PROGRESS')).toBeNull();
    expect(canonicalItemPath({ status: 'refused', id: 'x' }, 'REFUSED')).toBeNull();
    expect(canonicalItemPath({ status: 'refused' }, 'IN_PROGRESS')).toBeNull();
  });

  it('opens a draft under the drafts, not under « En cours », which does not list it (issue 15)', () => {
    expect(itemPath({}, 'x', 'DRAFT')).toBe('/signworkflows/status/draft/x');
    expect(canonicalItemPath({ status: 'in-progress', id: 'x' }, 'DRAFT')).toBe('/signworkflows/status/draft/x');
    expect(canonicalItemPath({ status: 'draft', id: 'x' }, 'DRAFT')).toBeNull();
    // Sent for signature, it moves to « En cours ».
    expect(canonicalItemPath({ status: 'draft', id: 'x' }, 'IN_PROGRESS')).toBe('/signworkflows/status/in-progress/x');
    expect(titleKeyOf({ status: 'draft' })).toBe('statuses.signbooks.draft');
  });

  it('asks the server for the scope and titles it', () => {
    expect(listBodyOf({ status: 'in-progress', subStatus: 'to-sign', id: 'x' })).toEqual({
      status: 'in-progress',
      subStatus: 'to-sign',
    });
    expect(titleKeyOf({ status: 'done' })).toBe('statuses.signbooks.done');
    expect(titleKeyOf({})).toBe('sections.signbooks');
  });
});

describe('lists of the seed (000 §2 sub-statuses, 001 §7.7 inbox / waiting-for-others)', () => {
  it('every sub-status has a tab whose path reads back as that list', () => {
    for (const subStatus of SIGNBOOK_SUB_STATUSES) {
      const tab = LIST_TABS.find((x) => 'subStatus' in x.scope && x.scope.subStatus === subStatus);
      expect(tab, subStatus).toBeDefined();
      const [, , , status, second] = listPath(tab!.scope).split('/');
      expect(scopeOf({ status, subStatusOrId: second })).toEqual(tab!.scope);
    }
    expect(LIST_TABS.map((x) => listPath(x.scope))).toEqual([
      '/signworkflows/status/in-progress',
      '/signworkflows/status/in-progress/to-sign',
      '/signworkflows/status/in-progress/waiting-for-others',
      '/signworkflows/status/done',
      '/signworkflows/status/refused',
      '/signworkflows/status/error',
      '/signworkflows/status/draft',
    ]);
  });
});
