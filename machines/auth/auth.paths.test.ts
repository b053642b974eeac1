import { describePathsSuite } from '../../tests/harness/suite.ts';
import { authFixtures } from './auth.fixtures.ts';
import { authMachine } from './auth.machine.ts';

describePathsSuite(authMachine, { events: authFixtures });
