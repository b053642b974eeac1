import { describePathsSuite } from '../../tests/harness/suite.ts';
import { IGNORED_INPUT, ignoredPagesFixtures } from './ignoredPages.fixtures.ts';
import { ignoredPagesMachine } from './ignoredPages.machine.ts';

describePathsSuite(ignoredPagesMachine, { events: ignoredPagesFixtures, input: IGNORED_INPUT });
