import { describePathsSuite } from '../../tests/harness/suite.ts';
import { alertsFixtures } from './alerts.fixtures.ts';
import { alertsMachine } from './alerts.machine.ts';

describePathsSuite(alertsMachine, { events: alertsFixtures });
