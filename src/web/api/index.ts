export { createApiClient, type ApiClient, type ApiClientOptions, type CallOptions } from './client.ts';
export { ApiFailure, isApiFailure } from './failure.ts';
