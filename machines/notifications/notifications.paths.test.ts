import { describePathsSuite } from '../../tests/harness/suite.ts';
import { notificationsFixtures } from './notifications.fixtures.ts';
import { notificationsMachine } from './notifications.machine.ts';

describePathsSuite(notificationsMachine, { events: notificationsFixtures });
