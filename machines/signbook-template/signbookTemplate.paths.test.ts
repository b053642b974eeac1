import { describePathsSuite } from '../../tests/harness/suite.ts';
import { PATHS_INPUT, serializeSignbookTemplate, signbookTemplateFixtures } from './signbookTemplate.fixtures.ts';
import { signbookTemplateMachine } from './signbookTemplate.machine.ts';

describePathsSuite(signbookTemplateMachine, {
  events: signbookTemplateFixtures,
  input: PATHS_INPUT,
  serializeState: serializeSignbookTemplate,
});
