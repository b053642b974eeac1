import { describePathsSuite } from '../../tests/harness/suite.ts';
import { READ_INPUT, readFixtures, serializeRead } from './read.fixtures.ts';
import { readMachine } from './read.machine.ts';

describePathsSuite(readMachine, { events: readFixtures, input: READ_INPUT, serializeState: serializeRead });
