/**
 * The API contract: the single source of types for server, web and machines.
 * The browser should import from the specific modules (`constants`, `enums`, `features`,
 * `keys`, `routes`, `socket`) and only *types* from `entities`, to keep Effect Schema out of
 * the initial bundle.
 */
export * from './constants.ts';
export * from './enums.ts';
export * from './features.ts';
export * from './keys.ts';
export * from './routes.ts';
export * from './socket.ts';
export * from './entities.ts';
export * from './dispatch.ts';
export * from './validation.ts';
