import { describe, expect, it } from 'vitest';
import type { DispatchedDocument } from '../../../contract/entities.ts';
import { selectionEvents } from './selection.ts';

const rows = ['a', 'b', 'c'].map((id) => ({ id }) as DispatchedDocument);

describe("the table's checked list as machine events", () => {
  it('names one document (un)checked, the whole page checked, and nothing left', () => {
    expect(selectionEvents([], ['a'], rows)).toEqual([{ type: 'selection.toggle', id: 'a' }]);
    expect(selectionEvents(['a', 'b'], ['a'], rows)).toEqual([{ type: 'selection.toggle', id: 'b' }]);
    expect(selectionEvents(['a'], ['a', 'b', 'c'], rows)).toEqual([{ type: 'selection.all' }]);
    expect(selectionEvents(['a', 'b'], [], rows)).toEqual([{ type: 'selection.clear' }]);
    expect(selectionEvents([], [], rows)).toEqual([]);
  });

  it('toggles each document that changed otherwise (the page unchecked, another page still checked)', () => {
    expect(selectionEvents(['x', 'a', 'b'], ['x'], rows)).toEqual([
      { type: 'selection.toggle', id: 'a' },
      { type: 'selection.toggle', id: 'b' },
    ]);
  });
});
