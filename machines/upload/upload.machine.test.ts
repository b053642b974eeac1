import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { uploadMachine } from './upload.machine.ts';
import { selectUpload } from './upload.selectors.ts';
import type { TransferFact, UploadEvent, UploadInput } from './upload.types.ts';

/** A transport driven by the test: `send` plays the browser's progress and answer; `aborted` tells a cancel. */
const fakeTransport = () => {
  const state = { aborted: 0, started: 0, requests: [] as unknown[], send: (_fact: TransferFact) => {} };
  const transfer = fromCallback<UploadEvent, UploadInput>(({ sendBack, input }) => {
    state.started += 1;
    state.requests.push(input.request);
    state.send = sendBack;
    return () => {
      state.aborted += 1;
    };
  });
  const actor = createActor(uploadMachine.provide({ actors: { transfer } }), { input: { request: { id: 'r' } } });
  actor.start();
  return { actor, state, view: () => selectUpload(actor.getSnapshot()) };
};

describe('upload', () => {
  it('reports progress and sets the upload-completed flag at 100 %, before the answer', () => {
    const { actor, state, view } = fakeTransport();
    actor.send({ type: 'upload.start' });
    expect(view()).toMatchObject({ isUploading: true, percentage: 0, uploadCompleted: false, canCancel: true });
    state.send({ type: 'transfer.progressed', loaded: 300, total: 1000 });
    expect(view().percentage).toBe(30);
    state.send({ type: 'transfer.progressed', loaded: 1000, total: 1000 });
    expect(view()).toMatchObject({ percentage: 100, uploadCompleted: true, isUploading: true });
    state.send({ type: 'transfer.succeeded', result: { id: 'c-1' } });
    expect(view()).toMatchObject({ isCompleted: true, result: { id: 'c-1' }, uploadCompleted: true });
    expect(state.aborted).toBe(1); // the finished transport is released, not left running
  });

  it('cancel stops the transport (the request is aborted) and the upload can start again', () => {
    const { actor, state, view } = fakeTransport();
    actor.send({ type: 'upload.start' });
    state.send({ type: 'transfer.progressed', loaded: 10, total: 100 });
    actor.send({ type: 'upload.cancel' });
    expect(view()).toMatchObject({ isCanceled: true, canStart: true });
    expect(state.aborted).toBe(1);
    actor.send({ type: 'upload.start' });
    expect(view()).toMatchObject({ isUploading: true, percentage: 0 });
    expect(state.started).toBe(2);
  });

  it('keeps the server refusal and ignores progress going backwards', () => {
    const { actor, state, view } = fakeTransport();
    actor.send({ type: 'upload.start' });
    state.send({ type: 'transfer.progressed', loaded: 50, total: 100 });
    state.send({ type: 'transfer.progressed', loaded: 20, total: 100 });
    expect(view().percentage).toBe(50);
    state.send({
      type: 'transfer.failed',
      failure: { key: 'error.upload.not-pdf', status: 400, fields: { file: 'x.pdf' } },
    });
    expect(view()).toMatchObject({ isFailed: true, failure: { key: 'error.upload.not-pdf' }, uploadCompleted: false });
  });

  it('a failed upload starts again on the same machine, with the request as it now reads', () => {
    const { actor, state, view } = fakeTransport();
    actor.send({ type: 'upload.start' });
    state.send({ type: 'transfer.progressed', loaded: 80, total: 100 });
    state.send({ type: 'transfer.failed', failure: { key: 'error.network', status: 0 } });
    expect(view()).toMatchObject({ isFailed: true, canStart: true });
    actor.send({ type: 'upload.start', request: { id: 'r', corrected: true } });
    expect(view()).toMatchObject({ isUploading: true, percentage: 0, failure: null });
    state.send({ type: 'transfer.succeeded', result: { id: 'd-1' } });
    expect(view()).toMatchObject({ isCompleted: true, result: { id: 'd-1' } });
    // The first attempt sent the machine's input; the retry, the request it was given.
    expect(state.requests).toEqual([{ id: 'r' }, { id: 'r', corrected: true }]);
  });

  it('without a provided transport, fails at once with a network key', () => {
    const actor = createActor(uploadMachine, { input: { request: null } }).start();
    actor.send({ type: 'upload.start' });
    expect(selectUpload(actor.getSnapshot())).toMatchObject({ isFailed: true, failure: { key: 'error.network' } });
  });
});
