import { describePathsSuite } from '../../tests/harness/suite.ts';
import { alertFixtures } from './alert.fixtures.ts';
import { alertMachine } from './alert.machine.ts';

describePathsSuite(alertMachine, { events: alertFixtures });
