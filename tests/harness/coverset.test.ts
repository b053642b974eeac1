import { describe, expect, it } from 'vitest';
import { uploadFixtures, UPLOAD_INPUT } from '../../machines/upload/upload.fixtures.ts';
import { uploadMachine } from '../../machines/upload/upload.machine.ts';
import { coveringSet, stepsOf, walkedTransitions } from './coverset.ts';
import { transitionPaths } from './paths.ts';
import { listTransitions } from './transitions.ts';

describe('covering set', () => {
  it('keeps the fewest walks that still walk every transition', () => {
    const walks = [['a'], ['a', 'b'], ['c'], ['a', 'b', 'c'], ['d']];
    expect(coveringSet(walks)).toEqual([3, 4]);
  });

  it('prefers the shorter walk when two bring the same new transitions', () => {
    expect(
      coveringSet([
        ['a', 'b', 'a', 'b'],
        ['b', 'a'],
      ]),
    ).toEqual([1]);
  });

  it('returns nothing for nothing to walk', () => {
    expect(coveringSet([[], []])).toEqual([]);
  });

  it('over the generated paths of a machine, walks every transition they walk, with fewer paths', () => {
    const paths = transitionPaths(uploadMachine, { events: uploadFixtures, input: UPLOAD_INPUT });
    const walks = paths.map((p) => walkedTransitions(uploadMachine, p.events, UPLOAD_INPUT));
    const chosen = coveringSet(walks);
    const covered = new Set(chosen.flatMap((i) => walks[i]!));
    expect([...covered].sort()).toEqual(
      listTransitions(uploadMachine)
        .map((t) => t.key)
        .sort(),
    );
    expect(chosen.length).toBeLessThan(paths.length);
  });
});

describe('steps of a path', () => {
  it('names the transition each event takes and the state it reaches, without running actors', () => {
    const steps = stepsOf(uploadMachine, [{ type: 'upload.start' }, { type: 'upload.cancel' }], UPLOAD_INPUT);
    expect(steps.map((s) => s.transitions)).toEqual([
      ['upload.idle —upload.start[0]→ upload.uploading'],
      ['upload.uploading —upload.cancel[0]→ upload.canceled'],
    ]);
    expect(steps.map((s) => s.after.value)).toEqual(['uploading', 'canceled']);
  });

  it('walks nothing for an event the state refuses', () => {
    expect(walkedTransitions(uploadMachine, [{ type: 'upload.cancel' }], UPLOAD_INPUT)).toEqual([]);
  });
});
