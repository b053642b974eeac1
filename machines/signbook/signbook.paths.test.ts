import { describePathsSuite } from '../../tests/harness/suite.ts';
import { signbookFixtures, signbookInput } from './signbook.fixtures.ts';
import { signbookMachine } from './signbook.machine.ts';

describePathsSuite(signbookMachine, { events: signbookFixtures, input: signbookInput });
