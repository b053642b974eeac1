export declare const SERVER_BUNDLE: string;
export declare const SERVER_NODE_ARGS: string[];
export declare const POSTGRES_NODE_ARGS: string[];
export declare function serverNodeArgs(env?: Record<string, string | undefined>): string[];
export declare const PDF_WORKER_BUNDLE: string;
export declare function buildServer(): Promise<string>;
