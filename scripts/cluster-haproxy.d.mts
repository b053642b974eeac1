export declare const HAPROXY_TEMPLATE: string;
export declare function findHaproxy(): string | null;
export declare function haproxyConfig(options: {
  port: number;
  host?: string;
  nodes: { name: string; host: string; port: number }[];
  template?: string;
}): string;
