export { createPush, SERVER_EVENTS, type PushClient, type PushOptions } from './push.ts';
