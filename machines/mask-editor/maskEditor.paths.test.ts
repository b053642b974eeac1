import { describePathsSuite } from '../../tests/harness/suite.ts';
import { maskEditorFixtures, PATHS_INPUT, serializeMaskEditor } from './maskEditor.fixtures.ts';
import { maskEditorMachine } from './maskEditor.machine.ts';

describePathsSuite(maskEditorMachine, {
  events: maskEditorFixtures,
  input: PATHS_INPUT,
  serializeState: serializeMaskEditor,
});
