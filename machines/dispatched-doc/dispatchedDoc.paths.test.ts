import { describePathsSuite } from '../../tests/harness/suite.ts';
import { DISPATCHED_DOC_INPUT, dispatchedDocFixtures } from './dispatchedDoc.fixtures.ts';
import { dispatchedDocMachine } from './dispatchedDoc.machine.ts';

describePathsSuite(dispatchedDocMachine, { events: dispatchedDocFixtures, input: DISPATCHED_DOC_INPUT });
